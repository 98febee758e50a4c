import { VehiclesManager } from '../components/vehicles-manager';

/** /settings/vehicles/partner (spec 2 §2.7): vehicles of subcontractors. */
export default function PartnerVehiclesPanel() {
  return <VehiclesManager type="subcontracted" />;
}

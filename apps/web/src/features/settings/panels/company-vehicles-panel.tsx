import { VehiclesManager } from '../components/vehicles-manager';

/** /settings/vehicles/company (spec 2 §2.7). */
export default function CompanyVehiclesPanel() {
  return <VehiclesManager type="company_owned" />;
}

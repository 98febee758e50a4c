// The front door of the vehicles module (ADR 25): what other modules may use.
export {
  countVehiclesAtDepot,
  countVehiclesInCategory,
  countVehiclesOfSubcontractor,
  deactivateVehiclesOfSubcontractor,
  setLegacyCategorySlug,
} from './vehicles.repository';
export { vehiclesRoutes } from './vehicles.routes';
export { vehicleUsers } from './vehicles.service';

// The front door of the compliance module (ADR 25, ADR 33): what other modules may use.

export { countComplianceRecordsOfVehicle } from './compliance.repository';
export { complianceRoutes } from './compliance.routes';
export {
  complianceChecker,
  complianceProblemsFor,
  DUE_SOON_DAYS,
  driverQualification,
  lapsedRecordsOn,
  vehiclesLapsedToday,
} from './compliance.service';
export { sendComplianceDigests } from './compliance-digest';
export { complianceScansRoutes } from './compliance-scans.routes';

// The front door of the driver-forms module (ADR 25): what other modules may use.
export {
  countAlertsOfType,
  countFormsOfVehicle,
  countInspectionsAnswering,
  lockEmergency,
  lockIncident,
  lockInspection,
  resolveEmergency,
  reviewIncident,
  reviewInspection,
} from './driver-forms.repository';
export { driverFormsRoutes } from './driver-forms.routes';

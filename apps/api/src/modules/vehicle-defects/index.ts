// The front door of the vehicle-defects module (ADR 25): what other modules may use.
export { hasOpenDefect, insertDefect } from './vehicle-defects.repository';
export { vehicleDefectsRoutes } from './vehicle-defects.routes';

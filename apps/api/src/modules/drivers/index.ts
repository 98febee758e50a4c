// The front door of the drivers module (ADR 25): what other modules may use.
export { driversRoutes } from './drivers.routes';

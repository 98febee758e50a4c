// The front door of the health module (ADR 25): what other modules may use.
export { healthRoutes } from './health.routes';

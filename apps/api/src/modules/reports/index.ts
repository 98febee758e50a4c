// The front door of the reports module (ADR 25): what other modules may use.
export { fleetOverviewRoutes } from './fleet-overview.routes';
export { reportsRoutes } from './reports.routes';

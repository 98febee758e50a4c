// The front door of the depots module (ADR 25): what other modules may use.
export { getDepot } from './depots.repository';
export { depotsRoutes } from './depots.routes';
export { depotUsers } from './depots.service';

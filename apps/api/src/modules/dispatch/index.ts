// The front door of the dispatch module (ADR 25): what other modules may use.
export { dispatchRoutes } from './dispatch.routes';

// The front door of the subcontractors module (ADR 25): what other modules may use.
export { getSubcontractor } from './subcontractors.repository';
export { subcontractorsRoutes } from './subcontractors.routes';
export { subcontractorDeactivated, subcontractorUsers } from './subcontractors.service';

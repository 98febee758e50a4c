// The front door of the emergency-types module (ADR 25): what other modules may use.
export { emergencyTypesRoutes, emergencyTypeUsers } from './emergency-types.routes';

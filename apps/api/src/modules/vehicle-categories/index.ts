// The front door of the vehicle-categories module (ADR 25): what other modules may use.
export { getCategory } from './vehicle-categories.repository';
export { vehicleCategoriesRoutes } from './vehicle-categories.routes';
export { categorySlugChanged, categoryUsers } from './vehicle-categories.service';

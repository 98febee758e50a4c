// The front door of the preferences module (ADR 25): what other modules may use.
export { createDefaultPreferences } from './preferences.repository';
export { preferencesRoutes } from './preferences.routes';

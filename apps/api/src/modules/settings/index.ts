// The front door of the settings module (ADR 25): what other modules may use.
export { brandingLogoUrls, getAppSettings, operatorFormatters } from './settings.repository';
export { settingsRoutes } from './settings.routes';

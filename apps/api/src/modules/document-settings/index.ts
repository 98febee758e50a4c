// The front door of the document-settings module (ADR 25): what other modules may use.
export {
  documentLogoUrls,
  getDocumentSettings,
  getDocumentSettingsRow,
  lockDocumentSettings,
  saveDocumentSettings,
} from './document-settings.repository';
export { documentSettingsRoutes } from './document-settings.routes';

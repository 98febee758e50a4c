// The front door of the terms-templates module (ADR 25): what other modules may use.
export { termsTemplatesRoutes, termsTemplateUsers } from './terms-templates.routes';

// The front door of the logos module (ADR 25): what other modules may use.
export { registerLogoUrlSource } from './logos.repository';
export { logosRoutes } from './logos.routes';
export { adoptLogoUrl, releaseLogoUrl, storageKeyOfLogoUrl } from './logos.service';
export { purgeOrphanedLogos } from './orphaned-logos';

// The front door of the auth module (ADR 25): what other modules may use.
export { authRoutes } from './auth.routes';
export { googleRoutes } from './google.routes';
export { insertResetToken, purgeExpiredResetTokens } from './password-reset-tokens.repository';

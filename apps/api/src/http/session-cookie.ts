// The __Secure- prefix makes browsers refuse the cookie unless it is Secure and set over https,
// so a network attacker on plain http cannot plant or overwrite it.
const PLAIN_SESSION_COOKIE = 'sid';
const SECURE_SESSION_COOKIE = '__Secure-sid';

/** The session cookie's name: `__Secure-sid` when PUBLIC_URL is https, else `sid`. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

// Only /api routes use the session, so the browser never sends the cookie with page and asset
// requests, and those never cost a session lookup.
export const SESSION_COOKIE_PATH = '/api';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** However often it is used, a session ends this long after sign-in (ADR 0010). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Clears the session cookie (sign-out); the browser drops it at once. */
export function clearSessionCookie(
  reply: { clearCookie(name: string, options: { path: string }): unknown },
  publicUrl: string,
) {
  reply.clearCookie(sessionCookieName(publicUrl), { path: SESSION_COOKIE_PATH });
}

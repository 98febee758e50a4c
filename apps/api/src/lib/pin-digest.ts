import { createHmac } from 'node:crypto';
import { deriveKey } from './secrets';

/**
 * A terminal PIN as stored (ADR 26): HMAC-SHA256 under a key derived from the session secret. A
 * 4-digit PIN has 10,000 values, so a plain hash would be reversed at once; without the key a copy of
 * the database tells nothing. The same PIN always gives the same digest, so a typed PIN still finds
 * its driver and the unique index still keeps PINs apart.
 */
export function pinDigest(pin: string, key: string): string {
  return createHmac('sha256', key).update(pin).digest('hex');
}

/** The key of PIN digests (rotating the session secret means setting every PIN again: ADR 26). */
export function pinKeyOf(sessionSecret: string): string {
  return deriveKey(sessionSecret, 'terminal-pin');
}

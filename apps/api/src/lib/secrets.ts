import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@dms/domain';

/** A key for one purpose derived from the server secret, so that no two uses share a key. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('hex');
}

export function generateVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * A million codes are quickly tried offline, so the stored hash is keyed with a server pepper
 * and bound to its user.
 */
export function hashVerificationCode(pepper: string, userId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${userId}:${code}`).digest('hex');
}

/** 256 random bits: too many to guess, so a plain hash is enough to store it. */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

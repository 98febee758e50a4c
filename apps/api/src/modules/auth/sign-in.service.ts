import { AUTH_MESSAGES, type LoginInput } from '@dms/domain';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { clearRateLimit, refundRateLimit } from '../../http/rate-limits.repository';
import { enforceThrottle, throttleKey } from '../../http/throttle';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { findUserByEmail } from '../users';
import type { AuthDeps } from './auth-deps';
import { THROTTLES } from './throttles';

export type SignInResult = { kind: 'signed-in'; user: User } | { kind: 'needs-verification'; email: string };

/**
 * Checks an email and password. An unknown email and a wrong password get the same answer after
 * the same work; whether the account is deactivated or unverified is told only to someone who
 * knows its password.
 */
export async function checkCredentials(deps: AuthDeps, input: LoginInput, ip: string): Promise<SignInResult> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.signInPerIp, ip);
  await enforceThrottle(db, THROTTLES.signInPerAccount, input.email);
  const user = await findUserByEmail(db, input.email);
  const stored = user?.password ?? (await dummyPasswordHash());
  const valid = await verifyPassword(stored, input.password);
  if (!user?.password || !valid) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  // The per-IP rule counts only wrong passwords: a depot's staff share one address and sign in all day.
  await refundRateLimit(db, throttleKey(THROTTLES.signInPerIp, ip));
  if (user.isActive !== 1) throw new HttpError(403, AUTH_MESSAGES.accountDeactivated);
  if (user.emailVerified !== 1) return { kind: 'needs-verification', email: user.email };
  await clearRateLimit(db, throttleKey(THROTTLES.signInPerAccount, input.email));
  return { kind: 'signed-in', user };
}

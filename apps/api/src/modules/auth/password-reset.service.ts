import { AUTH_MESSAGES, RESET_TOKEN_TTL_MINUTES, type ResetPasswordInput } from '@dms/domain';
import { HttpError } from '../../http/errors';
import { clearRateLimit } from '../../http/rate-limits.repository';
import { destroyUserSessions } from '../../http/sessions.repository';
import { enforceThrottle, throttleKey } from '../../http/throttle';
import { hashPassword } from '../../lib/password';
import { generateResetToken, hashToken } from '../../lib/secrets';
import { findUserByEmail, findUserById, updateUser } from '../users';
import type { AuthDeps } from './auth-deps';
import { sendPasswordResetMail } from './auth-mail';
import { refuseCommonPassword } from './common-passwords';
import {
  deleteUserResetTokens,
  findResetToken,
  insertResetToken,
  takeResetToken,
} from './password-reset-tokens.repository';
import { THROTTLES } from './throttles';

/** Mails a one-hour, single-use reset link; unknown and deactivated accounts get the same answer and no mail. */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.resetRequestPerIp, ip);
  await enforceThrottle(db, THROTTLES.resetRequestPerAccount, email);
  const user = await findUserByEmail(db, email);
  if (user?.isActive !== 1) return;
  const token = generateResetToken();
  // The token and its mail commit together. Not awaited: answering only after that would tell, by
  // the time taken, which emails have accounts. A failure is logged for the operator instead.
  void db
    .transaction(async (tx) => {
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
      });
      await sendPasswordResetMail(deps, tx, user.email, token);
    })
    .catch((error: unknown) => {
      deps.log.error({ err: error, to: user.email }, 'password reset mail failed');
    });
}

/**
 * Sets a new password with a reset token. The token is used up, every other token of the user
 * is void, and every session of the user ends (whoever else held one is signed out).
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput, ip: string): Promise<void> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.resetSubmitPerIp, ip);
  const tokenHash = hashToken(input.token);
  const invalid = () => new HttpError(400, AUTH_MESSAGES.invalidResetLink);
  const found = await findResetToken(db, tokenHash);
  if (!found || found.expiresAt.getTime() <= Date.now()) throw invalid();
  refuseCommonPassword(input.newPassword, 'newPassword');
  const password = await hashPassword(input.newPassword);
  const userId = await db.transaction(async (tx) => {
    const taken = await takeResetToken(tx, tokenHash);
    if (!taken || taken.expiresAt.getTime() <= Date.now()) return undefined;
    // Following the mailed link proves the address, so a pending verification is settled too.
    await updateUser(tx, taken.userId, {
      password,
      emailVerified: 1,
      verificationToken: null,
      verificationTokenExpiry: null,
    });
    await deleteUserResetTokens(tx, taken.userId);
    await destroyUserSessions(tx, taken.userId);
    return taken.userId;
  });
  if (!userId) throw invalid();
  const user = await findUserById(db, userId);
  if (user) await clearRateLimit(db, throttleKey(THROTTLES.signInPerAccount, user.email));
}

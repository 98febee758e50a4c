import { AUTH_MESSAGES, type RegisterInput } from '@dms/domain';
import { HttpError } from '../../http/errors';
import { enforceThrottle } from '../../http/throttle';
import { hashPassword } from '../../lib/password';
import { createDefaultPreferences } from '../preferences';
import { insertUserIfEmailFree } from '../users';
import type { AuthDeps } from './auth-deps';
import { sendVerificationCodeMail } from './auth-mail';
import { refuseCommonPassword } from './common-passwords';
import { issueVerificationCode, startResendCooldown } from './email-verification.service';
import { THROTTLES } from './throttles';

/**
 * Creates a driver account waiting for email verification and mails its code. Whatever role the
 * form sends, a new account is a driver (spec 1 §6).
 */
export async function registerDriver(deps: AuthDeps, input: RegisterInput, ip: string): Promise<void> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.registerPerIp, ip);
  refuseCommonPassword(input.password, 'password');
  const password = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const userId = await insertUserIfEmailFree(tx, {
      email: input.email,
      password,
      firstName: input.firstName,
      lastName: input.lastName,
      roles: ['driver'],
      emailVerified: 0,
    });
    if (!userId) return undefined;
    await createDefaultPreferences(tx, userId);
    const code = await issueVerificationCode(tx, deps.codePepper, userId);
    // Queued with the account: an SMTP outage delays the mail, the queue retries it.
    await sendVerificationCodeMail(deps, tx, input.email, code);
    return true;
  });
  if (!created) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
  await startResendCooldown(db, input.email);
}

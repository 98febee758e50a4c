import { AUTH_MESSAGES, type RegisterInput } from '@dms/domain';
import { HttpError } from '../../http/errors';
import { createDefaultPreferences } from '../preferences/preferences.repository';
import { enforceThrottle } from '../rate-limits/throttle';
import { insertUserIfEmailFree } from '../users/users.repository';
import type { AuthDeps } from './auth-deps';
import { sendVerificationCodeMail } from './auth-mail';
import { refuseCommonPassword } from './common-passwords';
import { issueVerificationCode, startResendCooldown } from './email-verification.service';
import { hashPassword } from './password';
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
    return { code };
  });
  if (!created) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
  await startResendCooldown(db, input.email);
  try {
    // Queued: an SMTP outage delays the mail, the queue retries it.
    await sendVerificationCodeMail(deps, input.email, created.code);
  } catch (error) {
    // The account stands; the person can ask for a new code from the verification screen.
    deps.log.error({ err: error }, 'verification code mail could not be queued after registration');
  }
}

import { AUTH_MESSAGES, resendCooldownMessage, VERIFICATION_CODE_TTL_MINUTES } from '@dms/domain';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { clearRateLimit, consumeRateLimit } from '../../http/rate-limits.repository';
import { enforceThrottle, formatWait, throttleKey, tooManyRequests } from '../../http/throttle';
import { generateVerificationCode, hashVerificationCode, safeEqual } from '../../lib/secrets';
import { consumeVerificationCode, findUserByEmail, updateUser } from '../users';
import type { AuthDeps } from './auth-deps';
import { sendVerificationCodeMail } from './auth-mail';
import { THROTTLES } from './throttles';

/** Replaces the user's code with a new one (valid 10 minutes) and answers it, to be mailed. */
export async function issueVerificationCode(db: Db, pepper: string, userId: string): Promise<string> {
  const code = generateVerificationCode();
  await updateUser(db, userId, {
    verificationToken: hashVerificationCode(pepper, userId, code),
    verificationTokenExpiry: new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

/** Starts the resend cooldown, as if a code had just been requested. */
export async function startResendCooldown(db: Db, email: string): Promise<void> {
  const rule = THROTTLES.resendCooldownPerAccount;
  await consumeRateLimit(db, throttleKey(rule, email), rule.limit, rule.windowMs);
}

/**
 * Checks a code and, when it is right, marks the email verified and clears the code. Every check
 * counts against the account until one succeeds, so five wrong codes lock checking for the rest
 * of the hour however many new codes are requested; counting before checking keeps parallel
 * guesses within the limit too.
 */
export async function verifyEmailCode(
  deps: AuthDeps,
  input: { email: string; code: string },
  ip: string,
): Promise<User> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.codeCheckPerIp, ip);
  const rule = THROTTLES.codeFailuresPerAccount;
  const attemptsKey = throttleKey(rule, input.email);
  const attempts = await consumeRateLimit(db, attemptsKey, rule.limit, rule.windowMs);
  if (attempts.limited) {
    throw tooManyRequests(
      attempts.retryAfterMs,
      `Too many incorrect codes. Please try again ${formatWait(attempts.retryAfterMs)}.`,
    );
  }
  const user = await findUserByEmail(db, input.email);
  const codeHash = user ? hashVerificationCode(deps.codePepper, user.id, input.code) : '';
  const matches =
    !!user &&
    user.emailVerified === 0 &&
    !!user.verificationToken &&
    !!user.verificationTokenExpiry &&
    user.verificationTokenExpiry.getTime() > Date.now() &&
    safeEqual(codeHash, user.verificationToken);
  if (!user || !matches || !(await consumeVerificationCode(db, user.id, codeHash))) {
    throw new HttpError(400, AUTH_MESSAGES.invalidCode);
  }
  await clearRateLimit(db, attemptsKey);
  if (user.isActive !== 1) throw new HttpError(403, AUTH_MESSAGES.accountDeactivated);
  return { ...user, emailVerified: 1, verificationToken: null, verificationTokenExpiry: null };
}

/**
 * Sends a new code. The answer is the same whether or not the address has an account waiting
 * for verification, and so is the cooldown, so it tells nothing about which addresses exist; and
 * it comes before the code is made and queued, so its timing tells nothing either.
 */
export async function resendVerificationCode(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  await enforceThrottle(db, THROTTLES.resendPerIp, ip);
  const rule = THROTTLES.resendCooldownPerAccount;
  const cooldown = await consumeRateLimit(db, throttleKey(rule, email), rule.limit, rule.windowMs);
  if (cooldown.limited) {
    throw tooManyRequests(
      cooldown.retryAfterMs,
      resendCooldownMessage(Math.max(1, Math.ceil(cooldown.retryAfterMs / 1000))),
    );
  }
  void issueAndMailCode(deps, email).catch((error: unknown) => {
    deps.log.error({ err: error }, 'a new verification code could not be queued');
  });
}

async function issueAndMailCode(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified === 1 || user.isActive !== 1) return;
  await deps.db.transaction(async (tx) => {
    const code = await issueVerificationCode(tx, deps.codePepper, user.id);
    // Queued with the code: an SMTP outage delays the mail, the queue retries it.
    await sendVerificationCodeMail(deps, tx, user.email, code);
  });
}

import { RESEND_COOLDOWN_SECONDS } from '@dms/domain';
import type { ThrottleRule } from '../../http/throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Per-account rules are keyed by the normalised email, known or not, so that the answers do not
// tell which addresses have accounts. Per-IP rules stop one client spraying many accounts.
export const THROTTLES = {
  signInPerAccount: { name: 'sign-in:account', limit: 10, windowMs: 15 * MINUTE },
  signInPerIp: { name: 'sign-in:ip', limit: 50, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 20, windowMs: HOUR },
  codeCheckPerIp: { name: 'verify-code:ip', limit: 30, windowMs: 15 * MINUTE },
  /** Wrong codes per account; resending does not reset it (see email-verification.service.ts). */
  codeFailuresPerAccount: { name: 'verify-code:failures', limit: 5, windowMs: HOUR },
  resendPerIp: { name: 'verify-resend:ip', limit: 10, windowMs: 15 * MINUTE },
  resendCooldownPerAccount: {
    name: 'verify-resend:account',
    limit: 1,
    windowMs: RESEND_COOLDOWN_SECONDS * 1000,
  },
  resetRequestPerAccount: { name: 'password-reset:account', limit: 5, windowMs: HOUR },
  resetRequestPerIp: { name: 'password-reset:ip', limit: 20, windowMs: HOUR },
  resetSubmitPerIp: { name: 'password-reset-submit:ip', limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

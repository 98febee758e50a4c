import type { Db } from '../db/client';
import { HttpError } from './errors';
import { consumeRateLimit } from './rate-limits.repository';

/** A throttle: at most `limit` attempts per `windowMs` for each key it is applied to. */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** 'in 45 seconds', 'in 1 minute', 'in 12 minutes' (rounded up, never 'in 0 seconds'). */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export function tooManyRequests(retryAfterMs: number, message?: string): HttpError {
  return new HttpError(
    429,
    message ?? `Too many attempts. Please try again ${formatWait(retryAfterMs)}.`,
    undefined,
    {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    },
  );
}

export function throttleKey(rule: ThrottleRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/** Counts an attempt under `rule` for `subject` and throws a 429 once the rule's limit is passed. */
export async function enforceThrottle(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  const state = await consumeRateLimit(db, throttleKey(rule, subject), rule.limit, rule.windowMs);
  if (state.limited) throw tooManyRequests(state.retryAfterMs);
}

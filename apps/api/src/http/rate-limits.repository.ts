import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitState {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** True once the count is over the limit. */
  limited: boolean;
  /** Time until the window ends and the count restarts. */
  retryAfterMs: number;
}

// The database clock decides when a window ends, so that every instance agrees.
const retryAfterMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000))::integer`;

/**
 * Counts one attempt against `key` in a fixed window of `windowMs` and says whether it is over
 * `limit`. One atomic upsert, so concurrent requests on several instances never lose a count.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitState> {
  const windowEnd = sql`now() + (${Math.ceil(windowMs)}::integer * interval '1 millisecond')`;
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()`, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, retryAfterMs });
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, limited: row.count > limit, retryAfterMs: row.retryAfterMs };
}

/** The current window's state without counting an attempt (`limited` when the count has reached `limit`). */
export async function peekRateLimit(db: Db, key: string, limit: number): Promise<RateLimitState> {
  const [row] = await db
    .select({ count: rateLimits.count, retryAfterMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return { count: 0, limited: false, retryAfterMs: 0 };
  return { count: row.count, limited: row.count >= limit, retryAfterMs: row.retryAfterMs };
}

/** Gives back one attempt counted in the current window, for rules that count only failures. */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(0, ${rateLimits.count} - 1)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)));
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.expiresAt, sql`now()`));
}

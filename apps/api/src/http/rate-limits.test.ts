import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { rateLimits } from '../db/schema';
import { openTestDatabase } from '../test/test-app';
import {
  clearRateLimit,
  consumeRateLimit,
  peekRateLimit,
  purgeExpiredRateLimits,
} from './rate-limits.repository';
import { formatWait } from './throttle';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('consumeRateLimit', () => {
  it('counts attempts in a fixed window and reports the limit once passed', async () => {
    const { db } = database;
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await consumeRateLimit(db, 'test:a', 3, 60_000));
    expect(states.map((s) => [s.count, s.limited])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(states[3]!.retryAfterMs).toBeGreaterThan(55_000);
    expect(states[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await peekRateLimit(db, 'test:a', 3)).toMatchObject({ count: 4, limited: true });
  });

  it('starts a new window once the old one has ended', async () => {
    const { db } = database;
    await consumeRateLimit(db, 'test:b', 1, 60_000);
    expect((await consumeRateLimit(db, 'test:b', 1, 60_000)).limited).toBe(true);
    await db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(rateLimits.key, 'test:b'));
    expect(await peekRateLimit(db, 'test:b', 1)).toMatchObject({ count: 0, limited: false });
    expect(await consumeRateLimit(db, 'test:b', 1, 60_000)).toMatchObject({ count: 1, limited: false });
  });

  it('never loses a count under concurrent attempts', async () => {
    const { db } = database;
    const states = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(db, 'test:c', 5, 60_000)),
    );
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(states.filter((s) => !s.limited)).toHaveLength(5);
  });

  it('clears a key and purges ended windows', async () => {
    const { db } = database;
    await consumeRateLimit(db, 'test:d', 5, 60_000);
    await clearRateLimit(db, 'test:d');
    expect((await peekRateLimit(db, 'test:d', 5)).count).toBe(0);

    await consumeRateLimit(db, 'test:e', 5, 60_000);
    await db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(rateLimits.key, 'test:e'));
    await purgeExpiredRateLimits(db);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:e'))).toEqual([]);
  });
});

describe('formatWait', () => {
  it('says seconds under a minute and whole minutes, rounded up, above', () => {
    expect(formatWait(0)).toBe('in 1 second');
    expect(formatWait(45_200)).toBe('in 46 seconds');
    expect(formatWait(60_000)).toBe('in 1 minute');
    expect(formatWait(11 * 60_000 + 1)).toBe('in 12 minutes');
  });
});

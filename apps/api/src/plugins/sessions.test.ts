import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { destroyUserSessions, purgeExpiredSessions } from '../http/sessions.repository';
import { sessionCookie, signIn } from '../test/auth-helpers';
import { createDriver, createManager, createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      // Stand-in for the terminal PIN sign-in, which is not built yet.
      app.post<{ Body: { driverId: string } }>(
        '/api/test/terminal-sign-in',
        { config: { access: 'public' } },
        async (request) => {
          request.session.terminalDriverId = request.body.driverId;
          request.session.terminalIdleMs = 3 * 60_000;
          request.session.terminalActiveAt = Date.now();
          return { ok: true };
        },
      );
      app.get('/api/test/terminal-only', { config: { access: 'terminal' } }, async (request) => ({
        driverId: request.identity.terminalDriverId,
      }));
    },
  });
});
afterAll(() => t.close());

const sessionRows = (userId: string) =>
  t.db.select().from(sessions).where(sql`${sessions.sess} ->> 'userId' = ${userId}`);

const sidOf = (cookie: string) => decodeURIComponent(cookie.slice('sid='.length)).split('.')[0]!;

describe('sessions', () => {
  it('stores nothing and sets no cookie for anonymous visitors', async () => {
    const before = (await t.db.select().from(sessions)).length;
    for (const url of ['/api/settings', '/api/user', '/api/auth/providers']) {
      const res = await t.app.inject({ url });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(await t.db.select().from(sessions)).toHaveLength(before);
  });

  it('keeps the session row keyed by the unsigned id, with the user and a 30-day expiry', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const [row] = await sessionRows(user.id);
    expect(row!.sid).toBe(sidOf(cookie));
    const days = (row!.expire.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('does not write the session on every request, but refreshes its expiry after an hour', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const soon = new Date(Date.now() + 86_400_000);
    await t.db
      .update(sessions)
      .set({ expire: soon })
      .where(eq(sessions.sid, sidOf(cookie)));

    const quiet = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(quiet.statusCode).toBe(200);
    expect(quiet.headers['set-cookie']).toBeUndefined();
    expect((await sessionRows(user.id))[0]!.expire.getTime()).toBe(soon.getTime());

    const anHourAgo = Date.now() - 61 * 60_000;
    await t.db
      .update(sessions)
      .set({ sess: sql`jsonb_set(${sessions.sess}, '{refreshedAt}', ${String(anHourAgo)}::jsonb)` })
      .where(eq(sessions.sid, sidOf(cookie)));
    const refreshed = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(sessionCookie(refreshed)).toBe(cookie);
    const [row] = await sessionRows(user.id);
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
  });

  it('ends a session 30 days after sign-in, however recently it was used', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const at = (daysAgo: number) => String(Date.now() - daysAgo * 86_400_000);
    // Used every hour: the sliding expiry is fresh, only the sign-in is old.
    const signedInDaysAgo = (days: number, refreshedMinutesAgo: number) =>
      t.db
        .update(sessions)
        .set({
          sess: sql`jsonb_set(jsonb_set(${sessions.sess}, '{signedInAt}', ${at(days)}::jsonb), '{refreshedAt}', ${String(Date.now() - refreshedMinutesAgo * 60_000)}::jsonb)`,
          expire: new Date(Date.now() + 29 * 86_400_000),
        })
        .where(eq(sessions.sid, sidOf(cookie)));
    await signedInDaysAgo(29.9, 30);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    await signedInDaysAgo(30.01, 30);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it('ignores an expired session and purges it', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(cookie)));
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    await purgeExpiredSessions(t.db);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it("destroyUserSessions ends every session of one user and no one else's", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const a = await signIn(t.app, user.email);
    const b = await signIn(t.app, user.email);
    const c = await signIn(t.app, other.email);
    await destroyUserSessions(t.db, user.id);
    for (const cookie of [a, b]) {
      expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: c } })).statusCode).toBe(200);
  });

  it('identifies a terminal driver from the session, while active and a driver', async () => {
    const driver = await createDriver(t.db);
    const manager = await createManager(t.db);
    const startTerminal = async (driverId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/terminal-sign-in',
        payload: { driverId },
      });
      return sessionCookie(res)!;
    };
    const cookie = await startTerminal(driver.id);
    const res = await t.app.inject({ url: '/api/test/terminal-only', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ driverId: driver.id });
    // The terminal session is not a portal sign-in.
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);

    const managerCookie = await startTerminal(manager.id);
    expect(
      (await t.app.inject({ url: '/api/test/terminal-only', headers: { cookie: managerCookie } })).statusCode,
    ).toBe(401);
    await t.db.update(users).set({ isActive: 0 }).where(eq(users.id, driver.id));
    expect((await t.app.inject({ url: '/api/test/terminal-only', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('reads the access of the session’s user afresh on every request, also after a 404 of the same session', async () => {
    const manager = await createManager(t.db);
    const cookie = await signIn(t.app, manager.email);
    const terminals = () => t.app.inject({ url: '/api/terminals', headers: { cookie } });
    const setUser = (values: { roles?: string[]; isActive?: number }) =>
      t.db.update(users).set(values).where(eq(users.id, manager.id));
    expect((await terminals()).statusCode).toBe(200);
    await setUser({ roles: ['driver'] });
    expect((await terminals()).statusCode).toBe(403);
    // A request no route answers loads the session too; what it read is not used by the next one.
    expect((await t.app.inject({ url: '/api/no-such-thing', headers: { cookie } })).statusCode).toBe(404);
    await setUser({ roles: ['manager'] });
    expect((await terminals()).statusCode).toBe(200);
    await setUser({ isActive: 0 });
    expect((await terminals()).statusCode).toBe(401);
  });
});

describe('session cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({
      env: { PUBLIC_URL: 'https://dms.example.test', TRUST_PROXY: 'true' },
    });
    try {
      const user = await createUser(secure.db);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      // The __Secure- prefix: browsers take it only as a Secure cookie set over https.
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const cookie = res.cookies.find((c) => c.name === '__Secure-sid');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    } finally {
      await secure.close();
    }
  });
});

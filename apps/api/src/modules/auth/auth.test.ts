import { AUTH_MESSAGES, MESSAGES } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPreferences, sessions, users } from '../../db/schema';
import { sessionCookie, signIn } from '../../test/auth-helpers';
import { createManager, createUser, TEST_PASSWORD } from '../../test/factories';
import { codeFrom } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test its own client address: per-IP throttles are tested on purpose only. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (url: string, payload: unknown, extra: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: extra.ip ?? nextIp(),
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });

const registration = (email: string) => ({
  email,
  password: 'coach-secret1',
  firstName: 'Dana',
  lastName: 'Driver',
  role: 'manager',
});

describe('POST /api/register', () => {
  it('creates an unverified driver whatever role is asked for, with default preferences, and mails a code', async () => {
    const res = await post('/api/register', registration('  New.Driver@Example.TEST '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered, email: 'new.driver@example.test' });

    const [user] = await t.db.select().from(users).where(eq(users.email, 'new.driver@example.test'));
    expect(user).toMatchObject({
      roles: ['driver'],
      emailVerified: 0,
      firstName: 'Dana',
      lastName: 'Driver',
    });
    expect(user!.password).toMatch(/^\$argon2id\$/);
    expect(user!.verificationToken).toMatch(/^[0-9a-f]{64}$/);
    const [prefs] = await t.db.select().from(driverPreferences).where(eq(driverPreferences.userId, user!.id));
    expect(prefs).toMatchObject({ emailNewAssignments: 1, emailReminders: 1, reminderHours: 24 });

    await t.smtp.waitFor('new.driver@example.test');
    const mail = t.smtp.last('new.driver@example.test');
    expect(mail.subject).toBe('Your Driver Management System verification code');
    const code = codeFrom(mail);
    expect(user!.verificationToken).not.toContain(code);
    expect(mail.html).toContain(code);
    // Registering does not sign anyone in.
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses an email that already has an account with 409', async () => {
    const existing = await createUser(t.db);
    const res = await post('/api/register', registration(existing.email.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', MESSAGES.email],
    [{ password: '12345' }, 'password', MESSAGES.password],
    [{ firstName: '  ' }, 'firstName', MESSAGES.firstName],
    [{ lastName: '' }, 'lastName', MESSAGES.lastName],
  ])('answers 400 with the spec message for %j', async (override, path, message) => {
    const res = await post('/api/register', { ...registration('valid@example.test'), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

describe('POST /api/login', () => {
  it('signs in with a new session id and answers the session user', async () => {
    const user = await createManager(t.db, { roles: ['manager', 'driver'] });
    // A session id known before sign-in (fixation) must not become the signed-in one.
    const planted = await signIn(t.app, (await createUser(t.db)).email);
    const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD }, { cookie: planted });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        firstName: 'Test',
        lastName: 'User',
        email: user.email,
        role: 'manager',
        roles: ['manager', 'driver'],
        emailVerified: 1,
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/api');
    expect(cookie.secure).toBeFalsy();
    const lifetime = new Date(cookie.expires!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(29.9 * 24 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 24 * 3600_000);
    const after = sessionCookie(res)!;
    expect(after).not.toBe(planted);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: planted } })).statusCode).toBe(401);

    const me = await t.app.inject({ url: '/api/user', headers: { cookie: after } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const user = await createUser(t.db);
    const unknown = await post('/api/login', { email: 'nobody@example.test', password: 'whatever1' });
    const wrong = await post('/api/login', { email: user.email, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('tells an unverified account to verify, with its email', async () => {
    const user = await createUser(t.db, { emailVerified: 0 });
    const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: AUTH_MESSAGES.needsVerification,
      needsVerification: true,
      email: user.email,
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a deactivated account, but only to someone who knows its password', async () => {
    const user = await createUser(t.db, { isActive: 0 });
    const wrong = await post('/api/login', { email: user.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: AUTH_MESSAGES.accountDeactivated });
  });

  it('honours the legacy role column when the roles list is empty', async () => {
    const user = await createUser(t.db, { roles: [], role: 'manager' });
    const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.json().user).toMatchObject({ role: 'manager', roles: ['manager'] });
  });

  it.each([
    [{ email: 'nope', password: 'coach-secret1' }, 'email', MESSAGES.email],
    [{ email: 'a@example.test', password: '123' }, 'password', MESSAGES.password],
  ])('answers 400 with the spec message for %j', async (payload, path, message) => {
    const res = await post('/api/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('throttles sign-in per account after 10 attempts, from any address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/login', { email: user.email, password: 'wrong-password' })).statusCode).toBe(
        401,
      );
    }
    const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('clears the account counter on a successful sign-in', async () => {
    const user = await createUser(t.db);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) await post('/api/login', { email: user.email, password: 'wrong-password' });
      expect((await post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
  });

  it('throttles sign-in per client address after 50 attempts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 50; i++) {
      await post('/api/login', { email: `spray-${i}@example.test`, password: 'whatever1' }, { ip });
    }
    const res = await post('/api/login', { email: 'spray-last@example.test', password: 'whatever1' }, { ip });
    expect(res.statusCode).toBe(429);
  });

  it('does not count successful sign-ins against the client address (a depot shares one)', async () => {
    const ip = '192.0.2.78';
    const user = await createUser(t.db);
    for (let i = 0; i < 55; i++) {
      const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD }, { ip });
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < 50; i++) {
      await post('/api/login', { email: `wrong-${i}@example.test`, password: 'whatever1' }, { ip });
    }
    expect(
      (await post('/api/login', { email: user.email, password: TEST_PASSWORD }, { ip })).statusCode,
    ).toBe(429);
  });

  it('redirects a browser that navigates to it to the sign-in screen', async () => {
    const res = await t.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 Unauthorized without a session, with no-cache headers when signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthorized' });

    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const res = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json().user).toMatchObject({ id: user.id, role: 'driver', roles: ['driver'] });
  });

  it('ignores a forged or unknown cookie', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { cookie: 'sid=forged.value' } });
    expect(res.statusCode).toBe(401);
  });

  it('destroys the session and clears the cookie on logout', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const res = await post('/api/logout', {}, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    const left = await t.db.select().from(sessions);
    expect(left.some((s) => s.sess.userId === user.id)).toBe(false);
  });

  it('accepts the JSON content type without a body, as the web client sends it', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers logout without a session too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-requested-with': 'dms' },
    });
    expect(res.statusCode).toBe(200);
  });

  it("ends a deactivated user's existing session at the next request", async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    await t.db.update(users).set({ isActive: 0 }).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/auth/providers', () => {
  it('says Google is off without its configuration', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: false });
  });
});

describe('registration through to sign-in', () => {
  it('registers, verifies with the mailed code and is then signed in', async () => {
    const email = 'journey@example.test';
    await post('/api/register', registration(email));
    await t.smtp.waitFor(email);
    const code = codeFrom(t.smtp.last(email));
    const res = await post('/api/auth/verify-email-code', { email, code });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(res)! } });
    expect(me.json().user).toMatchObject({ email, firstName: 'Dana', emailVerified: 1, roles: ['driver'] });
    expect((await post('/api/login', { email, password: 'coach-secret1' })).statusCode).toBe(200);
  });
});

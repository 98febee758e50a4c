import { AUTH_MESSAGES, MESSAGES } from '@dms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../db/schema';
import { sessionCookie } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { codeFrom } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

let n = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.1.0.${++n % 250}` });

/** Registers a new account and answers its email and the mailed code. */
async function register(firstName = 'Vera') {
  const email = `verify-${++n}@example.test`;
  const res = await post('/api/register', { email, password: 'coach-secret1', firstName, lastName: 'Fied' });
  expect(res.statusCode).toBe(201);
  await t.smtp.waitFor(email);
  return { email, code: codeFrom(t.smtp.last(email)) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets the resend cooldown of `email` run out. */
const endCooldown = (email: string) =>
  t.db
    .update(rateLimits)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.key, `verify-resend:account:${email}`));

describe('POST /api/auth/verify-email-code', () => {
  it('verifies the email, clears the code and signs the user in', async () => {
    const { email, code } = await register('Vera');
    const res = await post('/api/auth/verify-email-code', { email, code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(AUTH_MESSAGES.emailVerified);
    expect(body.user).toMatchObject({ email, firstName: 'Vera', emailVerified: 1, role: 'driver' });

    const cookie = sessionCookie(res)!;
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json().user.email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ emailVerified: 1, verificationToken: null, verificationTokenExpiry: null });
  });

  it('refuses a wrong code', async () => {
    const { email, code } = await register();
    const res = await post('/api/auth/verify-email-code', { email, code: wrongCode(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The verification code is invalid or expired.' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const { email, code } = await register();
    await t.db
      .update(users)
      .set({ verificationTokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.email, email));
    const res = await post('/api/auth/verify-email-code', { email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });

  it('accepts a code once only', async () => {
    const { email, code } = await register();
    expect((await post('/api/auth/verify-email-code', { email, code })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email-code', { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });

  it('answers an unknown email like a wrong code', async () => {
    const res = await post('/api/auth/verify-email-code', { email: 'ghost@example.test', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });

  it('locks checking after 5 wrong codes, even for a new code, until the window ends', async () => {
    const { email, code } = await register();
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify-email-code', { email, code: wrongCode(code) });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const locked = await post('/api/auth/verify-email-code', { email, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many incorrect codes\. Please try again in (59|60) minutes\.$/,
    );

    // A new code buys no new guesses.
    await endCooldown(email);
    expect((await post('/api/auth/send-verification-code', { email })).statusCode).toBe(200);
    await t.smtp.waitFor(email, 2);
    const fresh = codeFrom(t.smtp.last(email));
    expect(fresh).toBeTruthy();
    expect((await post('/api/auth/verify-email-code', { email, code: fresh })).statusCode).toBe(429);

    // Once the window has passed the (still valid) new code works.
    await t.db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `verify-code:failures:${email}`));
    expect((await post('/api/auth/verify-email-code', { email, code: fresh })).statusCode).toBe(200);
  });

  it('counts only failures: a success clears the count', async () => {
    const { email, code } = await register();
    for (let i = 0; i < 4; i++) await post('/api/auth/verify-email-code', { email, code: wrongCode(code) });
    expect((await post('/api/auth/verify-email-code', { email, code })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verify-code:failures:${email}`));
    expect(rows).toEqual([]);
  });

  it.each([
    [{ email: 'x@example.test', code: '12345' }, 'code', 'Please enter a valid 6-digit verification code.'],
    [{ email: 'x@example.test', code: '12a456' }, 'code', 'Please enter a valid 6-digit verification code.'],
    [{ email: 'x@example.test' }, 'code', undefined],
    [{ email: 'nope', code: '123456' }, 'email', MESSAGES.email],
  ])('answers 400 for %j', async (payload, path, message) => {
    const res = await post('/api/auth/verify-email-code', payload);
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { path: string }) => e.path === path);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
  });
});

describe('POST /api/auth/send-verification-code', () => {
  it('refuses a new code within 60 seconds of the last one', async () => {
    const { email } = await register();
    const res = await post('/api/auth/send-verification-code', { email });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Please wait (59|60) seconds before requesting a new code\.$/);
  });

  it('sends a new code that replaces the old one after the cooldown', async () => {
    const { email, code } = await register();
    await endCooldown(email);
    const res = await post('/api/auth/send-verification-code', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
    await t.smtp.waitFor(email, 2);
    const fresh = codeFrom(t.smtp.last(email));
    if (fresh !== code) {
      expect((await post('/api/auth/verify-email-code', { email, code })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-email-code', { email, code: fresh })).statusCode).toBe(200);
  });

  it('answers an unknown or already verified email like a success, without mail', async () => {
    const verified = await createUser(t.db);
    for (const email of ['unknown@example.test', verified.email]) {
      const res = await post('/api/auth/send-verification-code', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
      expect(t.smtp.to(email)).toHaveLength(0);
    }
  });

  it('applies the same cooldown to unknown addresses', async () => {
    const email = 'unknown-twice@example.test';
    expect((await post('/api/auth/send-verification-code', { email })).statusCode).toBe(200);
    expect((await post('/api/auth/send-verification-code', { email })).statusCode).toBe(429);
  });
});

describe('when mail cannot be sent', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 locally: every send fails at once, and the queue keeps retrying.
    broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => broken.close());

  it('keeps the account on registration, and answers a resend at once, the mail waiting in the queue', async () => {
    const email = 'no-mail@example.test';
    const send = (url: string, payload: object) => broken.app.inject({ method: 'POST', url, payload });
    const res = await send('/api/register', {
      email,
      password: 'coach-secret1',
      firstName: 'No',
      lastName: 'Mail',
    });
    expect(res.statusCode).toBe(201);
    expect(await broken.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    await broken.db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `verify-resend:account:${email}`));
    const resend = await send('/api/auth/send-verification-code', { email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
    // Both mails are kept for their retries.
    await expect
      .poll(async () => {
        const rows = await broken.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and state in ('created', 'retry', 'active')`,
        );
        return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
      })
      .toBe(2);
  });
});

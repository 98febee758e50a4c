import { AUTH_MESSAGES, MESSAGES } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { resetLinkFrom } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    smtp: true,
    env: { PUBLIC_URL: 'https://dms.example.test', TRUST_PROXY: 'true' },
  });
});
afterAll(() => t.close());

let n = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.2.0.${++n % 250}` });

/** Asks for a reset link for `email` and answers the token from the mailed link. */
async function requestToken(email: string): Promise<string> {
  const before = t.smtp.to(email).length;
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  // The reset mail goes out after the answer (so that its timing tells nothing).
  await t.smtp.waitFor(email, before + 1);
  const link = resetLinkFrom(t.smtp.last(email));
  expect(`${link.origin}${link.pathname}`).toBe('https://dms.example.test/reset-password');
  return link.searchParams.get('token')!;
}

// PUBLIC_URL is https here: the Secure session cookie is only set on (proxied) https requests.
const HTTPS = { 'x-forwarded-proto': 'https' };
const signInAnswer = (email: string, password: string) => post('/api/login', { email, password }, HTTPS);

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link for a known account and stores only its hash', async () => {
    const user = await createUser(t.db);
    const token = await requestToken(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = t.smtp.last(user.email);
    expect(mail.subject).toBe('Reset your Driver Management System password');
    expect(mail.text).toContain(`https://dms.example.test/reset-password?token=${token}`);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.token).not.toBe(token);
    expect(row!.token).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers an unknown email exactly like a known one, without mail', async () => {
    const known = await createUser(t.db);
    const a = await post('/api/auth/forgot-password', { email: known.email });
    const b = await post('/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(a.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    expect(t.smtp.to('nobody@example.test')).toHaveLength(0);
  });

  it('validates the email', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not an email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'email', message: MESSAGES.email });
  });

  it('throttles requests per account after 5 an hour', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) await requestToken(user.email);
    const res = await post('/api/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in (59|60) minutes\.$/);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session of the user and works once', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const phone = await signIn(t.app, user.email, TEST_PASSWORD, HTTPS);
    const laptop = await signIn(t.app, user.email, TEST_PASSWORD, HTTPS);
    const bystander = await signIn(t.app, other.email, TEST_PASSWORD, HTTPS);
    const token = await requestToken(user.email);

    const res = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    for (const cookie of [phone, laptop]) {
      expect((await t.app.inject({ url: '/api/user', headers: { cookie, ...HTTPS } })).statusCode).toBe(401);
    }
    const stillIn = await t.app.inject({ url: '/api/user', headers: { cookie: bystander, ...HTTPS } });
    expect(stillIn.statusCode).toBe(200);
    expect((await signInAnswer(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInAnswer(user.email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This reset link is invalid or has expired. Please request a new one.',
    });
  });

  it('refuses a common password and keeps the link usable (also the driver set-password page)', async () => {
    const user = await createUser(t.db);
    const token = await requestToken(user.email);
    const common = await post('/api/auth/reset-password', { token, newPassword: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is too common. Please choose another.');
    const res = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
  });

  it('voids every other reset link of the user', async () => {
    const user = await createUser(t.db);
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    expect(
      (await post('/api/auth/reset-password', { token: second, newPassword: 'coach-newpass1' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: first, newPassword: 'coach-newpass2' })).statusCode,
    ).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    const token = await requestToken(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await post('/api/auth/reset-password', { token, newPassword: 'coach-newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidResetLink);
    expect((await signInAnswer(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await post('/api/auth/reset-password', { token: 'made-up', newPassword: 'coach-newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('settles a pending email verification: following the mailed link proves the address', async () => {
    const user = await createUser(t.db, { emailVerified: 0 });
    const token = await requestToken(user.email);
    await post('/api/auth/reset-password', { token, newPassword: 'coach-newpass1' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(1);
  });

  it.each([
    [{ token: 'x', newPassword: '12345' }, 'newPassword', MESSAGES.password],
    [{ token: '', newPassword: 'coach-secret1' }, 'token', 'No reset token available'],
  ])('answers 400 for %j', async (payload, path, message) => {
    const res = await post('/api/auth/reset-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

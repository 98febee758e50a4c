import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, driverPreferences, users } from '../../db/schema';
import { sessionCookie } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { startTestOidcIssuer, type TestIdentity, type TestOidcIssuer } from '../../test/oidc-issuer';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let issuer: TestOidcIssuer;

beforeAll(async () => {
  issuer = await startTestOidcIssuer();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'dms-test-client',
      GOOGLE_CLIENT_SECRET: 'dms-test-secret',
      OIDC_ISSUER_URL: issuer.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** Starts sign-in, lets the issuer redirect back, and answers the callback's response. */
async function signInWithGoogle(identity: TestIdentity, tamper?: (callback: URL) => void) {
  issuer.setIdentity(identity);
  const start = await t.app.inject({ url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const cookie = sessionCookie(start);
  const callback = await issuer.authorize(start.headers.location as string);
  tamper?.(callback);
  return t.app.inject({ url: `${callback.pathname}${callback.search}`, headers: cookie ? { cookie } : {} });
}

async function currentUser(res: Awaited<ReturnType<typeof signInWithGoogle>>) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/');
  const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(res)! } });
  expect(me.statusCode).toBe(200);
  return me.json().user;
}

const expectFailure = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/login?error=google_failed');
};

describe('Google sign-in', () => {
  it('says it is available', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ google: true });
  });

  it('sends the browser to the issuer with PKCE, state and nonce', async () => {
    const res = await t.app.inject({ url: '/api/auth/google' });
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'dms-test-client',
      response_type: 'code',
      redirect_uri: 'http://localhost:5000/api/auth/google/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
  });

  it('creates a verified driver for a new identity, then finds it again by subject', async () => {
    const identity = {
      sub: 'google-sub-new',
      email: 'New.Person@Gmail.test',
      email_verified: true,
      given_name: 'Nora',
      family_name: 'Newton',
    };
    const user = await currentUser(await signInWithGoogle(identity));
    expect(user).toMatchObject({
      email: 'new.person@gmail.test',
      firstName: 'Nora',
      lastName: 'Newton',
      roles: ['driver'],
      role: 'driver',
      emailVerified: 1,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password).toBeNull();
    expect(
      await t.db.select().from(driverPreferences).where(eq(driverPreferences.userId, user.id)),
    ).toHaveLength(1);
    const links = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(links).toMatchObject([
      { provider: 'google', providerAccountId: 'google-sub-new', accessToken: null },
    ]);

    // The subject decides, even when the provider now reports another address.
    const again = await currentUser(await signInWithGoogle({ ...identity, email: 'renamed@gmail.test' }));
    expect(again.id).toBe(user.id);
    expect(await t.db.select().from(users).where(eq(users.email, 'renamed@gmail.test'))).toHaveLength(0);
  });

  it('links to an existing account with the same verified email', async () => {
    const existing = await createUser(t.db, { email: 'linked@example.test', roles: ['manager'] });
    const user = await currentUser(
      await signInWithGoogle({ sub: 'google-sub-link', email: 'linked@example.test', email_verified: true }),
    );
    expect(user.id).toBe(existing.id);
    expect(user.roles).toEqual(['manager']);
    const links = await t.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(links.map((l) => l.providerAccountId)).toEqual(['google-sub-link']);
  });

  it('does not take over an account whose email is not verified', async () => {
    const existing = await createUser(t.db, { email: 'pending@example.test', emailVerified: 0 });
    expectFailure(
      await signInWithGoogle({
        sub: 'google-sub-pending',
        email: 'pending@example.test',
        email_verified: true,
      }),
    );
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, existing.id))).toHaveLength(0);
  });

  it('refuses an email the provider has not verified', async () => {
    expectFailure(
      await signInWithGoogle({
        sub: 'google-sub-unverified',
        email: 'unverified@gmail.test',
        email_verified: false,
      }),
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'unverified@gmail.test'))).toHaveLength(0);
  });

  it('refuses a deactivated account', async () => {
    await createUser(t.db, { email: 'gone@example.test', isActive: 0 });
    expectFailure(
      await signInWithGoogle({ sub: 'google-sub-gone', email: 'gone@example.test', email_verified: true }),
    );
  });

  it('refuses a callback whose state does not match', async () => {
    const res = await signInWithGoogle(
      { sub: 'google-sub-state', email: 'state@gmail.test', email_verified: true },
      (callback) => callback.searchParams.set('state', 'forged-state'),
    );
    expectFailure(res);
    const cookie = sessionCookie(res);
    if (cookie) expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.email, 'state@gmail.test'))).toHaveLength(0);
  });

  it('refuses a callback without a sign-in started in this session', async () => {
    issuer.setIdentity({ sub: 'google-sub-nosession', email: 'nosession@gmail.test', email_verified: true });
    const start = await t.app.inject({ url: '/api/auth/google' });
    const callback = await issuer.authorize(start.headers.location as string);
    expectFailure(await t.app.inject({ url: `${callback.pathname}${callback.search}` }));
  });
});

describe('Google sign-in without configuration', () => {
  it('sends the browser back to the sign-in screen', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google_unavailable');
      const callback = await bare.app.inject({ url: '/api/auth/google/callback?code=x&state=y' });
      expect(callback.headers.location).toBe('/login?error=google_unavailable');
    } finally {
      await bare.close();
    }
  });
});

describe('Google sign-in with an unreachable issuer', () => {
  it('answers google_failed', async () => {
    const broken = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER_URL: 'http://127.0.0.1:9' },
    });
    try {
      const res = await broken.app.inject({ url: '/api/auth/google' });
      expect(res.headers.location).toBe('/login?error=google_failed');
    } finally {
      await broken.close();
    }
  });
});

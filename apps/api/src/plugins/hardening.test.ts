import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema';
import { COMMON_PASSWORD_MESSAGE } from '../modules/auth/common-passwords';
import { createRoleTestApp, type RoleTestApp } from '../test/role-test-app';

// Issue 14: the findings of the security review, as a client would see them.

const logLines: string[] = [];
const SECRET = 'secret-marker-7f3a';
let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
    extraRoutes: (app) => {
      // Writes that the database refuses, with a parameter that must never reach the log.
      app.post('/api/test/nul-write', { config: { access: 'public' } }, async () => {
        await app.db.insert(customers).values({ companyName: `a\u0000b ${SECRET}`, companyType: 'school' });
        return { ok: true };
      });
      app.post('/api/test/failing-write', { config: { access: 'public' } }, async () => {
        await app.db.execute(sql`insert into customers (company_name, email) values (null, ${SECRET})`);
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('NUL and control characters', () => {
  it('refuses NUL in a body, a search and a path with 400', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      remoteAddress: '198.51.100.20',
      payload: {
        email: 'nul@example.test',
        password: 'Harbour-Bridge-77',
        firstName: 'a\u0000b',
        lastName: 'Lee',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe('Must not contain control characters');

    const customer = await t.asManager('POST', '/api/customers', { companyName: 'Bad\u0000Name' });
    expect(customer.statusCode).toBe(400);
    const search = await t.asManager('GET', '/api/customers?search=%00');
    expect(search.statusCode).toBe(400);
    const byId = await t.asManager('GET', '/api/customers/%00');
    expect(byId.statusCode).toBe(400);
    const depot = await t.asManager('GET', '/api/depots?search=a%07b');
    expect(depot.statusCode).toBe(400);
  });

  it('answers 400 when the database refuses NUL, and logs no query parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/nul-write',
      headers: json,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/test/failing-write',
      headers: json,
      payload: {},
    });
    expect(failed.statusCode).toBe(500);
    const lines = logLines.join('');
    expect(lines).toContain('request failed');
    expect(lines).toContain('/api/test/failing-write');
    // The line says what went wrong (the driver's own words and the SQLSTATE), not 'non-error thrown'.
    expect(lines).toContain('null value in column');
    expect(lines).toContain('"sqlState":"23502"');
    expect(lines).not.toContain('non-error thrown');
    expect(lines).not.toContain(SECRET);
    expect(lines).not.toContain('$argon2');
  });
});

describe('cross-site requests', () => {
  it("refuses a foreign Origin even when the Host header matches it, and Origin 'null'", async () => {
    for (const origin of ['http://evil.example', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...json, origin, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email: 'x@example.test', password: 'whatever' },
      });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/customers/abc',
      headers: { origin: 'http://evil.example', cookie: t.manager.cookie },
    });
    expect(del.statusCode).toBe(403);
  });

  it('accepts our own origin, and a bare DELETE from a signed-in manager', async () => {
    const created = await t.asManager('POST', '/api/customers', { companyName: 'Bare Delete Pty' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${created.json().id}`,
      headers: { origin: 'http://localhost:5000', cookie: t.manager.cookie },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('sends no-store on answers with personal data', async () => {
    for (const url of ['/api/drivers', '/api/users', '/api/customers', '/api/preferences', '/api/user']) {
      const res = await t.asManager('GET', url);
      expect(res.headers['cache-control'], url).toMatch(/^no-store/);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      remoteAddress: '198.51.100.21',
      payload: { email: t.manager.user.email, password: 'wrong-password' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('passwords', () => {
  it("refuses '123456' and 'password1' on registration with the message", async () => {
    for (const [i, password] of ['123456', 'password1'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: json,
        remoteAddress: `198.51.100.3${i}`,
        payload: { email: `common${i}@example.test`, password, firstName: 'Ann', lastName: 'Lee' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        message: COMMON_PASSWORD_MESSAGE,
        errors: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }],
      });
    }
    expect(COMMON_PASSWORD_MESSAGE).toBe('This password is too common. Please choose another.');
  });
});

describe('bounds and shapes', () => {
  it('refuses an over-long name with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      remoteAddress: '198.51.100.40',
      payload: {
        email: 'long@example.test',
        password: 'Harbour-Bridge-77',
        firstName: 'A'.repeat(101),
        lastName: 'Lee',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'firstName', message: 'Must be at most 100 characters' }]);
  });

  it('answers an over-long id and a malformed address in the API format', async () => {
    const long = await t.asManager('GET', `/api/customers/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: expect.any(String) });
    const bad = await t.app.inject({ url: '/api/customers/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid address' });
  });

  it('keeps a short X-Request-Id and replaces any other', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('a b<script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('wants an http(s) website in the document settings', async () => {
    const res = await t.asManager('PUT', '/api/document-settings', {
      companyName: 'Harbour City Coaches',
      companyAddress: '1 Quay St',
      companyPhone: '02 9999 0000',
      companyEmail: 'office@example.test',
      companyABN: '12 345 678 901',
      companyWebsite: 'javascript:alert(1)',
      primaryColor: '#1e40af',
      secondaryColor: '#64748b',
      accentColor: '#0891b2',
      quoteHeaderText: 'QUOTE',
      showLoyaltyFooter: true,
      showVehicleNotes: true,
      showTermsAndConditions: true,
      showPricingBreakdown: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'companyWebsite', message: 'Website must start with http:// or https://' },
    ]);
  });
});

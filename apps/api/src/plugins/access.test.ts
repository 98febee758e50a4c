import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from '../test/test-app';
import { ANONYMOUS, allows, type Identity } from './access';

/** Fills a route's path parameters so that it can be called. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000').replace(/\*$/, 'x');
}

describe('route walk: every non-public route refuses an anonymous caller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has an access declaration on every /api route', () => {
    expect(t.app.routeCatalog.length).toBeGreaterThan(0);
    for (const route of t.app.routeCatalog) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('answers 401 Unauthorized to anonymous calls of every non-public route', async () => {
    const guarded = t.app.routeCatalog.filter((r) => r.access !== 'public');
    // The walk proves nothing without guarded routes to walk.
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/user', 'GET /api/preferences', 'PUT /api/preferences']),
    );
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 401 to a bare PUT, PATCH or DELETE: only a POST needs JSON or the custom header', async () => {
    const bare = t.app.routeCatalog.filter(
      (r) => r.access !== 'public' && /^(PUT|PATCH|DELETE)$/.test(r.method),
    );
    expect(bare.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['DELETE /api/customers/:id']),
    );
    for (const route of bare) {
      const res = await t.app.inject({ method: route.method as 'DELETE', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('access rules', () => {
  const manager: Identity = { user: { id: 'm', roles: ['manager'] }, terminalDriverId: null };
  const driver: Identity = { user: { id: 'd', roles: ['driver'] }, terminalDriverId: null };
  const terminal: Identity = { user: null, terminalDriverId: 'd' };

  it('matches roles, terminal sessions and lists', () => {
    expect(allows('public', ANONYMOUS)).toBe(true);
    expect(allows('authenticated', ANONYMOUS)).toBe(false);
    expect(allows('authenticated', driver)).toBe(true);
    expect(allows('manager', driver)).toBe(false);
    expect(allows('manager', manager)).toBe(true);
    expect(allows('driver', manager)).toBe(false);
    expect(allows('terminal', driver)).toBe(false);
    expect(allows(['driver', 'terminal'], terminal)).toBe(true);
    expect(allows(['manager', 'terminal'], driver)).toBe(false);
  });

  describe('through HTTP', () => {
    let app: FastifyInstance;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const database = await openTestDatabase();
      app = await buildApp({
        config: testConfig(),
        db: database.db,
        engine: database.engine,
        // A test header stands in for the session, which this test is not about.
        resolveIdentity: (request) =>
          ({ manager, driver, terminal })[String(request.headers['x-test-as'])] ?? ANONYMOUS,
        extraRoutes: (scope) => {
          scope.get('/api/test/manager-only', { config: { access: 'manager' } }, async () => ({ ok: true }));
          scope.get(
            '/api/test/drivers-and-terminal',
            { config: { access: ['driver', 'terminal'] } },
            async () => ({
              ok: true,
            }),
          );
        },
      });
      close = async () => {
        await app.close();
        await database.close();
      };
    });
    afterAll(() => close());

    it('answers 401 anonymous, 403 without the role, 200 with it', async () => {
      const call = (url: string, as?: string) => app.inject({ url, headers: as ? { 'x-test-as': as } : {} });
      expect((await call('/api/test/manager-only')).statusCode).toBe(401);
      const forbidden = await call('/api/test/manager-only', 'driver');
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'Forbidden' });
      expect((await call('/api/test/manager-only', 'manager')).statusCode).toBe(200);
      expect((await call('/api/test/drivers-and-terminal', 'terminal')).statusCode).toBe(200);
      expect((await call('/api/test/drivers-and-terminal', 'manager')).statusCode).toBe(403);
    });

    it('refuses to register a route without an access declaration', async () => {
      const database = await openTestDatabase();
      await expect(
        buildApp({
          config: testConfig(),
          db: database.db,
          engine: database.engine,
          extraRoutes: (scope) => {
            scope.get('/api/test/undeclared', async () => ({}));
          },
        }),
      ).rejects.toThrow(/declares no access/);
      await database.close();
    });
  });
});

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './http/errors';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/api/test/echo',
        {
          config: { access: 'public' },
          schema: {
            body: z.object({
              email: z.email({ error: 'Please enter a valid email address' }),
              age: z.number().int(),
            }),
          },
        },
        async (request) => ({ received: request.body }),
      );
      typed.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail');
      });
      typed.get('/api/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
      typed.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
        throw new HttpError(409, 'Vehicle is still used by 2 jobs');
      });
    },
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok with the engine in use', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.engine });
  });
});

describe('error conventions', () => {
  it('answers 400 with errors[] and the schema message for a bad body, and never echoes it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please enter a valid email address');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        expect.objectContaining({ path: 'age' }),
      ]),
    );
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('hides internal failures behind a plain 500 message', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('passes a rule violation through with its status and message', async () => {
    const res = await t.app.inject('/api/test/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Vehicle is still used by 2 jobs' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/jobs/123/whatever']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('security headers and cross-site requests', () => {
  it('sets nosniff, frame and content-security headers and a request id', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', age: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a form-encoded post without the custom header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co',
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a bodiless post that carries the custom header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'x-requested-with': 'dms' },
    });
    // It reaches validation (400), which it would not if refused as cross-site.
    expect(res.statusCode).toBe(400);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted, so throttles cannot be dodged', async () => {
    const res = await t.app.inject({
      url: '/api/test/ip',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(res.json()).toEqual({ ip: '203.0.113.7' });
  });
});

describe('branding', () => {
  it('answers the built-in defaults when nothing is stored', async () => {
    const res = await t.app.inject('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      appName: 'Driver Management System',
      appDescription: 'Driver Management System',
      appIcon: 'Truck',
      tagline: 'Streamline your transportation operations',
      logoUrl: null,
      logoBackground: 'transparent',
      currency: 'AUD',
      locale: 'en-AU',
      timeZone: 'Australia/Sydney',
      hoursRuleSet: 'au-hvnl-standard-solo',
      licenceClassSet: 'au',
      signOnMinutes: 30,
      signOffMinutes: 15,
      terminalIdleMinutes: 3,
      version: 0,
    });
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document that lists the routes', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/settings']));
  });

  it('serves the browsable documentation', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

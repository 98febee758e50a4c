import { DEFAULT_PREFERENCES, MESSAGES } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, (await createUser(t.db)).email);
});
afterAll(() => t.close());

const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'PUT', url: '/api/preferences', payload: payload as object, headers });

describe('/api/preferences', () => {
  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/preferences' })).statusCode).toBe(401);
    const res = await put(DEFAULT_PREFERENCES, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers the defaults when nothing was saved', async () => {
    const res = await t.app.inject({ url: '/api/preferences', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      emailNewAssignments: 1,
      emailJobUpdates: 1,
      emailCancellations: 1,
      emailReminders: 1,
      reminderHours: 24,
      emailSafetyAlerts: 1,
      // The weekly compliance digest is chosen, never assumed (ADR 35).
      emailComplianceDigest: 0,
    });
  });

  it('saves and answers the saved values, which later reads return', async () => {
    const values = {
      emailNewAssignments: 0,
      emailJobUpdates: 1,
      emailCancellations: 0,
      emailReminders: 1,
      reminderHours: 72,
    };
    const res = await put({ ...values, unknownField: 'dropped' });
    expect(res.statusCode).toBe(200);
    // A client that does not know the managers' safety alerts leaves them on (ADR 28).
    // …and the weekly compliance digest off.
    expect(res.json()).toEqual({ ...values, emailSafetyAlerts: 1, emailComplianceDigest: 0 });
    const saved = await put({ ...values, reminderHours: 2, emailSafetyAlerts: 0, emailComplianceDigest: 1 });
    expect(saved.json()).toMatchObject({ reminderHours: 2, emailSafetyAlerts: 0, emailComplianceDigest: 1 });
    const read = await t.app.inject({ url: '/api/preferences', headers: { cookie } });
    expect(read.json()).toEqual({
      ...values,
      reminderHours: 2,
      emailSafetyAlerts: 0,
      emailComplianceDigest: 1,
    });
  });

  it('keeps each user to their own preferences', async () => {
    const other = await signIn(t.app, (await createUser(t.db)).email);
    const res = await t.app.inject({ url: '/api/preferences', headers: { cookie: other } });
    expect(res.json()).toEqual(DEFAULT_PREFERENCES);
  });

  it.each([0, 169, 1.5, '24'])('refuses reminderHours %j with the spec message', async (reminderHours) => {
    const res = await put({ ...DEFAULT_PREFERENCES, reminderHours });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'reminderHours', message: MESSAGES.reminderHours });
  });

  it('accepts the bounds 1 and 168', async () => {
    expect((await put({ ...DEFAULT_PREFERENCES, reminderHours: 1 })).statusCode).toBe(200);
    expect((await put({ ...DEFAULT_PREFERENCES, reminderHours: 168 })).statusCode).toBe(200);
  });

  it('refuses flags other than 0 and 1', async () => {
    const res = await put({ ...DEFAULT_PREFERENCES, emailReminders: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('emailReminders');
  });
});

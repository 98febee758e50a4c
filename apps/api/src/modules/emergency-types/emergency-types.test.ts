import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyAlerts } from '../../db/schema';
import { createSessionIdentityResolver } from '../../plugins/session-identity';
import { signIn } from '../../test/auth-helpers';
import { createDriver, createManager } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };
// The terminal PIN sign-in is not part of this module: a header stands in for a terminal session.
const TERMINAL_HEADER = 'x-test-terminal-driver';

interface EmergencyType {
  id: string;
  name: string;
  description: string | null;
  severity: string;
  isActive: 0 | 1;
  sortOrder: number;
  requiresImmediateResponse: 0 | 1;
}

describe('emergency types', () => {
  let t: TestApp;
  let manager: string;
  let driver: string;
  let driverId: string;

  beforeAll(async () => {
    t = await createTestApp({
      resolveIdentity: (request) => {
        const terminalDriverId = request.headers[TERMINAL_HEADER];
        if (typeof terminalDriverId === 'string') return { user: null, terminalDriverId };
        return createSessionIdentityResolver(request.server.db)(request);
      },
    });
    manager = await signIn(t.app, (await createManager(t.db)).email);
    const d = await createDriver(t.db);
    driverId = d.id;
    driver = await signIn(t.app, d.email);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = { cookie: manager },
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(payload === undefined ? { 'x-requested-with': 'XMLHttpRequest' } : JSON_HEADERS),
        ...headers,
      },
      payload: payload as object | undefined,
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/emergency-types', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as EmergencyType;
  };
  const list = async (query = '', headers: Record<string, string> = { cookie: manager }) => {
    const res = await call('GET', `/api/emergency-types${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EmergencyType[];
  };

  it('requires a name', async () => {
    for (const body of [{}, { name: '' }, { name: '  ', description: 'x' }]) {
      const res = await call('POST', '/api/emergency-types', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Name is required',
        errors: [{ path: 'name', message: 'Name is required' }],
      });
    }
    expect((await call('POST', '/api/emergency-types', { name: 'x', severity: 'extreme' })).statusCode).toBe(
      400,
    );
    const put = await call('PUT', '/api/emergency-types/x', { name: '' });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('Name is required');
  });

  it('creates with the defaults, in order', async () => {
    const first = await create({ name: 'Medical Emergency', description: '' });
    expect(first).toMatchObject({
      name: 'Medical Emergency',
      description: null,
      severity: 'medium',
      icon: 'alert-circle',
      color: 'red',
      requiresImmediateNotification: 1,
      requiresImmediateResponse: 0,
      isActive: 1,
      sortOrder: 0,
    });
    const second = await create({
      name: 'Vehicle Fire',
      description: 'Evacuate',
      severity: 'critical',
      requiresImmediateResponse: true,
    });
    expect(second).toMatchObject({ severity: 'critical', requiresImmediateResponse: 1, sortOrder: 1 });
    expect((await list()).map((e) => e.name)).toEqual(['Medical Emergency', 'Vehicle Fire']);
  });

  it('changes only the fields sent; 404 for a missing type', async () => {
    const [first] = await list();
    const res = await call('PUT', `/api/emergency-types/${first!.id}`, { severity: 'high' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...first, severity: 'high' });
    const cleared = await call('PUT', `/api/emergency-types/${first!.id}`, {
      description: 'Call 000',
      name: 'Medical',
    });
    expect(cleared.json()).toMatchObject({ name: 'Medical', description: 'Call 000', severity: 'high' });
    const missing = '00000000-0000-0000-0000-000000000000';
    expect((await call('PUT', `/api/emergency-types/${missing}`, { name: 'x' })).statusCode).toBe(404);
    const del = await call('DELETE', `/api/emergency-types/${missing}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Emergency type not found' });
  });

  it('lets only managers write', async () => {
    const [first] = await list();
    for (const [headers, status] of [
      [{ cookie: driver }, 403],
      // A terminal session is no user session: manager routes treat it as anonymous.
      [{ [TERMINAL_HEADER]: driverId }, 401],
      [{}, 401],
    ] as const) {
      expect((await call('POST', '/api/emergency-types', { name: 'x' }, headers)).statusCode).toBe(status);
      expect(
        (await call('PUT', `/api/emergency-types/${first!.id}`, { name: 'x' }, headers)).statusCode,
      ).toBe(status);
      expect((await call('DELETE', `/api/emergency-types/${first!.id}`, undefined, headers)).statusCode).toBe(
        status,
      );
    }
    expect((await call('GET', '/api/emergency-types', undefined, {})).statusCode).toBe(401);
  });

  it('deletes an unused type, deactivates a used one, and hides it from drivers', async () => {
    const unused = await create({ name: 'Unused' });
    const used = await create({ name: 'Breakdown', severity: 'low' });
    await t.db.insert(emergencyAlerts).values({ driverId, emergencyTypeId: used.id, location: 'M4' });

    const deleted = await call('DELETE', `/api/emergency-types/${unused.id}`);
    expect(deleted.json()).toEqual({ message: 'Emergency type deleted successfully', deactivated: false });
    const deactivated = await call('DELETE', `/api/emergency-types/${used.id}`);
    expect(deactivated.json()).toEqual({
      message: 'Emergency type deactivated: alerts were raised with it',
      deactivated: true,
    });

    expect((await list('?includeInactive=1')).find((e) => e.id === used.id)?.isActive).toBe(0);
    expect((await list('?includeInactive=1')).map((e) => e.id)).not.toContain(unused.id);
    expect((await list()).map((e) => e.id)).not.toContain(used.id);
    for (const headers of [{ cookie: driver }, { [TERMINAL_HEADER]: driverId }] as Record<string, string>[]) {
      const seen = await list('?includeInactive=1', headers);
      expect(seen.length).toBe(2);
      expect(seen.map((e) => e.id)).not.toContain(used.id);
    }
    const back = await call('PUT', `/api/emergency-types/${used.id}`, { isActive: 1 });
    expect(back.json().isActive).toBe(1);
    expect((await list('', { cookie: driver })).map((e) => e.id)).toContain(used.id);
  });
});

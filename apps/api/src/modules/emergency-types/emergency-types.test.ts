import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyAlerts } from '../../db/schema';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

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
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp({ terminal: true });
  });
  afterAll(() => t.close());

  const ROUTE = '/api/emergency-types';
  const create = async (body: object) =>
    expectJson<EmergencyType>(await t.asManager('POST', ROUTE, body), 201);
  const list = async (query = '', as: Caller = t.asManager) =>
    expectJson<EmergencyType[]>(await as('GET', `${ROUTE}${query}`), 200);

  it('requires a name', async () => {
    for (const body of [{}, { name: '' }, { name: '  ', description: 'x' }]) {
      const res = await t.asManager('POST', '/api/emergency-types', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Name is required',
        errors: [{ path: 'name', message: 'Name is required' }],
      });
    }
    expect(
      (await t.asManager('POST', '/api/emergency-types', { name: 'x', severity: 'extreme' })).statusCode,
    ).toBe(400);
    const put = await t.asManager('PUT', '/api/emergency-types/x', { name: '' });
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
    const res = await t.asManager('PUT', `/api/emergency-types/${first!.id}`, { severity: 'high' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...first, severity: 'high' });
    const cleared = await t.asManager('PUT', `/api/emergency-types/${first!.id}`, {
      description: 'Call 000',
      name: 'Medical',
    });
    expect(cleared.json()).toMatchObject({ name: 'Medical', description: 'Call 000', severity: 'high' });
    const missing = '00000000-0000-0000-0000-000000000000';
    expect((await t.asManager('PUT', `/api/emergency-types/${missing}`, { name: 'x' })).statusCode).toBe(404);
    const del = await t.asManager('DELETE', `/api/emergency-types/${missing}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Emergency type not found' });
  });

  it('lets only managers write', async () => {
    const [first] = await list();
    for (const [as, status] of [
      [t.asDriver, 403],
      // A terminal session is no user session: manager routes treat it as anonymous.
      [t.asTerminal, 401],
      [t.anonymous, 401],
    ] as const) {
      expect((await as('POST', '/api/emergency-types', { name: 'x' })).statusCode).toBe(status);
      expect((await as('PUT', `/api/emergency-types/${first!.id}`, { name: 'x' })).statusCode).toBe(status);
      expect((await as('DELETE', `/api/emergency-types/${first!.id}`)).statusCode).toBe(status);
    }
    expect((await t.anonymous('GET', '/api/emergency-types')).statusCode).toBe(401);
  });

  it('deletes an unused type, deactivates a used one, and hides it from drivers', async () => {
    const unused = await create({ name: 'Unused' });
    const used = await create({ name: 'Breakdown', severity: 'low' });
    await t.db
      .insert(emergencyAlerts)
      .values({ driverId: t.driver.user.id, emergencyTypeId: used.id, location: 'M4' });

    const deleted = await t.asManager('DELETE', `/api/emergency-types/${unused.id}`);
    expect(deleted.json()).toEqual({ message: 'Emergency type deleted successfully', deactivated: false });
    const deactivated = await t.asManager('DELETE', `/api/emergency-types/${used.id}`);
    expect(deactivated.json()).toEqual({
      message: 'Emergency type deactivated: alerts were raised with it',
      deactivated: true,
    });

    expect((await list('?includeInactive=1')).find((e) => e.id === used.id)?.isActive).toBe(0);
    expect((await list('?includeInactive=1')).map((e) => e.id)).not.toContain(unused.id);
    expect((await list()).map((e) => e.id)).not.toContain(used.id);
    for (const as of [t.asDriver, t.asTerminal]) {
      const seen = await list('?includeInactive=1', as);
      expect(seen.length).toBe(2);
      expect(seen.map((e) => e.id)).not.toContain(used.id);
    }
    const back = await t.asManager('PUT', `/api/emergency-types/${used.id}`, { isActive: 1 });
    expect(back.json().isActive).toBe(1);
    expect((await list('', t.asDriver)).map((e) => e.id)).toContain(used.id);
  });
});

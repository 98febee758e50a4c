import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depots, jobVehicles } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createDepot, createDriver, createJob, createManager, createVehicle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let managerCookie: string;
let driverCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  managerCookie = await signIn(t.app, (await createManager(t.db)).email);
  driverCookie = await signIn(t.app, (await createDriver(t.db)).email);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { 'x-requested-with': 'dms', ...(cookie ? { cookie } : {}) },
  });
const asManager = (method: Method, url: string, payload?: object) =>
  call(managerCookie, method, url, payload);
const asDriver = (method: Method, url: string, payload?: object) => call(driverCookie, method, url, payload);

describe('depots', () => {
  it('creates, edits and lists by name; blank address becomes null', async () => {
    const res = await asManager('POST', '/api/depots', { name: ' North Depot ', address: '' });
    expect(res.statusCode).toBe(201);
    const depot = res.json();
    expect(depot).toEqual({ id: expect.any(String), name: 'North Depot', address: null, isActive: 1 });
    const edited = await asManager('PUT', `/api/depots/${depot.id}`, {
      name: 'North Depot',
      address: '1 Main St',
    });
    expect(edited.json()).toMatchObject({ address: '1 Main St' });
    const list = await asDriver('GET', '/api/depots?search=north');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: depot.id }] });
    expect((await asManager('PUT', '/api/depots/missing', { name: 'X' })).json()).toEqual({
      message: 'Depot not found',
    });
  });

  it('answers 400 without a name', async () => {
    const res = await asManager('POST', '/api/depots', { address: 'Somewhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'name', message: 'Depot name is required' });
  });

  it('lets drivers read but not write, and refuses anonymous callers', async () => {
    const depot = await createDepot(t.db);
    expect((await asDriver('POST', '/api/depots', { name: 'X' })).statusCode).toBe(403);
    expect((await asDriver('PUT', `/api/depots/${depot.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await asDriver('DELETE', `/api/depots/${depot.id}`)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/depots')).statusCode).toBe(401);
  });

  it('deletes an unused depot', async () => {
    const depot = await createDepot(t.db);
    const res = await asManager('DELETE', `/api/depots/${depot.id}`);
    expect(res.json()).toEqual({ message: 'Depot deleted successfully', deactivated: false });
    expect(await t.db.select().from(depots).where(eq(depots.id, depot.id))).toEqual([]);
  });

  it('deactivates a depot that vehicles or jobs use; it leaves the active list; it can be reactivated', async () => {
    const depot = await createDepot(t.db, 'Used Depot');
    await createVehicle(t.db, { defaultDepotId: depot.id });
    const job = await createJob(t.db);
    await t.db
      .insert(jobVehicles)
      .values({ jobId: job.id, startingDepotId: depot.id, endingDepotId: depot.id });
    const res = await asManager('DELETE', `/api/depots/${depot.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Depot is used by 1 vehicle and 1 job, so it was deactivated instead of deleted',
      deactivated: true,
    });
    expect((await asDriver('GET', '/api/depots?search=Used%20Depot')).json().total).toBe(0);
    // Only managers see inactive rows.
    expect((await asDriver('GET', '/api/depots?search=Used%20Depot&includeInactive=1')).json().total).toBe(0);
    const all = await asManager('GET', '/api/depots?search=Used%20Depot&includeInactive=1');
    expect(all.json().items).toEqual([expect.objectContaining({ id: depot.id, isActive: 0 })]);
    const [slot] = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id));
    expect(slot!.startingDepotId).toBe(depot.id);

    const back = await asManager('PUT', `/api/depots/${depot.id}`, { name: 'Used Depot', isActive: 1 });
    expect(back.json().isActive).toBe(1);
  });
});

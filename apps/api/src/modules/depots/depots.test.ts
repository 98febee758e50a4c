import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depots, jobVehicles } from '../../db/schema';
import { createDepot, createJob, createVehicle } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

describe('depots', () => {
  it('creates, edits and lists by name; blank address becomes null', async () => {
    const res = await t.asManager('POST', '/api/depots', { name: ' North Depot ', address: '' });
    expect(res.statusCode).toBe(201);
    const depot = res.json();
    expect(depot).toEqual({ id: expect.any(String), name: 'North Depot', address: null, isActive: 1 });
    const edited = await t.asManager('PUT', `/api/depots/${depot.id}`, {
      name: 'North Depot',
      address: '1 Main St',
    });
    expect(edited.json()).toMatchObject({ address: '1 Main St' });
    const list = await t.asDriver('GET', '/api/depots?search=north');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: depot.id }] });
    expect((await t.asManager('PUT', '/api/depots/missing', { name: 'X' })).json()).toEqual({
      message: 'Depot not found',
    });
  });

  it('answers 400 without a name', async () => {
    const res = await t.asManager('POST', '/api/depots', { address: 'Somewhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'name', message: 'Depot name is required' });
  });

  it('lets drivers read but not write, and refuses anonymous callers', async () => {
    const depot = await createDepot(t.db);
    expect((await t.asDriver('POST', '/api/depots', { name: 'X' })).statusCode).toBe(403);
    expect((await t.asDriver('PUT', `/api/depots/${depot.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await t.asDriver('DELETE', `/api/depots/${depot.id}`)).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/depots')).statusCode).toBe(401);
  });

  it('deletes an unused depot', async () => {
    const depot = await createDepot(t.db);
    const res = await t.asManager('DELETE', `/api/depots/${depot.id}`);
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
    const res = await t.asManager('DELETE', `/api/depots/${depot.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Depot is used by 1 vehicle and 1 job, so it was deactivated instead of deleted',
      deactivated: true,
    });
    expect((await t.asDriver('GET', '/api/depots?search=Used%20Depot')).json().total).toBe(0);
    // Only managers see inactive rows.
    expect((await t.asDriver('GET', '/api/depots?search=Used%20Depot&includeInactive=1')).json().total).toBe(
      0,
    );
    const all = await t.asManager('GET', '/api/depots?search=Used%20Depot&includeInactive=1');
    expect(all.json().items).toEqual([expect.objectContaining({ id: depot.id, isActive: 0 })]);
    const [slot] = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id));
    expect(slot!.startingDepotId).toBe(depot.id);

    const back = await t.asManager('PUT', `/api/depots/${depot.id}`, { name: 'Used Depot', isActive: 1 });
    expect(back.json().isActive).toBe(1);
  });
});

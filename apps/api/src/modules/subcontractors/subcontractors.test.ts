import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subcontractors, vehicles } from '../../db/schema';
import { createCategory } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

const partner = {
  companyName: 'Coastal Coaches',
  contactName: 'Sam Partner',
  phone: '0400 000 000',
  email: 'Ops@Coastal.example',
  address: '9 Harbour St',
};

async function addPartnerVehicle(subcontractorId: string, registrationNumber: string) {
  const category = await createCategory(t.db);
  const res = await t.asManager('POST', '/api/vehicles', {
    type: 'subcontracted',
    subcontractorId,
    categoryId: category.id,
    registrationNumber,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('subcontractors', () => {
  it('creates (email lower-cased), edits, and lists with the vehicle count', async () => {
    const res = await t.asManager('POST', '/api/subcontractors', partner);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      ...partner,
      email: 'ops@coastal.example',
      isActive: 1,
      vehicleCount: 0,
    });
    await addPartnerVehicle(created.id, 'PARTNER-1');
    await addPartnerVehicle(created.id, 'PARTNER-2');
    const list = await t.asManager('GET', '/api/subcontractors?search=coastal');
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: created.id, vehicleCount: 2 }] });
    const bySearch = await t.asManager('GET', '/api/subcontractors?search=sam%20part');
    expect(bySearch.json().total).toBe(1);

    const edited = await t.asManager('PUT', `/api/subcontractors/${created.id}`, { ...partner, phone: '' });
    expect(edited.json()).toMatchObject({ phone: null, vehicleCount: 2 });

    // Editing a partner vehicle without resending its type keeps it a partner vehicle.
    const [first] = (await t.asManager('GET', `/api/vehicles?subcontractorId=${created.id}`)).json().items;
    const kept = await t.asManager('PUT', `/api/vehicles/${first.id}`, {
      categoryId: first.categoryId,
      registrationNumber: first.registrationNumber,
      subcontractorId: created.id,
      nickname: 'Hired',
    });
    expect(kept.json()).toMatchObject({
      type: 'subcontracted',
      subcontractorId: created.id,
      nickname: 'Hired',
    });
    const orphan = await t.asManager('PUT', `/api/vehicles/${first.id}`, {
      categoryId: first.categoryId,
      registrationNumber: first.registrationNumber,
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toEqual([
      { path: 'subcontractorId', message: 'Subcontractor is required for a partner vehicle' },
    ]);

    // The "manage vehicles" dialog.
    const fleet = await t.asManager('GET', `/api/vehicles?type=subcontracted&subcontractorId=${created.id}`);
    expect(fleet.json().items.map((v: { registrationNumber: string }) => v.registrationNumber)).toEqual([
      'PARTNER-1',
      'PARTNER-2',
    ]);
  });

  it.each([
    [{ companyName: '' }, 'companyName', 'Company name is required'],
    [{ phone: '12345' }, 'phone', 'Phone number must be at least 10 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
  ])('answers 400 for %j', async (override, path, message) => {
    const res = await t.asManager('POST', '/api/subcontractors', { ...partner, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('is for managers only', async () => {
    expect((await t.asDriver('GET', '/api/subcontractors')).statusCode).toBe(403);
    expect((await t.asDriver('POST', '/api/subcontractors', partner)).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/subcontractors')).statusCode).toBe(401);
  });

  it('deletes a subcontractor without vehicles', async () => {
    const created = (await t.asManager('POST', '/api/subcontractors', partner)).json();
    const res = await t.asManager('DELETE', `/api/subcontractors/${created.id}`);
    expect(res.json()).toEqual({ message: 'Subcontractor deleted successfully', deactivated: false });
    expect(await t.db.select().from(subcontractors).where(eq(subcontractors.id, created.id))).toEqual([]);
    expect((await t.asManager('DELETE', `/api/subcontractors/${created.id}`)).statusCode).toBe(404);
  });

  it('deactivates a subcontractor with vehicles, and its vehicles with it', async () => {
    const created = (
      await t.asManager('POST', '/api/subcontractors', { companyName: 'Retiring Partner' })
    ).json();
    const vehicle = await addPartnerVehicle(created.id, 'RETIRE-1');
    const res = await t.asManager('DELETE', `/api/subcontractors/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Subcontractor has 1 vehicle, so it and its vehicles were deactivated instead of deleted',
      deactivated: true,
    });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row).toMatchObject({ isActive: 0, subcontractorId: created.id });
    expect((await t.asManager('GET', '/api/subcontractors?search=Retiring')).json().total).toBe(0);
    const all = await t.asManager('GET', '/api/subcontractors?search=Retiring&includeInactive=1');
    expect(all.json().items).toEqual([expect.objectContaining({ isActive: 0, vehicleCount: 1 })]);
    // A retired partner cannot receive new vehicles.
    const category = await createCategory(t.db);
    const refused = await t.asManager('POST', '/api/vehicles', {
      type: 'subcontracted',
      subcontractorId: created.id,
      categoryId: category.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'subcontractorId', message: 'Subcontractor not found' }]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRequirements, vehicleCategoriesNew, vehicles } from '../../db/schema';
import { createJob, createVehicle } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());
const BASE = '/api/vehicle-categories-new';

describe('vehicle categories', () => {
  it('creates with a default colour and a unique slug: a clash gets -2, -3', async () => {
    const first = await t.asManager('POST', BASE, { name: 'Double Decker' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Double Decker',
      slug: 'double-decker',
      color: '#3b82f6',
      isActive: 1,
      vehicleCount: 0,
    });
    const second = await t.asManager('POST', BASE, { name: 'double  decker!', color: '#abc' });
    expect(second.json()).toMatchObject({ slug: 'double-decker-2', color: '#abc' });
    const third = await t.asManager('POST', BASE, { name: 'Double-Decker' });
    expect(third.json().slug).toBe('double-decker-3');
    const symbols = await t.asManager('POST', BASE, { name: '***' });
    expect(symbols.json().slug).toBe('category');
  });

  it.each([
    [{ name: '' }, 'name', 'Category name is required'],
    [{ name: '   ' }, 'name', 'Category name is required'],
    [{}, 'name', 'Category name is required'],
    [{ name: 'Coach', color: 'blue' }, 'color', 'Invalid hex color'],
  ])('answers 400 for %j', async (payload, path, message) => {
    const res = await t.asManager('POST', BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('lists by name with vehicle counts; drivers and the terminal may read, not write', async () => {
    const created = (await t.asManager('POST', BASE, { name: 'Aaa Minibus' })).json();
    await createVehicle(t.db, { categoryId: created.id });
    await createVehicle(t.db, { categoryId: created.id, isActive: 0 });
    const list = await t.asDriver('GET', `${BASE}?search=aaa`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.json().items[0]).toMatchObject({ id: created.id, vehicleCount: 2 });

    expect((await t.asDriver('POST', BASE, { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.asDriver('PUT', `${BASE}/${created.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.asDriver('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(403);
    expect((await t.anonymous('GET', BASE)).statusCode).toBe(401);
  });

  it('renames: the slug follows (and the legacy slug on its vehicles)', async () => {
    const created = (await t.asManager('POST', BASE, { name: 'School Bus' })).json();
    const vehicle = await createVehicle(t.db, { categoryId: created.id, category: created.slug });
    const res = await t.asManager('PUT', `${BASE}/${created.id}`, { name: 'Student Bus', color: '#112233' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Student Bus', slug: 'student-bus', color: '#112233' });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.category).toBe('student-bus');
    // Keeping the name keeps the slug, even though it clashes with itself.
    const again = await t.asManager('PUT', `${BASE}/${created.id}`, {
      name: 'Student Bus',
      color: '#112233',
    });
    expect(again.json().slug).toBe('student-bus');
    expect((await t.asManager('PUT', `${BASE}/missing`, { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete a category that vehicles use, naming the count', async () => {
    const created = (await t.asManager('POST', BASE, { name: 'Busy Category' })).json();
    for (let i = 0; i < 4; i++) await createVehicle(t.db, { categoryId: created.id });
    const res = await t.asManager('DELETE', `${BASE}/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This category is used by 4 vehicles. Move them to another category first.',
    });
  });

  it('deletes an unused category; job requirements keep their copy of its name', async () => {
    const created = (await t.asManager('POST', BASE, { name: 'Spare Category' })).json();
    const job = await createJob(t.db);
    await t.db
      .insert(jobRequirements)
      .values({ jobId: job.id, categoryId: created.id, categoryName: 'Spare Category' });
    const res = await t.asManager('DELETE', `${BASE}/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Category deleted successfully' });
    expect(
      await t.db.select().from(vehicleCategoriesNew).where(eq(vehicleCategoriesNew.id, created.id)),
    ).toEqual([]);
    const [requirement] = await t.db.select().from(jobRequirements).where(eq(jobRequirements.jobId, job.id));
    expect(requirement).toMatchObject({ categoryId: null, categoryName: 'Spare Category' });
    expect((await t.asManager('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(404);
  });
});

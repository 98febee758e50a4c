import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRequirements, vehicleCategoriesNew, vehicles } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createDriver, createJob, createManager, createVehicle } from '../../test/factories';
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
const BASE = '/api/vehicle-categories-new';

describe('vehicle categories', () => {
  it('creates with a default colour and a unique slug: a clash gets -2, -3', async () => {
    const first = await asManager('POST', BASE, { name: 'Double Decker' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Double Decker',
      slug: 'double-decker',
      color: '#3b82f6',
      isActive: 1,
      vehicleCount: 0,
    });
    const second = await asManager('POST', BASE, { name: 'double  decker!', color: '#abc' });
    expect(second.json()).toMatchObject({ slug: 'double-decker-2', color: '#abc' });
    const third = await asManager('POST', BASE, { name: 'Double-Decker' });
    expect(third.json().slug).toBe('double-decker-3');
    const symbols = await asManager('POST', BASE, { name: '***' });
    expect(symbols.json().slug).toBe('category');
  });

  it.each([
    [{ name: '' }, 'name', 'Category name is required'],
    [{ name: '   ' }, 'name', 'Category name is required'],
    [{}, 'name', 'Category name is required'],
    [{ name: 'Coach', color: 'blue' }, 'color', 'Invalid hex color'],
  ])('answers 400 for %j', async (payload, path, message) => {
    const res = await asManager('POST', BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('lists by name with vehicle counts; drivers and the terminal may read, not write', async () => {
    const created = (await asManager('POST', BASE, { name: 'Aaa Minibus' })).json();
    await createVehicle(t.db, { categoryId: created.id });
    await createVehicle(t.db, { categoryId: created.id, isActive: 0 });
    const list = await asDriver('GET', `${BASE}?search=aaa`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.json().items[0]).toMatchObject({ id: created.id, vehicleCount: 2 });

    expect((await asDriver('POST', BASE, { name: 'Nope' })).statusCode).toBe(403);
    expect((await asDriver('PUT', `${BASE}/${created.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await asDriver('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', BASE)).statusCode).toBe(401);
  });

  it('renames: the slug follows (and the legacy slug on its vehicles)', async () => {
    const created = (await asManager('POST', BASE, { name: 'School Bus' })).json();
    const vehicle = await createVehicle(t.db, { categoryId: created.id, category: created.slug });
    const res = await asManager('PUT', `${BASE}/${created.id}`, { name: 'Student Bus', color: '#112233' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Student Bus', slug: 'student-bus', color: '#112233' });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.category).toBe('student-bus');
    // Keeping the name keeps the slug, even though it clashes with itself.
    const again = await asManager('PUT', `${BASE}/${created.id}`, { name: 'Student Bus', color: '#112233' });
    expect(again.json().slug).toBe('student-bus');
    expect((await asManager('PUT', `${BASE}/missing`, { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete a category that vehicles use, naming the count', async () => {
    const created = (await asManager('POST', BASE, { name: 'Busy Category' })).json();
    for (let i = 0; i < 4; i++) await createVehicle(t.db, { categoryId: created.id });
    const res = await asManager('DELETE', `${BASE}/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This category is used by 4 vehicles. Move them to another category first.',
    });
  });

  it('deletes an unused category; job requirements keep their copy of its name', async () => {
    const created = (await asManager('POST', BASE, { name: 'Spare Category' })).json();
    const job = await createJob(t.db);
    await t.db
      .insert(jobRequirements)
      .values({ jobId: job.id, categoryId: created.id, categoryName: 'Spare Category' });
    const res = await asManager('DELETE', `${BASE}/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Category deleted successfully' });
    expect(
      await t.db.select().from(vehicleCategoriesNew).where(eq(vehicleCategoriesNew.id, created.id)),
    ).toEqual([]);
    const [requirement] = await t.db.select().from(jobRequirements).where(eq(jobRequirements.jobId, job.id));
    expect(requirement).toMatchObject({ categoryId: null, categoryName: 'Spare Category' });
    expect((await asManager('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(404);
  });
});

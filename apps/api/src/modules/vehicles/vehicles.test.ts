import { STALE_VERSION_MESSAGE } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobVehicles, vehicles } from '../../db/schema';
import { createCategory, createDepot, createJob, createShift, createVehicle } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

let regCounter = 0;
const nextRegistration = () => `REG${String(++regCounter).padStart(4, '0')}`;

async function newVehicleInput(overrides: object = {}) {
  const category = await createCategory(t.db);
  return {
    categoryId: category.id,
    registrationNumber: nextRegistration(),
    nickname: 'Big Blue',
    ...overrides,
  };
}

describe('access', () => {
  it('refuses anonymous callers with 401 and drivers with 403 on writes', async () => {
    expect((await t.anonymous('GET', '/api/vehicles')).statusCode).toBe(401);
    expect((await t.anonymous('POST', '/api/vehicles', await newVehicleInput())).statusCode).toBe(401);
    const created = await createVehicle(t.db);
    for (const [method, url] of [
      ['POST', '/api/vehicles'],
      ['PUT', `/api/vehicles/${created.id}`],
      ['DELETE', `/api/vehicles/${created.id}`],
    ] as const) {
      const res = await t.asDriver(method, url, method === 'DELETE' ? undefined : await newVehicleInput());
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden' });
    }
  });

  it('lets drivers read active vehicles, but never inactive ones', async () => {
    const active = await createVehicle(t.db, { nickname: 'Driver visible' });
    const retired = await createVehicle(t.db, { nickname: 'Driver hidden', isActive: 0 });
    const list = await t.asDriver('GET', '/api/vehicles?includeInactive=1&limit=200');
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((v: { id: string }) => v.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(retired.id);
    expect((await t.asDriver('GET', `/api/vehicles/${active.id}`)).statusCode).toBe(200);
    expect((await t.asDriver('GET', `/api/vehicles/${retired.id}`)).statusCode).toBe(404);
    expect((await t.asManager('GET', `/api/vehicles/${retired.id}`)).json().isActive).toBe(0);
  });
});

describe('POST /api/vehicles', () => {
  it('creates a vehicle: defaults, blank strings to null, empty capacities to 0, unknown fields dropped', async () => {
    const category = await createCategory(t.db, 'Luxury Coach');
    const depot = await createDepot(t.db);
    const res = await t.asManager('POST', '/api/vehicles', {
      categoryId: category.id,
      registrationNumber: ' ABC123 ',
      nickname: '',
      make: 'Volvo',
      model: '  ',
      seatedCapacity: '',
      standingCapacity: 12,
      defaultDepotId: depot.id,
      subcontractorId: '',
      extraOptions: ['WiFi', 'WiFi', 'Toilet'],
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const vehicle = res.json();
    expect(vehicle).toMatchObject({
      type: 'company_owned',
      categoryId: category.id,
      categoryName: 'Luxury Coach',
      categoryColor: '#3b82f6',
      registrationNumber: 'ABC123',
      nickname: null,
      make: 'Volvo',
      model: null,
      seatedCapacity: 0,
      standingCapacity: 12,
      extraOptions: ['WiFi', 'Toilet'],
      defaultDepotId: depot.id,
      defaultDepotName: depot.name,
      subcontractorId: null,
      subcontractorName: null,
      isActive: 1,
      version: 1,
    });
    expect(vehicle).not.toHaveProperty('isAdmin');
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.category).toBe(category.slug);
  });

  it.each([
    [{ categoryId: undefined }, 'categoryId', 'Category is required'],
    [{ categoryId: '' }, 'categoryId', 'Category is required'],
    [{ seatedCapacity: -1 }, 'seatedCapacity', 'Seated capacity must be a whole number of 0 or more'],
    [{ seatedCapacity: 2.5 }, 'seatedCapacity', 'Seated capacity must be a whole number of 0 or more'],
    [
      { standingCapacity: 'many' },
      'standingCapacity',
      'Standing capacity must be a whole number of 0 or more',
    ],
    [{ type: 'subcontracted' }, 'subcontractorId', 'Subcontractor is required for a partner vehicle'],
    [{ type: 'borrowed' }, 'type', undefined],
  ])('answers 400 for %j', async (override, path, message) => {
    const res = await t.asManager('POST', '/api/vehicles', await newVehicleInput(override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toContainEqual(expect.objectContaining({ path }));
    if (message) {
      expect(body.message).toBe(message);
      expect(body.errors).toContainEqual({ path, message });
    }
  });

  it('answers 400 with a field error when the category, depot or subcontractor does not exist', async () => {
    const missing = '00000000-0000-0000-0000-000000000000';
    const cases = [
      [{ categoryId: missing }, 'categoryId', 'Category not found'],
      [{ defaultDepotId: missing }, 'defaultDepotId', 'Depot not found'],
      [{ type: 'subcontracted', subcontractorId: missing }, 'subcontractorId', 'Subcontractor not found'],
    ] as const;
    for (const [override, path, message] of cases) {
      const res = await t.asManager('POST', '/api/vehicles', await newVehicleInput(override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ path, message }] });
    }
  });

  it('refuses a registration that another vehicle has, whatever its case, with 409', async () => {
    await createVehicle(t.db, { registrationNumber: 'DUP-001' });
    const res = await t.asManager(
      'POST',
      '/api/vehicles',
      await newVehicleInput({ registrationNumber: 'dup-001' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A vehicle with this registration already exists');
  });
});

describe('GET /api/vehicles', () => {
  it('searches registration, nickname, make and model, filters by type and owner, and pages', async () => {
    const category = await createCategory(t.db);
    const subcontractor = await t.asManager('POST', '/api/subcontractors', {
      companyName: 'Partner Coaches',
    });
    const partnerId = subcontractor.json().id;
    await createVehicle(t.db, { registrationNumber: 'SRCH-1', nickname: 'Alpha', categoryId: category.id });
    await createVehicle(t.db, { registrationNumber: 'SRCH-2', nickname: 'Bravo', make: 'Scania' });
    await createVehicle(t.db, {
      registrationNumber: 'SRCH-3',
      nickname: 'Charlie',
      type: 'subcontracted',
      subcontractorId: partnerId,
    });

    const byReg = await t.asManager('GET', '/api/vehicles?search=srch-2');
    expect(byReg.json().items.map((v: { nickname: string }) => v.nickname)).toEqual(['Bravo']);
    const byMake = await t.asManager('GET', '/api/vehicles?search=scan');
    expect(byMake.json().total).toBe(1);
    const wildcard = await t.asManager('GET', '/api/vehicles?search=%25');
    expect(wildcard.json().total).toBe(0);

    const page = await t.asManager('GET', '/api/vehicles?search=SRCH&limit=2&offset=0');
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json().items.map((v: { nickname: string }) => v.nickname)).toEqual(['Alpha', 'Bravo']);
    const next = await t.asManager('GET', '/api/vehicles?search=SRCH&limit=2&offset=2');
    expect(next.json().items.map((v: { nickname: string }) => v.nickname)).toEqual(['Charlie']);

    const partners = await t.asManager(
      'GET',
      `/api/vehicles?type=subcontracted&subcontractorId=${partnerId}`,
    );
    expect(partners.json().items).toEqual([
      expect.objectContaining({ registrationNumber: 'SRCH-3', subcontractorName: 'Partner Coaches' }),
    ]);
    const inCategory = await t.asManager('GET', `/api/vehicles?categoryId=${category.id}`);
    expect(inCategory.json().items.map((v: { registrationNumber: string }) => v.registrationNumber)).toEqual([
      'SRCH-1',
    ]);
  });

  it('hides inactive vehicles unless a manager asks for them', async () => {
    await createVehicle(t.db, { registrationNumber: 'RETIRED-1', isActive: 0 });
    expect((await t.asManager('GET', '/api/vehicles?search=RETIRED')).json().total).toBe(0);
    expect((await t.asManager('GET', '/api/vehicles?search=RETIRED&includeInactive=1')).json().total).toBe(1);
  });

  it('refuses a limit over 200', async () => {
    expect((await t.asManager('GET', '/api/vehicles?limit=1000')).statusCode).toBe(400);
  });
});

describe('PUT /api/vehicles/:id', () => {
  it('updates, bumps the version, and refuses a stale version with 409', async () => {
    const input = await newVehicleInput();
    const created = (await t.asManager('POST', '/api/vehicles', input)).json();
    const first = await t.asManager('PUT', `/api/vehicles/${created.id}`, {
      ...input,
      nickname: 'Renamed',
      version: created.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ nickname: 'Renamed', version: created.version + 1 });

    const stale = await t.asManager('PUT', `/api/vehicles/${created.id}`, {
      ...input,
      nickname: 'Lost update',
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_VERSION_MESSAGE });

    // Without a version the last write wins.
    const blind = await t.asManager('PUT', `/api/vehicles/${created.id}`, { ...input, nickname: 'Blind' });
    expect(blind.json()).toMatchObject({ nickname: 'Blind', version: created.version + 2 });
  });

  it('refuses another vehicle registration with 409 but keeps its own', async () => {
    await createVehicle(t.db, { registrationNumber: 'TAKEN-9' });
    const input = await newVehicleInput();
    const created = (await t.asManager('POST', '/api/vehicles', input)).json();
    const same = await t.asManager('PUT', `/api/vehicles/${created.id}`, input);
    expect(same.statusCode).toBe(200);
    const clash = await t.asManager('PUT', `/api/vehicles/${created.id}`, {
      ...input,
      registrationNumber: 'TAKEN-9',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A vehicle with this registration already exists');
  });

  it('answers 404 for an unknown vehicle', async () => {
    const res = await t.asManager('PUT', '/api/vehicles/nope', await newVehicleInput());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Vehicle not found' });
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('deletes a vehicle that nothing uses', async () => {
    const vehicle = await createVehicle(t.db);
    const res = await t.asManager('DELETE', `/api/vehicles/${vehicle.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Vehicle deleted successfully', deactivated: false });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id))).toHaveLength(0);
  });

  it('deactivates a vehicle that jobs and shifts use, and the job keeps it', async () => {
    const vehicle = await createVehicle(t.db);
    const job = await createJob(t.db, {}, { vehicleId: vehicle.id });
    await createJob(t.db, {}, { vehicleId: vehicle.id });
    await createShift(t.db, t.driver.user.id, { vehicleId: vehicle.id, endTime: new Date() });
    const res = await t.asManager('DELETE', `/api/vehicles/${vehicle.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Vehicle is used by 2 jobs and 1 shift, so it was deactivated instead of deleted',
      deactivated: true,
    });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.isActive).toBe(0);
    const [slot] = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id));
    expect(slot!.vehicleId).toBe(vehicle.id);
    // It leaves the active list.
    const list = await t.asManager('GET', `/api/vehicles?search=${vehicle.registrationNumber}`);
    expect(list.json().total).toBe(0);
  });

  it('answers 404 for an unknown vehicle', async () => {
    const res = await t.asManager('DELETE', '/api/vehicles/00000000-0000-0000-0000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Vehicle not found' });
  });
});

describe('tank capacity (ADR 27)', () => {
  it('is optional, kept in litres, cleared when left blank, and refused when not a positive number', async () => {
    const created = await t.asManager(
      'POST',
      '/api/vehicles',
      await newVehicleInput({ tankCapacityLitres: 93.5 }),
    );
    expect(created.statusCode).toBe(201);
    const vehicle = created.json();
    expect(vehicle.tankCapacityLitres).toBe(93.5);
    const plain = (await t.asManager('POST', '/api/vehicles', await newVehicleInput())).json();
    expect(plain.tankCapacityLitres).toBeNull();
    for (const bad of [-5, 0, 'lots', 9_999]) {
      const res = await t.asManager(
        'POST',
        '/api/vehicles',
        await newVehicleInput({ tankCapacityLitres: bad }),
      );
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors).toContainEqual({
        path: 'tankCapacityLitres',
        message: 'Tank capacity must be a number of litres, up to 5,000',
      });
    }
    const cleared = await t.asManager('PUT', `/api/vehicles/${vehicle.id}`, {
      categoryId: vehicle.categoryId,
      registrationNumber: vehicle.registrationNumber,
      tankCapacityLitres: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().tankCapacityLitres).toBeNull();
  });
});

import { addDays, dateInZone } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, fuelLogs, vehicleCategoriesNew } from '../../db/schema';
import { createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { complianceProblemsFor } from './index';

let t: RoleTestApp;
const TZ = 'Australia/Sydney';
const today = () => dateInZone(new Date(), TZ);

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

async function fuel(vehicleId: string, driverId: string, odometerReading: number, daysAgo: number) {
  await t.db.insert(fuelLogs).values({
    vehicleId,
    driverId,
    odometerReading,
    litersAdded: 100,
    fuelDate: new Date(Date.now() - daysAgo * 86_400_000),
  });
}

describe('vehicle compliance', () => {
  it('saves the record, keeps every version, and is for managers only', async () => {
    const v = await createVehicle(t.db);
    const url = `/api/vehicles/${v.id}/compliance`;
    const empty = await t.asManager('GET', url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      registrationExpiry: null,
      currentOdometer: null,
      service: { state: 'unknown' },
    });

    const saved = await t.asManager('PUT', url, {
      registrationExpiry: '2026-12-12',
      insuranceExpiry: '2027-06-30',
      lastInspectionDate: '2026-07-01',
      inspectionIntervalMonths: 6,
      serviceIntervalKm: 20000,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      registrationExpiry: '2026-12-12',
      inspectionDueDate: '2027-01-01',
      serviceIntervalKm: 20000,
      updatedByName: 'Test User',
    });
    await t.asManager('PUT', url, { registrationExpiry: '2027-12-12' });
    const history = (await t.asManager('GET', `${url}/history`)).json();
    expect(history.total).toBe(2);
    expect(
      history.items.map((i: { record: { registrationExpiry: string } }) => i.record.registrationExpiry),
    ).toEqual(['2027-12-12', '2026-12-12']);

    expect((await t.asDriver('GET', url)).statusCode).toBe(403);
    expect((await t.asDriver('PUT', url, {})).statusCode).toBe(403);
    expect((await t.anonymous('GET', url)).statusCode).toBe(401);
    expect((await t.asManager('GET', '/api/vehicles/nope/compliance')).statusCode).toBe(404);
  });

  it.each([
    [
      { registrationExpiry: '2026-02-30' },
      'registrationExpiry',
      'Enter a date written YYYY-MM-DD, like 2026-12-31',
    ],
    [
      { serviceIntervalKm: -5 },
      'serviceIntervalKm',
      'Service interval must be whole kilometres from 1 to 1,000,000',
    ],
    [
      { inspectionIntervalMonths: 1.5 },
      'inspectionIntervalMonths',
      'Months must be a whole number from 1 to 120',
    ],
  ])('refuses %j with a 400 and changes nothing', async (body, path, message) => {
    const v = await createVehicle(t.db);
    const res = await t.asManager('PUT', `/api/vehicles/${v.id}/compliance`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect((await t.asManager('GET', `/api/vehicles/${v.id}/compliance/history`)).json().total).toBe(0);
  });

  it('keeps the records of a vehicle that is deleted: the vehicle is deactivated instead', async () => {
    const v = await createVehicle(t.db);
    const saved = await t.asManager('PUT', `/api/vehicles/${v.id}/compliance`, {
      registrationExpiry: '2027-03-31',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const deleted = await t.asManager('DELETE', `/api/vehicles/${v.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(
      'Vehicle is used by 1 compliance record, so it was deactivated instead of deleted',
    );
    const record = await t.asManager('GET', `/api/vehicles/${v.id}/compliance`);
    expect(record.json()).toMatchObject({ registrationExpiry: '2027-03-31' });
  });

  it('counts the service interval from fuel-log odometers: due soon and overdue by km', async () => {
    const v = await createVehicle(t.db);
    const url = `/api/vehicles/${v.id}/compliance`;
    await t.asManager('PUT', url, {
      serviceIntervalKm: 20000,
      lastServiceDate: addDays(today(), -10),
      lastServiceOdometer: 100000,
    });
    await fuel(v.id, t.driver.user.id, 110000, 3);
    expect((await t.asManager('GET', url)).json()).toMatchObject({
      currentOdometer: 110000,
      service: { state: 'ok', kmLeft: 10000 },
    });
    await fuel(v.id, t.driver.user.id, 118500, 1);
    expect((await t.asManager('GET', url)).json().service).toMatchObject({
      state: 'due_soon',
      by: 'km',
      kmLeft: 1500,
    });
    await fuel(v.id, t.driver.user.id, 120400, 0);
    expect((await t.asManager('GET', url)).json().service).toMatchObject({
      state: 'overdue',
      by: 'km',
      kmLeft: -400,
    });

    const due = (await t.asManager('GET', `/api/compliance/due?subjectId=${v.id}`)).json();
    expect(due.items).toEqual([
      expect.objectContaining({ kind: 'service', state: 'overdue', kmLeft: -400, dueDate: null }),
    ]);
  });

  it('is due soon and overdue by months, whichever comes first', async () => {
    const v = await createVehicle(t.db);
    const url = `/api/vehicles/${v.id}/compliance`;
    // Six months ago less a week: due in about a week.
    const last = addDays(today(), -175);
    await t.asManager('PUT', url, {
      serviceIntervalKm: 50000,
      serviceIntervalMonths: 6,
      lastServiceDate: last,
      lastServiceOdometer: 1000,
    });
    await fuel(v.id, t.driver.user.id, 2000, 0);
    expect((await t.asManager('GET', url)).json().service).toMatchObject({ state: 'due_soon', by: 'months' });
    await t.asManager('PUT', url, {
      serviceIntervalMonths: 6,
      lastServiceDate: addDays(today(), -200),
      lastServiceOdometer: 1000,
    });
    expect((await t.asManager('GET', url)).json().service).toMatchObject({ state: 'overdue', by: 'months' });
  });

  it('records a service: restarts the interval, keeps the service, refuses a future date', async () => {
    const v = await createVehicle(t.db);
    const base = `/api/vehicles/${v.id}`;
    await t.asManager('PUT', `${base}/compliance`, {
      serviceIntervalKm: 20000,
      lastServiceDate: addDays(today(), -100),
      lastServiceOdometer: 100000,
    });
    await fuel(v.id, t.driver.user.id, 121000, 0);
    expect((await t.asManager('GET', `${base}/compliance`)).json().service.state).toBe('overdue');

    const res = await t.asManager('POST', `${base}/services`, {
      date: today(),
      odometer: 121000,
      workDone: 'Oil, filters, brakes',
      cost: 845.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      lastServiceDate: today(),
      lastServiceOdometer: 121000,
      serviceIntervalKm: 20000,
      service: { state: 'ok', kmLeft: 20000 },
      services: [
        expect.objectContaining({
          date: today(),
          odometer: 121000,
          workDone: 'Oil, filters, brakes',
          cost: 845.5,
        }),
      ],
    });
    // A late entry of an older service is kept but does not move the interval back.
    await t.asManager('POST', `${base}/services`, {
      date: addDays(today(), -50),
      odometer: 110000,
      workDone: 'Tyres',
    });
    const after = (await t.asManager('GET', `${base}/compliance`)).json();
    expect(after.lastServiceOdometer).toBe(121000);
    expect(after.services).toHaveLength(2);

    const future = await t.asManager('POST', `${base}/services`, {
      date: addDays(today(), 2),
      odometer: 1,
      workDone: 'x',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('A service cannot be recorded for a future date');
    const blank = await t.asManager('POST', `${base}/services`, {
      date: today(),
      odometer: 'abc',
      workDone: '',
    });
    expect(blank.statusCode).toBe(400);
    expect((await t.asManager('GET', `${base}/compliance`)).json().services).toHaveLength(2);
    expect(
      (await t.asDriver('POST', `${base}/services`, { date: today(), odometer: 1, workDone: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('driver compliance', () => {
  it('saves licence, medical, check and documents; the driver reads only their own', async () => {
    const type = (
      await t.asManager('POST', '/api/compliance/document-types', {
        name: `First aid ${Date.now()}`,
        requiredForSchoolWork: true,
      })
    ).json();
    const url = `/api/drivers/${t.driver.user.id}/compliance`;
    const res = await t.asManager('PUT', url, {
      licenceNumber: '12345678',
      licenceClass: 'mr',
      licenceExpiry: '2029-05-01',
      medicalExpiry: '2027-01-31',
      childrenCheckNumber: 'WWC0001',
      childrenCheckExpiry: '2028-03-01',
      documents: [{ typeId: type.id, number: 'FA-1', expiry: '2027-02-02' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ licenceClass: 'MR', licenceExpiry: '2029-05-01' });
    expect(res.json().documents).toContainEqual(
      expect.objectContaining({ typeId: type.id, number: 'FA-1', expiry: '2027-02-02' }),
    );

    const own = await t.asDriver('GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json().licenceNumber).toBe('12345678');

    const other = await createDriver(t.db);
    await t.asManager('PUT', `/api/drivers/${other.id}/compliance`, {
      licenceClass: 'HR',
      licenceNumber: 'SECRET',
    });
    const peek = await t.asDriver('GET', `/api/drivers/${other.id}/compliance`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('SECRET');
    expect((await t.asDriver('PUT', url, { licenceClass: 'MC' })).statusCode).toBe(403);
    expect((await t.asDriver('GET', `${url}/history`)).statusCode).toBe(403);
    expect((await t.asManager('GET', `/api/drivers/${t.manager.user.id}/compliance`)).statusCode).toBe(404);

    // My Documents: the session names the driver; a manager has no documents of their own there.
    const mine = await t.asDriver('GET', '/api/compliance/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ driverId: t.driver.user.id, licenceClass: 'MR' });
    expect(mine.body).not.toContain('SECRET');
    expect((await t.asManager('GET', '/api/compliance/mine')).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/compliance/mine')).statusCode).toBe(401);
  });

  it("refuses a class outside the operator's set, and takes the UK set once chosen", async () => {
    const d = await createDriver(t.db);
    const url = `/api/drivers/${d.id}/compliance`;
    const bad = await t.asManager('PUT', url, { licenceClass: 'D1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      path: 'licenceClass',
      message: 'Choose a licence class of your set: LR, MR, HR, HC or MC',
    });
    expect((await t.asManager('GET', `${url}/history`)).json().total).toBe(0);

    await t.db.insert(appSettings).values({ licenceClassSet: 'uk' });
    try {
      expect((await t.asManager('PUT', url, { licenceClass: 'D1' })).statusCode).toBe(200);
      expect((await t.asManager('PUT', url, { licenceClass: 'HR' })).json().message).toBe(
        'Choose a licence class of your set: D1 or D',
      );
    } finally {
      await t.db.delete(appSettings);
    }
  });

  it('keeps who held which licence when', async () => {
    const d = await createDriver(t.db);
    const url = `/api/drivers/${d.id}/compliance`;
    await t.asManager('PUT', url, { licenceClass: 'MR', licenceExpiry: '2027-01-01' });
    await t.asManager('PUT', url, { licenceClass: 'HR', licenceExpiry: '2031-01-01' });
    const history = (await t.asManager('GET', `${url}/history`)).json();
    expect(history.items.map((i: { record: { licenceClass: string } }) => i.record.licenceClass)).toEqual([
      'HR',
      'MR',
    ]);
    expect(history.items[1]).toMatchObject({ change: 'updated', changedByName: 'Test User' });
  });

  it('refuses an unknown or repeated document type', async () => {
    const d = await createDriver(t.db);
    const url = `/api/drivers/${d.id}/compliance`;
    const unknown = await t.asManager('PUT', url, { documents: [{ typeId: 'nope', number: '1' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a document type from the list');
    const repeated = await t.asManager('PUT', url, { documents: [{ typeId: 'a' }, { typeId: 'a' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe('Each document type can be recorded once');
  });
});

describe('document types', () => {
  it('deletes a type no driver recorded; one ever recorded is deactivated, its records kept', async () => {
    const types = '/api/compliance/document-types';
    const unused = (await t.asManager('POST', types, { name: `Unused ${Date.now()}` })).json();
    const gone = await t.asManager('DELETE', `${types}/${unused.id}`);
    expect(gone.json()).toEqual({ message: 'Document type deleted successfully', deactivated: false });
    expect((await t.asManager('GET', types)).json().map((x: { id: string }) => x.id)).not.toContain(
      unused.id,
    );

    const used = (await t.asManager('POST', types, { name: `Used ${Date.now()}`, expires: false })).json();
    const d = await createDriver(t.db);
    const url = `/api/drivers/${d.id}/compliance`;
    await t.asManager('PUT', url, { documents: [{ typeId: used.id, number: 'X-1' }] });
    // Cleared since: only the kept version names it now, and that is enough to keep the type.
    await t.asManager('PUT', url, { documents: [] });
    expect((await t.asDriver('DELETE', `${types}/${used.id}`)).statusCode).toBe(403);
    const retired = await t.asManager('DELETE', `${types}/${used.id}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toEqual({
      message: 'Document type is used by 1 saved record, so it was deactivated instead of deleted',
      deactivated: true,
    });
    const listed = (await t.asManager('GET', types)).json().find((x: { id: string }) => x.id === used.id);
    expect(listed).toMatchObject({ isActive: false });
    expect((await t.asManager('DELETE', `${types}/nope`)).statusCode).toBe(404);
  });
});

describe('vehicle categories need a licence class', () => {
  it("takes a class of the operator's set, or none", async () => {
    const ok = await t.asManager('POST', '/api/vehicle-categories-new', {
      name: `Coach ${Date.now()}`,
      requiredLicenceClass: 'hr',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().requiredLicenceClass).toBe('HR');
    const cleared = await t.asManager('PUT', `/api/vehicle-categories-new/${ok.json().id}`, {
      name: ok.json().name,
      requiredLicenceClass: '',
    });
    expect(cleared.json().requiredLicenceClass).toBeNull();
    const bad = await t.asManager('POST', '/api/vehicle-categories-new', {
      name: 'Minibus D1',
      requiredLicenceClass: 'D1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      path: 'requiredLicenceClass',
      message: 'Choose a licence class of your set: LR, MR, HR, HC or MC',
    });
  });
});

describe('due soon', () => {
  it('lists vehicles and drivers due within N days or overdue, worst first, filtered', async () => {
    const v = await createVehicle(t.db, { registrationNumber: `DUE${Date.now() % 10000}` });
    const d = await createDriver(t.db, { firstName: 'Dee', lastName: 'Due' });
    await t.asManager('PUT', `/api/vehicles/${v.id}/compliance`, {
      registrationExpiry: addDays(today(), -2),
      insuranceExpiry: addDays(today(), 20),
      inspectionDue: addDays(today(), 90),
    });
    await t.asManager('PUT', `/api/drivers/${d.id}/compliance`, {
      licenceExpiry: addDays(today(), 5),
      medicalExpiry: addDays(today(), 45),
    });

    type Due = { subjectId: string; label: string; state: string; daysLeft: number };
    const mine = (items: Due[]) => items.filter((i) => i.subjectId === v.id || i.subjectId === d.id);
    const due = await t.asManager('GET', '/api/compliance/due?days=30&limit=500');
    expect(due.statusCode).toBe(200);
    expect(
      mine(due.json().items).map((i: { label: string; state: string; daysLeft: number }) => [
        i.label,
        i.state,
        i.daysLeft,
      ]),
    ).toEqual([
      ['Registration', 'overdue', -2],
      ['Licence', 'due_soon', 5],
      ['Insurance', 'due_soon', 20],
    ]);
    const wider = (await t.asManager('GET', '/api/compliance/due?days=60&subject=driver&limit=500')).json();
    expect(mine(wider.items).map((i: { label: string }) => i.label)).toEqual([
      'Licence',
      'Medical certificate',
    ]);
    const kind = (await t.asManager('GET', `/api/compliance/due?kind=registration&subjectId=${v.id}`)).json();
    expect(kind.items).toHaveLength(1);
    expect(kind.items[0]).toMatchObject({
      subject: 'vehicle',
      subjectName: v.registrationNumber,
      kind: 'registration',
    });

    const csv = await t.asManager('GET', `/api/compliance/due/export?days=30&subjectId=${v.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFVehicle or driver,Name,Record,State,Due,Days left,Km left',
      `Vehicle,${v.registrationNumber},Registration,Overdue,${new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${addDays(today(), -2)}T00:00:00Z`))},-2,`,
    ]);
    expect((await t.asDriver('GET', '/api/compliance/due/export')).statusCode).toBe(403);

    const bad = await t.asManager('GET', '/api/compliance/due?days=999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Days must be a whole number from 0 to 365');
    expect((await t.asDriver('GET', '/api/compliance/due')).statusCode).toBe(403);
  });
});

describe('complianceProblemsFor (for the allocation checks)', () => {
  it("names what is wrong for a driver and vehicle on the job's date", async () => {
    const [category] = await t.db
      .insert(vehicleCategoriesNew)
      .values({ name: 'Coach', slug: `coach-needs-hr-${Date.now()}`, requiredLicenceClass: 'HR' })
      .returning();
    const v = await createVehicle(t.db, {
      registrationNumber: `MO ${Date.now() % 10000}`,
      categoryId: category!.id,
    });
    const d = await createDriver(t.db);
    await t.asManager('PUT', `/api/vehicles/${v.id}/compliance`, { registrationExpiry: '2026-12-12' });
    await t.asManager('PUT', `/api/drivers/${d.id}/compliance`, {
      licenceClass: 'MR',
      licenceExpiry: '2030-01-01',
      childrenCheckExpiry: '2026-12-01',
    });
    const problems = await complianceProblemsFor(
      t.db,
      { driverId: d.id, vehicleId: v.id, date: '2026-12-20', schoolJob: true },
      TZ,
      '2026-11-28',
    );
    expect(problems.map((p) => p.message)).toEqual([
      `Working with children check of Test User expires 1 Dec 2026`,
      'Licence MR does not cover Coach (needs HR)',
      `Registration of ${v.registrationNumber} expires 12 Dec 2026`,
    ]);
    const fine = await complianceProblemsFor(
      t.db,
      { driverId: d.id, vehicleId: v.id, date: '2026-12-01', schoolJob: false },
      TZ,
      '2026-11-28',
    );
    expect(fine.map((p) => p.code)).toEqual(['licence_class']);
  });
});

import {
  COMPLIANCE_REFUSAL,
  HOURS_MESSAGES,
  type Job,
  type JobSaveResult,
  type JobStaffing,
  type OverrideRow,
  overrideDetailsText,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceOverrides,
  fuelLogs,
  hoursOverrides,
  jobs,
  jobVehicles,
  shifts,
  vehicleCategoriesNew,
} from '../../db/schema';
import { sessionCookie } from '../../test/auth-helpers';
import { createCategory, createDriver, createVehicle, TEST_PASSWORD } from '../../test/factories';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

// Compliance checked at allocation (issue 26, ADR 33): every path that puts a driver or vehicle on
// a job refuses a lapsed record or an uncovered licence class with a 409 naming each problem, and
// goes ahead only with complianceOverrideReason, recorded one row per problem.

let t: RoleTestApp;
let coachId: string;

// Far enough ahead that the records below read 'expires', whatever today is.
const SERVICE_DATE = '2031-03-10';

beforeAll(async () => {
  t = await createRoleTestApp();
  const coach = await createCategory(t.db, 'Coach');
  await t.db
    .update(vehicleCategoriesNew)
    .set({ requiredLicenceClass: 'HR' })
    .where(eq(vehicleCategoriesNew.id, coach.id));
  coachId = coach.id;
});
afterAll(() => t.close());

async function driverWith(record: object, name = 'Morgan Rees') {
  const [firstName, lastName] = name.split(' ');
  const driver = await createDriver(t.db, { firstName, lastName });
  expectJson(await t.asManager('PUT', `/api/drivers/${driver.id}/compliance`, record), 200);
  return driver;
}

async function coachWith(record: object, registrationNumber?: string) {
  const coach = await createVehicle(t.db, {
    categoryId: coachId,
    ...(registrationNumber ? { registrationNumber } : {}),
  });
  expectJson(await t.asManager('PUT', `/api/vehicles/${coach.id}/compliance`, record), 200);
  return coach;
}

const CURRENT_DRIVER = { licenceClass: 'HR', licenceExpiry: '2040-01-01', medicalExpiry: '2040-01-01' };

const jobBody = (vehicles: object[], extra: object = {}) => ({
  title: 'Compliance run',
  serviceDate: SERVICE_DATE,
  legs: [
    { originAddress: 'Depot', destinationAddress: 'Airport', departureTime: '09:00', arrivalTime: '10:00' },
  ],
  vehicles,
  basePrice: 500,
  ...extra,
});

const overridesOf = (jobId: string) =>
  t.db.select().from(complianceOverrides).where(eq(complianceOverrides.jobId, jobId));

describe('saving a job', () => {
  it('refuses a licence that does not cover the category and a lapsed registration, naming each; a reason saves and records both', async () => {
    const driver = await driverWith({ licenceClass: 'MR', licenceExpiry: '2040-01-01' });
    const coach = await coachWith({ registrationExpiry: '2030-12-12' }, 'MO 4105');
    const body = jobBody([{ vehicleId: coach.id, driverId: driver.id }]);
    const before = await t.db.$count(jobs);

    const refused = await t.asManager('POST', '/api/jobs', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(COMPLIANCE_REFUSAL.reasonRequired);
    expect(refused.json().errors).toEqual([
      { path: 'complianceOverrideReason', message: 'Licence MR does not cover Coach (needs HR)' },
      { path: 'complianceOverrideReason', message: 'Registration of MO 4105 expires 12 Dec 2030' },
    ]);
    expect(await t.db.$count(jobs)).toBe(before);

    const blank = await t.asManager('POST', '/api/jobs', { ...body, complianceOverrideReason: '   ' });
    expect(blank.statusCode).toBe(409);

    const saved = expectJson<JobSaveResult>(
      await t.asManager('POST', '/api/jobs', {
        ...body,
        complianceOverrideReason: 'HR driver off sick; short airport run, rego renewal paid',
      }),
      201,
    );
    const rows = await overridesOf(saved.id);
    expect(rows.map((r) => [r.ruleKey, r.problem, r.driverId, r.vehicleId, r.checkedFor])).toEqual(
      expect.arrayContaining([
        ['licence_class', 'Licence MR does not cover Coach (needs HR)', driver.id, coach.id, SERVICE_DATE],
        ['registration_expired', 'Registration of MO 4105 expires 12 Dec 2030', null, coach.id, SERVICE_DATE],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.createdBy === t.manager.user.id)).toBe(true);
    // The numbers the refusal was about stay with it (ADR 34), not only its sentence.
    const detailsOf = (key: string) => rows.find((r) => r.ruleKey === key)?.details;
    expect(detailsOf('licence_class')).toMatchObject({ held: 'MR', needs: 'HR', category: 'Coach' });
    expect(detailsOf('registration_expired')).toMatchObject({ record: 'Registration', expiry: '2030-12-12' });

    // The audit trail lists it, with the reason and the numbers.
    const report = (await t.asManager('GET', '/api/reports/overrides?kind=compliance&limit=100')).json();
    expect(JSON.stringify(report)).toContain('HR driver off sick');
    const mine = (report.items as OverrideRow[]).filter((r) => r.jobId === saved.id);
    expect(mine.map((r) => overrideDetailsText(r.details, (d) => d))).toEqual(
      expect.arrayContaining(['Held class MR, needed class HR for Coach', 'Registration expiry 2030-12-12']),
    );

    // Saving the job again (a title edit) does not ask again for what was already allowed.
    const job = (await t.asManager('GET', `/api/jobs/${saved.id}`)).json() as Job;
    const again = await t.asManager('PUT', `/api/jobs/${saved.id}`, {
      ...body,
      title: 'Compliance run (edited)',
      version: job.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await overridesOf(saved.id)).toHaveLength(2);
  });

  it('checks an update that changes the driver, and rolls the whole save back when refused', async () => {
    const ok = await driverWith(CURRENT_DRIVER, 'Hana Ready');
    const lapsed = await driverWith({ ...CURRENT_DRIVER, medicalExpiry: '2031-01-31' }, 'Lee Lapsed');
    const coach = await coachWith({});
    const saved = expectJson<JobSaveResult>(
      await t.asManager('POST', '/api/jobs', jobBody([{ vehicleId: coach.id, driverId: ok.id }])),
      201,
    );
    const refused = await t.asManager('PUT', `/api/jobs/${saved.id}`, {
      ...jobBody([{ vehicleId: coach.id, driverId: lapsed.id }]),
      title: 'Should not stick',
      version: saved.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: 'complianceOverrideReason', message: 'Medical certificate of Lee Lapsed expires 31 Jan 2031' },
    ]);
    const stored = (await t.asManager('GET', `/api/jobs/${saved.id}`)).json() as Job;
    expect(stored.title).toBe('Compliance run');
    expect(stored.vehicles[0]?.driverId).toBe(ok.id);
  });

  it('warns, without refusing, when the vehicle is overdue a service', async () => {
    const driver = await driverWith(CURRENT_DRIVER);
    const coach = await coachWith({ serviceIntervalKm: 20000, lastServiceOdometer: 100000 }, 'SVC 1');
    await t.db
      .insert(fuelLogs)
      .values({ vehicleId: coach.id, driverId: driver.id, odometerReading: 121500, litersAdded: 80 });
    const saved = expectJson<JobSaveResult>(
      await t.asManager('POST', '/api/jobs', jobBody([{ vehicleId: coach.id, driverId: driver.id }])),
      201,
    );
    expect(saved.complianceWarnings).toEqual([
      {
        code: 'service_overdue',
        subject: 'vehicle',
        severity: 'warning',
        message: 'Service of SVC 1 overdue by 1,500 km',
        details: { record: 'Service', due: null, kmOver: 1500 },
      },
    ]);
    expect(await overridesOf(saved.id)).toEqual([]);
  });

  it('checks the working with children check only when the customer is a school', async () => {
    const driver = await driverWith({ ...CURRENT_DRIVER, childrenCheckExpiry: '2031-02-01' }, 'Sam School');
    const coach = await coachWith({});
    const slot = [{ vehicleId: coach.id, driverId: driver.id }];
    const corporate = await t.asManager(
      'POST',
      '/api/jobs',
      jobBody(slot, { newCustomer: { companyName: 'Acme Tours', companyType: 'corporate' } }),
    );
    expect(corporate.statusCode, corporate.body).toBe(201);

    const school = await t.asManager(
      'POST',
      '/api/jobs',
      jobBody(slot, {
        title: 'School run',
        legs: [
          {
            originAddress: 'School',
            destinationAddress: 'Pool',
            departureTime: '13:00',
            arrivalTime: '14:00',
          },
        ],
        newCustomer: { companyName: 'Northside Public School', companyType: 'school' },
      }),
    );
    expect(school.statusCode).toBe(409);
    expect(school.json().errors).toEqual([
      {
        path: 'complianceOverrideReason',
        message: 'Working with children check of Sam School expires 1 Feb 2031',
      },
    ]);
  });

  it('refuses hours and compliance in one 409 so both reasons are given at once', async () => {
    const driver = await driverWith({ ...CURRENT_DRIVER, licenceClass: 'MR' }, 'Tired Mr');
    const coach = await coachWith({});
    // 06:00–16:00 worked at the terminal that day: a 17:00–19:00 job breaks 12 h in 24 h.
    await t.db.insert(shifts).values({
      driverId: driver.id,
      vehicleId: coach.id,
      shiftDate: SERVICE_DATE,
      startTime: new Date('2031-03-09T19:00:00Z'),
      endTime: new Date('2031-03-10T05:00:00Z'),
    });
    const body = jobBody([{ vehicleId: coach.id, driverId: driver.id }], {
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Airport',
          departureTime: '17:00',
          arrivalTime: '19:00',
        },
      ],
    });

    const both = await t.asManager('POST', '/api/jobs', body);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toContain(HOURS_MESSAGES.reasonRequired);
    expect(both.json().message).toContain('Licence MR does not cover Coach (needs HR)');
    expect(both.json().errors).toEqual([
      { path: 'hoursOverrideReason', message: HOURS_MESSAGES.reasonRequired },
      { path: 'complianceOverrideReason', message: 'Licence MR does not cover Coach (needs HR)' },
    ]);

    const onlyHours = await t.asManager('POST', '/api/jobs', { ...body, hoursOverrideReason: 'Long break' });
    expect(onlyHours.statusCode).toBe(409);
    expect(onlyHours.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'complianceOverrideReason',
    ]);

    const saved = expectJson<JobSaveResult>(
      await t.asManager('POST', '/api/jobs', {
        ...body,
        hoursOverrideReason: 'Long break first',
        complianceOverrideReason: 'Only driver available',
      }),
      201,
    );
    expect(await t.db.$count(hoursOverrides, eq(hoursOverrides.jobId, saved.id))).toBe(1);
    expect((await overridesOf(saved.id)).map((r) => r.reason)).toEqual(['Only driver available']);
  });
});

/** Every page of a driver's Available jobs (ADR 37: pages of at most 50). */
async function availableJobs(call: Caller) {
  const items: { id: string; openSlots: number }[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = (await call('GET', `/api/jobs/available?limit=50&offset=${offset}`)).json() as {
      items: { id: string; openSlots: number }[];
      total: number;
    };
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

describe('the board, offers and requests', () => {
  let ip = 40;
  async function signedIn(record: object, name: string) {
    const user = await driverWith(record, name);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: `10.8.0.${ip++}`,
    });
    const cookie = sessionCookie(res);
    if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
    return { user, call: t.callerWith({ cookie }) as Caller };
  }

  async function publishedWithOpenSlot(vehicleId: string) {
    const created = expectJson<Job>(await t.asManager('POST', '/api/jobs', jobBody([{ vehicleId }])), 201);
    return expectJson<Job>(await t.asManager('POST', `/api/jobs/${created.id}/publish`), 200);
  }

  const slotDriver = async (jobId: string) =>
    (await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, jobId)))[0]?.driverId ?? null;

  it('a board move refuses, then records the override', async () => {
    const driver = await driverWith({ ...CURRENT_DRIVER, licenceClass: 'LR' }, 'Board Mover');
    const spare = await coachWith({});
    const coach = await coachWith({ insuranceExpiry: '2031-01-15' }, 'BRD 1');
    const job = await publishedWithOpenSlot(spare.id);
    const slot = job.vehicles[0]!;
    const change = { vehicleId: coach.id, driverId: driver.id, was: { vehicleId: spare.id, driverId: null } };
    const refused = await t.asManager('PATCH', `/api/jobs/${job.id}/slots/${slot.id}`, change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: 'complianceOverrideReason', message: 'Licence LR does not cover Coach (needs HR)' },
      { path: 'complianceOverrideReason', message: 'Insurance of BRD 1 expires 15 Jan 2031' },
    ]);
    expect(await slotDriver(job.id)).toBeNull();

    expectJson(
      await t.asManager('PATCH', `/api/jobs/${job.id}/slots/${slot.id}`, {
        ...change,
        complianceOverrideReason: 'Insurer confirmed cover by phone',
      }),
      200,
    );
    expect(await slotDriver(job.id)).toBe(driver.id);
    expect((await overridesOf(job.id)).map((r) => r.ruleKey).sort()).toEqual([
      'insurance_expired',
      'licence_class',
    ]);
  });

  it('an offer refuses, then records the override', async () => {
    const driver = await driverWith({ ...CURRENT_DRIVER, licenceExpiry: '2031-03-01' }, 'Offer Expired');
    const coach = await coachWith({});
    const job = await publishedWithOpenSlot(coach.id);
    const body = { slotId: job.vehicles[0]!.id, driverId: driver.id };
    const refused = await t.asManager('POST', `/api/jobs/${job.id}/offers`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: 'complianceOverrideReason', message: 'Licence of Offer Expired expires 1 Mar 2031' },
    ]);
    expect(await slotDriver(job.id)).toBeNull();
    expectJson(
      await t.asManager('POST', `/api/jobs/${job.id}/offers`, {
        ...body,
        complianceOverrideReason: 'Renewal lodged',
      }),
      201,
    );
    const [row] = await overridesOf(job.id);
    expect(row).toMatchObject({ ruleKey: 'licence_expired', driverId: driver.id, vehicleId: null });
  });

  it('approving a request refuses, then records the override', async () => {
    const d = await signedIn({ ...CURRENT_DRIVER, licenceClass: 'MR' }, 'Request Mr');
    const coach = await coachWith({});
    const job = await publishedWithOpenSlot(coach.id);
    expectJson(await d.call('POST', `/api/jobs/${job.id}/request`, {}), 201);
    const { requests } = expectJson<JobStaffing>(
      await t.asManager('GET', `/api/jobs/${job.id}/staffing`),
      200,
    );
    const asked = requests[0]!;
    const refused = await t.asManager('PATCH', `/api/job-requests/${asked.id}`, { status: 'approved' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: 'complianceOverrideReason', message: 'Licence MR does not cover Coach (needs HR)' },
    ]);
    expect(await slotDriver(job.id)).toBeNull();
    expectJson(
      await t.asManager('PATCH', `/api/job-requests/${asked.id}`, {
        status: 'approved',
        complianceOverrideReason: 'HR upgrade test passed yesterday',
      }),
      200,
    );
    expect(await slotDriver(job.id)).toBe(d.user.id);
    expect((await overridesOf(job.id)).map((r) => r.reason)).toEqual(['HR upgrade test passed yesterday']);
  });

  it("lists in a driver's Available jobs only jobs with an open slot their licence lets them take", async () => {
    const minibusCategory = await createCategory(t.db, 'Minibus');
    const minibus = await createVehicle(t.db, { categoryId: minibusCategory.id });
    const coach = await coachWith({});
    const coachJob = await publishedWithOpenSlot(coach.id);
    const minibusJob = await publishedWithOpenSlot(minibus.id);
    const listed = async (call: Caller) => (await availableJobs(call)).map((j) => j.id);

    const mr = await signedIn({ licenceClass: 'MR', licenceExpiry: '2040-01-01' }, 'Avail Mr');
    expect(await listed(mr.call)).toContain(minibusJob.id);
    expect(await listed(mr.call)).not.toContain(coachJob.id);

    // HC covers HR (the class hierarchy).
    const hc = await signedIn({ licenceClass: 'HC', licenceExpiry: '2040-01-01' }, 'Avail Hc');
    expect(await listed(hc.call)).toEqual(expect.arrayContaining([coachJob.id, minibusJob.id]));

    // A licence that lapses before the service date qualifies for nothing then.
    const lapsing = await signedIn({ licenceClass: 'HC', licenceExpiry: '2031-03-09' }, 'Avail Lapsing');
    const forLapsing = await listed(lapsing.call);
    expect(forLapsing).not.toContain(coachJob.id);
    expect(forLapsing).not.toContain(minibusJob.id);
  });

  it('counts in Available jobs only the open slots the driver could take', async () => {
    const minibusCategory = await createCategory(t.db, 'Minibus 2');
    const minibus = await createVehicle(t.db, { categoryId: minibusCategory.id });
    const coach = await coachWith({});
    const created = expectJson<Job>(
      await t.asManager('POST', '/api/jobs', jobBody([{ vehicleId: coach.id }, { vehicleId: minibus.id }])),
      201,
    );
    expectJson(await t.asManager('POST', `/api/jobs/${created.id}/publish`), 200);
    const openSlotsFor = async (call: Caller) =>
      (await availableJobs(call)).find((j) => j.id === created.id)?.openSlots;

    // The coach needs HR: an MR driver could take only the minibus.
    const mr = await signedIn({ licenceClass: 'MR', licenceExpiry: '2040-01-01' }, 'Count Mr');
    expect(await openSlotsFor(mr.call)).toBe(1);
    const hr = await signedIn({ licenceClass: 'HR', licenceExpiry: '2040-01-01' }, 'Count Hr');
    expect(await openSlotsFor(hr.call)).toBe(2);
  });
});

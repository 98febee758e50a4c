import {
  addDays,
  dateInZone,
  JOB_CHANGED_MESSAGE,
  JOB_LIST_COUNT_AHEAD,
  JOB_VERSION_REQUIRED,
  type Job,
  type JobListRow,
  type JobSaveResult,
  type JobSummary,
  jobSummaryFromRow,
} from '@dms/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, driverPreferences, emailNotifications, jobOffers, jobs, shifts } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text';
import { createCategory, createCustomer, createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { sendDueChangeMails } from './driver-change-notices.service';

let t: RoleTestApp;
let coach: Awaited<ReturnType<typeof createCategory>>;
let bus1: Awaited<ReturnType<typeof createVehicle>>;
let bus2: Awaited<ReturnType<typeof createVehicle>>;

/** Every statement the app sends, while a test is counting. */
let counted: string[] | null = null;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true, logQuery: (query) => counted?.push(query) });
  coach = await createCategory(t.db, 'Coach');
  bus1 = await createVehicle(t.db, { categoryId: coach.id, registrationNumber: 'BUS-001', nickname: 'Blue' });
  bus2 = await createVehicle(t.db, { categoryId: coach.id, registrationNumber: 'BUS-002', nickname: 'Red' });
});
afterAll(() => t.close());

/** The example: a new customer, two legs and a return, two slots, a discount and exclusive tax. */
const fullJob = (overrides: object = {}) => ({
  title: 'Museum excursion',
  serviceDate: '2026-12-01',
  paxCount: '80',
  serviceDescription: 'Year 5 excursion',
  notesDriver:
    '<p><strong>Gate 3</strong> <span style="color: #e03131">no parking</span><script>x()</script></p>',
  mapsLink: 'https://maps.example/route',
  newCustomer: {
    companyName: 'Northside Public School',
    companyType: 'school',
    phone: '02 9000 1111',
    email: 'office@northside.example',
    contacts: [{ name: 'Pat Principal', role: 'Principal', email: 'pat@northside.example' }, { name: '   ' }],
  },
  legs: [
    {
      originAddress: 'Northside PS',
      destinationAddress: 'Australian Museum',
      departureTime: '08:30',
      arrivalTime: '09:15',
    },
    {
      originAddress: 'Australian Museum',
      destinationAddress: 'Northside PS',
      departureTime: '14:00',
      arrivalTime: '14:45',
    },
  ],
  vehicles: [
    { vehicleId: bus1.id, driverId: t.driver.user.id, vehicleNotes: 'Seat belts' },
    { categoryId: coach.id, categoryName: 'Coach', quantity: 1 },
  ],
  basePrice: 1000,
  extraCharges: [{ description: 'Tolls', amount: 50, type: 'fixed' }],
  discounts: [{ description: 'Loyalty', amount: 10, type: 'percentage' }],
  taxMode: 'exclusive',
  taxRate: 10,
  ...overrides,
});

/** Creates fullJob() with these fields replaced. */
async function create(overrides: object = {}): Promise<JobSaveResult> {
  return expectJson<JobSaveResult>(await t.asManager('POST', '/api/jobs', fullJob(overrides)), 201);
}

describe('creating a job', () => {
  it('stores the job, its legs, slots and new customer, and prices it on the server', async () => {
    const job = await create();
    expect(job.jobNumber).toMatch(/^J-\d{5}$/);
    expect(job).toMatchObject({
      title: 'Museum excursion',
      status: 'draft',
      serviceDate: '2026-12-01',
      paxCount: 80,
      hasUpdates: 0,
      basePrice: 1000,
      // 1000 + 50 = 1050, - 10 % = 945; + 10 % tax = 1039.50
      subtotal: 945,
      taxAmount: 94.5,
      totalPrice: 1039.5,
      currency: 'AUD',
      customer: {
        companyName: 'Northside Public School',
        name: 'Northside Public School',
        companyType: 'school',
      },
      contact: { name: 'Pat Principal', role: 'Principal' },
      version: 1,
      clashes: [],
    });
    expect(job.notesDriver).toBe(
      '<p><strong>Gate 3</strong> <span style="color:#e03131">no parking</span></p>',
    );
    expect(job.legs.map((l) => [l.legNumber, l.originAddress])).toEqual([
      [1, 'Northside PS'],
      [2, 'Australian Museum'],
    ]);
    expect(job.vehicles).toHaveLength(2);
    expect(job.vehicles[0]).toMatchObject({
      slotPosition: 1,
      categoryName: 'Coach',
      vehicle: { registrationNumber: 'BUS-001' },
      driver: { id: t.driver.user.id },
      vehicleNotes: 'Seat belts',
    });
    expect(job.vehicles[1]).toMatchObject({
      slotPosition: 2,
      categoryName: 'Coach',
      vehicle: null,
      driver: null,
    });
    expect(job.discounts[0]).toMatchObject({ id: expect.any(String), description: 'Loyalty' });
    // The blank second contact was not created.
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, job.customerId!));
    expect(customer?.companyName).toBe('Northside Public School');
    const contacts = await t.asManager('GET', `/api/customers/${job.customerId}/contacts`);
    expect(contacts.json().total).toBe(1);
  });

  it('stores terms through the rich-text allow-list: no script or event handler comes back', async () => {
    const job = await create({
      termsAndConditions:
        '<p>Deposit <strong>20 %</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p><p onclick="x()">Cancellation 7 days</p>',
    });
    expect(job.termsAndConditions).toBe('<p>Deposit <strong>20 %</strong></p><p>Cancellation 7 days</p>');
    const stored = (await t.asManager('GET', `/api/jobs/${job.id}`)).json() as Job;
    expect(stored.termsAndConditions).toBe(job.termsAndConditions);
  });

  it('gives every new job its own number', async () => {
    const [a, b] = await Promise.all([create({ title: 'A' }), create({ title: 'B' })]);
    expect(a.jobNumber).not.toBe(b.jobNumber);
  });

  it('creates no customer from a blank new-customer name', async () => {
    const before = await t.db.select({ n: count() }).from(customers);
    const job = await create({ title: 'Walk-up', newCustomer: { companyName: '  ' } });
    expect(job.customer).toBeNull();
    expect(await t.db.select({ n: count() }).from(customers)).toEqual(before);
  });

  it.each([
    [{ legs: [{ departureTime: '25:00' }] }, 'legs.0.departureTime', 'Use a time like 09:30'],
    [{ serviceDate: '2026-02-30' }, 'serviceDate', 'Use a date like 2026-03-31'],
    [{ paxCount: 'many' }, 'paxCount', 'Passengers must be a whole number'],
    [
      { vehicles: [{ categoryId: 'x', driverId: 'y' }] },
      'vehicles.0.driverId',
      'Choose a vehicle before choosing a driver',
    ],
    [{ vehicles: [{ vehicleNotes: 'n' }] }, 'vehicles.0.categoryId', 'Choose a vehicle type or a vehicle'],
    [{ basePrice: -1 }, 'basePrice', 'Base price must be 0 or more'],
    [{ taxRate: 120 }, 'taxRate', 'Tax rate must be between 0 and 100'],
    [{ currency: 'dollars' }, 'currency', 'Currency must be a 3-letter code such as AUD'],
    [{ mapsLink: 'javascript:alert(1)' }, 'mapsLink', 'Enter a link starting with https://'],
    [{ vehicles: [{ vehicleId: 'no-such-vehicle' }] }, 'vehicles.0.vehicleId', 'Vehicle not found'],
    [{ customerId: 'no-such-customer' }, 'customerId', 'Customer not found'],
  ])('answers 400 for %j and writes nothing', async (override, path, message) => {
    const before = await t.db.select({ n: count() }).from(jobs);
    const res = await t.asManager('POST', '/api/jobs', fullJob(override));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await t.db.select({ n: count() }).from(jobs)).toEqual(before);
  });

  it('refuses the same vehicle or driver on two slots of one job', async () => {
    const res = await t.asManager(
      'POST',
      '/api/jobs',
      fullJob({ vehicles: [{ vehicleId: bus1.id }, { vehicleId: bus1.id }] }),
    );
    expect(res.json().errors).toContainEqual({
      path: 'vehicles.1.vehicleId',
      message: 'This vehicle is already on another slot of this job',
    });
  });

  it('refuses an inactive driver', async () => {
    const gone = await createDriver(t.db, { isActive: 0 });
    const res = await t.asManager(
      'POST',
      '/api/jobs',
      fullJob({ vehicles: [{ vehicleId: bus2.id, driverId: gone.id }] }),
    );
    expect(res.json().errors).toContainEqual({
      path: 'vehicles.0.driverId',
      message: 'This driver is inactive',
    });
  });

  it('leaves nothing behind when the third leg fails to write', async () => {
    // A real failure inside the transaction, after the customer, the job and two legs were written.
    await t.db.execute(sql`
      create or replace function fail_third_leg() returns trigger language plpgsql as $$
      begin
        if new.leg_number = 3 then raise exception 'third leg refused'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger fail_third_leg before insert on job_legs for each row execute function fail_third_leg()`,
    );
    try {
      const jobsBefore = await t.db.select({ n: count() }).from(jobs);
      const customersBefore = await t.db.select({ n: count() }).from(customers);
      const res = await t.asManager(
        'POST',
        '/api/jobs',
        fullJob({
          newCustomer: { companyName: 'Half Written Pty Ltd' },
          legs: [{ originAddress: 'A' }, { originAddress: 'B' }, { originAddress: 'C' }],
        }),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(await t.db.select({ n: count() }).from(jobs)).toEqual(jobsBefore);
      expect(await t.db.select({ n: count() }).from(customers)).toEqual(customersBefore);
    } finally {
      await t.db.execute(sql`drop trigger fail_third_leg on job_legs`);
    }
  });
});

describe('editing a job', () => {
  it('renumbers legs, keeps slot ids, and bumps the version', async () => {
    const job = await create();
    const res = await t.asManager('PUT', `/api/jobs/${job.id}`, {
      ...fullJob(),
      newCustomer: undefined,
      customerId: job.customerId,
      version: job.version,
      legs: [job.legs[1], { originAddress: 'Depot', destinationAddress: 'Northside PS' }],
      vehicles: job.vehicles.map((s) => ({
        id: s.id,
        categoryId: s.categoryId,
        vehicleId: s.vehicleId,
        driverId: s.driverId,
      })),
    });
    const saved = expectJson<JobSaveResult>(res, 200);
    expect(saved.version).toBe(2);
    expect(saved.legs.map((l) => [l.legNumber, l.originAddress])).toEqual([
      [1, 'Australian Museum'],
      [2, 'Depot'],
    ]);
    expect(saved.vehicles.map((s) => s.id)).toEqual(job.vehicles.map((s) => s.id));
    expect(saved.jobNumber).toBe(job.jobNumber);
  });

  it('answers 409 to the second of two saves from the same version', async () => {
    const job = await create();
    const body = { ...fullJob(), newCustomer: undefined, version: job.version };
    expectJson(await t.asManager('PUT', `/api/jobs/${job.id}`, { ...body, title: 'First' }), 200);
    const second = await t.asManager('PUT', `/api/jobs/${job.id}`, { ...body, title: 'Second' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: JOB_CHANGED_MESSAGE });
    expect((await t.asManager('GET', `/api/jobs/${job.id}`)).json().title).toBe('First');
  });

  it('answers 428 to a save that does not say which version it changes, and changes nothing', async () => {
    const job = await create();
    const res = await t.asManager('PUT', `/api/jobs/${job.id}`, { ...fullJob(), title: 'Blind' });
    expect(res.statusCode).toBe(428);
    expect(res.json()).toEqual({ message: JOB_VERSION_REQUIRED });
    const stored = (await t.asManager('GET', `/api/jobs/${job.id}`)).json() as Job;
    expect([stored.title, stored.version]).toEqual([job.title, job.version]);
  });

  it('takes a new job number when editing, unless another job has it', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    const renamed = await t.asManager('PUT', `/api/jobs/${a.id}`, {
      title: 'A',
      jobNumber: 'SCHOOL-2026-01',
      version: a.version,
    });
    expect(expectJson<Job>(renamed, 200).jobNumber).toBe('SCHOOL-2026-01');
    const taken = await t.asManager('PUT', `/api/jobs/${b.id}`, {
      title: 'B',
      jobNumber: 'SCHOOL-2026-01',
      version: b.version,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { path: 'jobNumber', message: 'This job number is already used by another job' },
    ]);
  });
});

describe('publishing', () => {
  it('moves a draft out of draft, offers it to its drivers and mails them', async () => {
    const job = await create({ newCustomer: undefined });
    const res = await t.asManager('POST', `/api/jobs/${job.id}/publish`);
    const published = expectJson<Job>(res, 200);
    // One of the two slots has no driver yet.
    expect(published.status).toBe('confirmed');
    const offers = await t.db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      driverId: t.driver.user.id,
      status: 'pending',
      createdBy: t.manager.user.id,
    });
    const hours = (offers[0]!.expiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47);
    expect(hours).toBeLessThanOrEqual(48);
    await t.smtp.waitFor(t.driver.user.email);
    const mail = t.smtp.last(t.driver.user.email);
    expect(mail.subject).toBe(`New job offer: ${job.jobNumber} Museum excursion`);
    expect(mail.text).toContain('/job-offers');
    expect(mail.text).not.toContain('1039');
    await expect.poll(() => notificationsOf(job.id)).toEqual([{ emailType: 'offer', status: 'sent' }]);

    const again = await t.asManager('POST', `/api/jobs/${job.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only draft jobs can be published' });
  });

  it("names who was offered, and reads 'assigned' only once every slot's driver accepted", async () => {
    const job = await create({
      newCustomer: undefined,
      vehicles: [{ vehicleId: bus2.id, driverId: t.driver.user.id }],
    });
    const published = expectJson<JobSaveResult>(
      await t.asManager('POST', `/api/jobs/${job.id}/publish`),
      200,
    );
    expect(published.status).toBe('confirmed');
    const { firstName, lastName } = t.driver.user;
    expect(published.offeredTo).toEqual([{ id: t.driver.user.id, name: `${firstName} ${lastName}` }]);
    const [offer] = await t.db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expectJson(await t.asDriver('PATCH', `/api/job-offers/${offer!.id}`, { status: 'accepted' }), 200);
    expect((await t.asManager('GET', `/api/jobs/${job.id}`)).json().status).toBe('assigned');
  });

  it('records a skipped mail for a driver who turned offer mails off', async () => {
    const quiet = await createDriver(t.db);
    await t.db.insert(driverPreferences).values({ userId: quiet.id, emailNewAssignments: 0 });
    const job = await create({
      newCustomer: undefined,
      vehicles: [{ vehicleId: bus2.id, driverId: quiet.id }],
    });
    await t.asManager('POST', `/api/jobs/${job.id}/publish`);
    await expect.poll(() => notificationsOf(job.id)).toEqual([{ emailType: 'offer', status: 'skipped' }]);
    expect(t.smtp.to(quiet.email)).toHaveLength(0);
  });
});

async function notificationsOf(jobId: string) {
  return t.db
    .select({ emailType: emailNotifications.emailType, status: emailNotifications.status })
    .from(emailNotifications)
    .where(eq(emailNotifications.jobId, jobId));
}

describe('updates to a published job', () => {
  it('sets hasUpdates and mails the drivers when what they see changes, not when the price does', async () => {
    const job = await create({
      newCustomer: undefined,
      vehicles: [{ vehicleId: bus2.id, driverId: t.driver.user.id }],
    });
    await t.asManager('POST', `/api/jobs/${job.id}/publish`);
    const published = (await t.asManager('GET', `/api/jobs/${job.id}`)).json() as Job;
    const base = {
      ...fullJob(),
      newCustomer: undefined,
      status: published.status,
      vehicles: [{ vehicleId: bus2.id, driverId: t.driver.user.id }],
    };
    const priced = expectJson<Job>(
      await t.asManager('PUT', `/api/jobs/${job.id}`, {
        ...base,
        basePrice: 2000,
        version: published.version,
      }),
      200,
    );
    expect(priced.hasUpdates).toBe(0);

    const moved = await t.asManager('PUT', `/api/jobs/${job.id}`, {
      ...base,
      version: priced.version,
      legs: [{ originAddress: 'Northside PS', destinationAddress: 'Museum', departureTime: '07:45' }],
    });
    expect(expectJson<Job>(moved, 200).hasUpdates).toBe(1);
    // The driver's start time changed: their change mail waits for the window (ADR 28).
    await sendDueChangeMails(
      { db: t.db, mailer: t.app.mailer, publicUrl: '', timeZone: 'Australia/Sydney', log: t.app.log },
      new Date(Date.now() + t.app.config.driverChangeWindowMs + 1000),
    );
    const subjects = () => t.smtp.to(t.driver.user.email).map((m) => m.subject);
    await expect.poll(subjects).toContain(`Job updated: ${job.jobNumber} Museum excursion`);
    // The price change alone mailed nobody: one update mail for the one change drivers see.
    expect(subjects().filter((s) => s?.startsWith(`Job updated: ${job.jobNumber}`))).toHaveLength(1);

    expectJson(await t.asDriver('POST', `/api/jobs/${job.id}/clear-updates`), 200);
    expect((await t.asManager('GET', `/api/jobs/${job.id}`)).json().hasUpdates).toBe(0);
  });

  it('offers the job to a driver added after publishing', async () => {
    const job = await create({ newCustomer: undefined, vehicles: [{ vehicleId: bus2.id }] });
    await t.asManager('POST', `/api/jobs/${job.id}/publish`);
    const added = await createDriver(t.db);
    const published = (await t.asManager('GET', `/api/jobs/${job.id}`)).json() as Job;
    await t.asManager('PUT', `/api/jobs/${job.id}`, {
      ...fullJob(),
      newCustomer: undefined,
      version: published.version,
      status: 'confirmed',
      vehicles: [{ vehicleId: bus2.id, driverId: added.id }],
    });
    const offers = await t.db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(offers.map((o) => o.driverId)).toEqual([added.id]);
    await t.smtp.waitFor(added.email);
  });
});

describe('the job list summaries', () => {
  it("carry each driver's clock-in time on the job's date (the Start Time column), nothing before", async () => {
    const clocked = await createDriver(t.db, { firstName: 'Early', lastName: 'Bird' });
    const waiting = await createDriver(t.db);
    const [busA, busB] = [await createVehicle(t.db), await createVehicle(t.db)];
    const date = '2031-02-03';
    const job = await create({
      newCustomer: undefined,
      title: 'Start time',
      serviceDate: date,
      vehicles: [
        { vehicleId: busA.id, driverId: clocked.id },
        { vehicleId: busB.id, driverId: waiting.id },
      ],
    });
    const start = new Date('2031-02-02T20:55:00Z');
    await t.db.insert(shifts).values([
      { driverId: clocked.id, shiftDate: date, startTime: start },
      // A shift of another day is not this job's start.
      {
        driverId: waiting.id,
        shiftDate: '2031-02-02',
        startTime: new Date('2031-02-01T20:00:00Z'),
        endTime: new Date('2031-02-02T02:00:00Z'),
      },
    ]);
    const page = expectJson<{ items: JobSummary[] }>(
      await t.asManager('GET', `/api/jobs?from=${date}&to=${date}`),
      200,
    );
    const row = page.items.find((j) => j.id === job.id)!;
    expect(row.vehicles.map((s) => s.driver)).toEqual([
      { firstName: 'Early', lastName: 'Bird', clockedInAt: start.toISOString() },
      { firstName: waiting.firstName, lastName: waiting.lastName, clockedInAt: null },
    ]);
  });
});

describe('clashes', () => {
  it('names the other job when a vehicle or driver is already out at an overlapping time', async () => {
    const driver = await createDriver(t.db, { firstName: 'Clash', lastName: 'Driver' });
    const bus = await createVehicle(t.db, { categoryId: coach.id, registrationNumber: 'CLASH-1' });
    const day = '2027-03-03';
    const first = await create({
      newCustomer: undefined,
      title: 'Morning run',
      serviceDate: day,
      legs: [{ departureTime: '08:00', arrivalTime: '12:00' }],
      vehicles: [{ vehicleId: bus.id, driverId: driver.id }],
    });
    const second = await create({
      newCustomer: undefined,
      title: 'Late morning',
      serviceDate: day,
      legs: [{ departureTime: '11:00', arrivalTime: '13:00' }],
      vehicles: [{ vehicleId: bus.id, driverId: driver.id }],
      // Back to back, the driver would also pass 5 h 15 min without a break (tested in driver-hours).
      hoursOverrideReason: 'Clash test',
    });
    expect(second.clashes).toEqual([
      expect.objectContaining({
        kind: 'vehicle',
        name: 'CLASH-1',
        otherJobNumber: first.jobNumber,
        otherStart: '08:00',
        otherEnd: '12:00',
      }),
      expect.objectContaining({ kind: 'driver', name: 'Clash Driver', otherJobId: first.id }),
    ]);
    const afternoon = await create({
      newCustomer: undefined,
      serviceDate: day,
      legs: [{ departureTime: '13:30', arrivalTime: '15:00' }],
      vehicles: [{ vehicleId: bus.id, driverId: driver.id }],
      hoursOverrideReason: 'Clash test',
    });
    expect(afternoon.clashes).toEqual([]);
    const check = await t.asManager('POST', '/api/jobs/clashes', {
      serviceDate: day,
      legs: [{ departureTime: '12:30', arrivalTime: '14:00' }],
      vehicles: [{ vehicleId: bus.id }],
    });
    expect(
      expectJson<{ clashes: { otherJobId: string }[] }>(check, 200)
        .clashes.map((c) => c.otherJobId)
        .sort(),
    ).toEqual([second.id, afternoon.id].sort());
  });
});

describe('status and loyalty', () => {
  it('counts a completed job on its customer once', async () => {
    const customer = await createCustomer(t.db);
    const job = await create({
      newCustomer: undefined,
      customerId: customer.id,
      basePrice: 500,
      taxMode: 'none',
      extraCharges: [],
      discounts: [],
    });
    for (const status of ['completed', 'in_progress', 'completed'] as const) {
      expectJson(await t.asManager('PATCH', `/api/jobs/${job.id}/status`, { status }), 200);
    }
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ totalBookings: 1, totalRevenue: 500, loyaltyPoints: 1 });
  });
});

describe('listing', () => {
  it('filters by dates, status, driver and search on the server, sorted by date then departure', async () => {
    const driver = await createDriver(t.db);
    const bus = await createVehicle(t.db, { categoryId: coach.id });
    const mk = (title: string, serviceDate: string, departureTime: string, withDriver = false) =>
      create({
        newCustomer: undefined,
        title,
        serviceDate,
        legs: [{ originAddress: 'Zetland Depot', departureTime }],
        vehicles: withDriver ? [{ vehicleId: bus.id, driverId: driver.id }] : [],
      });
    await mk('Listing late', '2030-05-02', '07:00');
    await mk('Listing early', '2030-05-01', '15:00', true);
    await mk('Listing first', '2030-05-01', '06:00');
    const page = expectJson<{ items: Job[]; total: number }>(
      await t.asManager('GET', '/api/jobs?from=2030-05-01&to=2030-05-31&search=listing'),
      200,
    );
    expect(page.items.map((j) => j.title)).toEqual(['Listing first', 'Listing early', 'Listing late']);
    expect(page.total).toBe(3);
    const byDriver = (await t.asManager('GET', `/api/jobs?driverId=${driver.id}`)).json();
    expect(byDriver.items.map((j: Job) => j.title)).toEqual(['Listing early']);
    const drafts = (await t.asManager('GET', '/api/jobs?status=draft&search=zetland&limit=2')).json();
    expect(drafts).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(drafts.items).toHaveLength(2);
    const bad = await t.asManager('GET', '/api/jobs?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('counts matching jobs only up to a bound past the page, and says when the total is a lower bound', async () => {
    const many = JOB_LIST_COUNT_AHEAD + 5;
    const rows = Array.from({ length: many }, (_, i) => ({
      jobNumber: `BOUND-${i}`,
      title: `Boundprobe ${i}`,
      status: 'quoted' as 'quoted' | 'cancelled',
      serviceDate: '2031-02-03',
    }));
    rows.push({
      jobNumber: 'BOUND-C1',
      title: 'Boundprobe c1',
      status: 'cancelled',
      serviceDate: '2031-02-03',
    });
    await t.db.insert(jobs).values(rows);
    try {
      type ListPage = { items: JobSummary[]; total: number; totalIsLowerBound: boolean };
      const list = async (query: string) =>
        expectJson<ListPage>(await t.asManager('GET', `/api/jobs?search=boundprobe&${query}`), 200);

      const first = await list('limit=50');
      expect(first).toMatchObject({ total: JOB_LIST_COUNT_AHEAD, totalIsLowerBound: true, offset: 0 });
      expect(first.items).toHaveLength(50);
      // Filters still apply to the count: one cancelled job, counted exactly.
      expect(await list('status=cancelled')).toMatchObject({ total: 1, totalIsLowerBound: false });
      expect(await list('status=quoted&limit=10')).toMatchObject({
        total: JOB_LIST_COUNT_AHEAD,
        totalIsLowerBound: true,
      });
      expect(await list('status=quoted&from=2031-02-04')).toMatchObject({
        total: 0,
        totalIsLowerBound: false,
      });
      // Further on, the count looks as far past the page: near the end it is exact again.
      const later = await list('status=quoted&limit=50&offset=50');
      expect(later).toMatchObject({ total: many, totalIsLowerBound: false });
      const beyond = await list(`status=quoted&limit=50&offset=${JOB_LIST_COUNT_AHEAD}`);
      expect(beyond).toMatchObject({ total: many, totalIsLowerBound: false });
      expect(beyond.items).toHaveLength(5);
    } finally {
      await t.db.delete(jobs).where(sql`${jobs.jobNumber} like 'BOUND-%'`);
    }
  });

  it('counts exactly under the bound', async () => {
    const tag = `Exactprobe${Date.now().toString(36)}`;
    await create({ newCustomer: undefined, title: `${tag} one`, serviceDate: '2031-03-01' });
    await create({ newCustomer: undefined, title: `${tag} two`, serviceDate: '2031-03-02' });
    const page = expectJson<{ total: number; totalIsLowerBound: boolean }>(
      await t.asManager('GET', `/api/jobs?search=${tag}&limit=1`),
      200,
    );
    expect(page).toMatchObject({ total: 2, totalIsLowerBound: false });
  });
});

describe('the list answer', () => {
  it("gives a manager each job's list columns, equal to the whole job, without its contact, terms or price lines", async () => {
    const job = await create({
      title: `Summary ${Date.now().toString(36)}`,
      pricingNotes: 'Quoted by phone',
      termsAndConditions: 'Deposit of 20 % on booking.',
    });
    const whole = expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);
    const page = expectJson<{ items: Record<string, unknown>[] }>(
      await t.asManager('GET', `/api/jobs?search=${encodeURIComponent(job.title ?? '')}`),
      200,
    );
    expect(page.items).toHaveLength(1);
    const [row] = page.items;
    expect(row).toEqual({
      id: whole.id,
      jobNumber: whole.jobNumber,
      title: whole.title,
      status: 'draft',
      serviceDate: '2026-12-01',
      seriesId: null,
      hasUpdates: 0,
      updatedAt: whole.updatedAt,
      totalPrice: 1039.5,
      currency: 'AUD',
      pendingRequests: 0,
      // Only what a row shows: no ids but the job's (ADR 38).
      customer: { companyName: 'Northside Public School', phone: '02 9000 1111' },
      legs: whole.legs.map(({ originAddress, destinationAddress, departureTime }) => ({
        originAddress,
        destinationAddress,
        departureTime,
      })),
      vehicles: [
        {
          // The category is shown only while no vehicle is assigned.
          categoryName: null,
          vehicle: { registrationNumber: 'BUS-001', nickname: 'Blue' },
          // The list adds the driver's clock-in for the Start Time column (none yet).
          driver: {
            firstName: whole.vehicles[0]?.driver?.firstName,
            lastName: whole.vehicles[0]?.driver?.lastName,
            clockedInAt: null,
          },
        },
        { categoryName: 'Coach', vehicle: null, driver: null },
      ],
      // No quote link was sent (issue 24).
      quoteLink: null,
    });
    expect(whole).toMatchObject({ pricingNotes: 'Quoted by phone', contact: { name: 'Pat Principal' } });

    // The screen's rows (ADR 40): the same page as tuples, read back into the same summaries.
    const rows = expectJson<{ items: JobListRow[]; total: number }>(
      await t.asManager('GET', `/api/jobs?search=${encodeURIComponent(job.title ?? '')}&shape=rows`),
      200,
    );
    expect(rows.total).toBe(1);
    expect(Array.isArray(rows.items[0])).toBe(true);
    expect(rows.items.map(jobSummaryFromRow)).toEqual(page.items);
    expect(JSON.stringify(rows.items).length).toBeLessThan(JSON.stringify(page.items).length * 0.75);
  });

  it('gives a driver who asks for rows their own jobs whole, still without prices', async () => {
    const job = await create({ title: `Rows ${Date.now().toString(36)}` });
    expectJson(await t.asManager('POST', `/api/jobs/${job.id}/publish`), 200);
    const page = expectJson<{ items: Record<string, unknown>[] }>(
      await t.asDriver('GET', '/api/jobs?shape=rows&limit=200'),
      200,
    );
    const mine = page.items.find((item) => item.id === job.id);
    expect(mine).toMatchObject({ title: job.title });
    expect(mine).not.toHaveProperty('totalPrice');
  });

  it("counts a driver's jobs exactly on a full page, a short one and one past the end", async () => {
    await create({ title: `Mine ${Date.now().toString(36)}` });
    await create({ title: `Mine again ${Date.now().toString(36)}` });
    const page = async (query: string) =>
      expectJson<{ items: unknown[]; total: number; totalIsLowerBound: boolean }>(
        await t.asDriver('GET', `/api/jobs?${query}`),
        200,
      );
    const all = await page('limit=200');
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    expect(all.items.length).toBeLessThan(200);
    expect(all.total).toBe(all.items.length);
    const n = all.total;
    expect(await page('limit=1')).toMatchObject({ total: n, totalIsLowerBound: false });
    expect(await page(`limit=1&offset=${n - 1}`)).toMatchObject({ total: n, items: [expect.anything()] });
    expect(await page(`limit=5&offset=${n + 3}`)).toMatchObject({ total: n, items: [] });
  });

  it('refuses a shape it does not know', async () => {
    expect((await t.asManager('GET', '/api/jobs?shape=columns')).statusCode).toBe(400);
  });
});

describe('periods', () => {
  it("reads today, this week and upcoming in the operator's time zone", async () => {
    const today = dateInZone(new Date(), t.app.config.timezone);
    const tag = `period${Date.now().toString(36)}`;
    const todays = await create({ newCustomer: undefined, title: `${tag} today`, serviceDate: today });
    const tomorrows = await create({
      newCustomer: undefined,
      title: `${tag} tomorrow`,
      serviceDate: addDays(today, 1),
    });
    const ids = async (query: string) =>
      ((await t.asManager('GET', `/api/jobs?search=${tag}&${query}`)).json().items as Job[]).map((j) => j.id);
    expect(await ids('period=today')).toEqual([todays.id]);
    expect(await ids('period=upcoming')).toEqual([tomorrows.id]);
    expect(await ids(`period=week&from=${addDays(today, 1)}`)).not.toContain(todays.id);
  });
});

describe('order', () => {
  it("shows today's and coming jobs first, soonest first, then undated drafts, then past jobs, latest first", async () => {
    const today = dateInZone(new Date(), t.app.config.timezone);
    const tag = `order${Date.now().toString(36)}`;
    const mk = (title: string, serviceDate: string | null) =>
      create({
        newCustomer: undefined,
        title: `${tag} ${title}`,
        serviceDate,
        legs: [{ departureTime: '09:00' }],
      });
    await mk('last week', addDays(today, -7));
    await mk('tomorrow', addDays(today, 1));
    await mk('undated', null);
    await mk('yesterday', addDays(today, -1));
    await mk('today', today);
    const titles = ((await t.asManager('GET', `/api/jobs?search=${tag}`)).json().items as Job[]).map(
      (j) => j.title,
    );
    expect(titles).toEqual([
      `${tag} today`,
      `${tag} tomorrow`,
      `${tag} undated`,
      `${tag} yesterday`,
      `${tag} last week`,
    ]);
  });
});

describe('reading a page', () => {
  it('costs the same number of queries for 2 jobs as for 12', async () => {
    const tag = `nplus${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) await create({ newCustomer: undefined, title: `${tag} ${i}` });
    const queriesFor = async (limit: number) => {
      counted = [];
      const page = expectJson<{ items: Job[] }>(
        await t.asManager('GET', `/api/jobs?search=${tag}&limit=${limit}`),
        200,
      );
      expect(page.items).toHaveLength(limit);
      expect(page.items.every((j) => j.vehicles.length === 2 && j.legs.length === 2)).toBe(true);
      // Only the list's own reads: background work (live events, queued mail) runs meanwhile.
      const n = counted.filter((q) =>
        /(from|join) "?(jobs|job_legs|job_vehicles|job_offers|job_requests)"?\b/.test(q),
      ).length;
      counted = null;
      return n;
    };
    const small = await queriesFor(2);
    expect(await queriesFor(12)).toBe(small);
    // The page's ids, its count, and the jobs with everything on them in one statement.
    expect(small).toBe(3);
  });
});

describe('what a driver sees', () => {
  it('only their own jobs and their own slots, never a price', async () => {
    const other = await createDriver(t.db);
    const mine = await create({
      newCustomer: undefined,
      title: 'Shared job',
      vehicles: [
        { vehicleId: bus1.id, driverId: t.driver.user.id },
        { vehicleId: bus2.id, driverId: other.id },
      ],
    });
    const notMine = await create({
      newCustomer: undefined,
      title: 'Not mine',
      vehicles: [{ vehicleId: bus1.id, driverId: other.id }],
    });
    const list = expectJson<{ items: Record<string, unknown>[] }>(
      await t.asDriver('GET', '/api/jobs?limit=200'),
      200,
    );
    const ids = list.items.map((j) => j.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(notMine.id);
    for (const job of list.items) {
      for (const key of [
        'basePrice',
        'totalPrice',
        'subtotal',
        'taxAmount',
        'discounts',
        'extraCharges',
        'contact',
      ]) {
        expect(job).not.toHaveProperty(key);
      }
    }
    const detail = expectJson<Job>(await t.asDriver('GET', `/api/jobs/${mine.id}`), 200);
    expect(detail.vehicles.map((s) => s.driverId)).toEqual([t.driver.user.id]);
    expect(detail).not.toHaveProperty('totalPrice');
    expect((await t.asDriver('GET', `/api/jobs/${notMine.id}`)).statusCode).toBe(404);
    expect((await t.asDriver('POST', `/api/jobs/${notMine.id}/clear-updates`)).statusCode).toBe(404);
  });

  it('cannot write jobs', async () => {
    const job = await create({ newCustomer: undefined });
    for (const [method, url] of [
      ['POST', '/api/jobs'],
      ['PUT', `/api/jobs/${job.id}`],
      ['DELETE', `/api/jobs/${job.id}`],
      ['POST', `/api/jobs/${job.id}/publish`],
      ['PATCH', `/api/jobs/${job.id}/status`],
      ['POST', '/api/jobs/clashes'],
    ] as const) {
      expect((await t.asDriver(method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('documents', () => {
  it('sends the quote with the same totals and the job sheet without prices, to managers only', async () => {
    const job = await create();
    const quote = await t.asManager('GET', `/api/jobs/${job.id}/quote/pdf`);
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-type']).toBe('application/pdf');
    expect(quote.headers['content-disposition']).toBe(`attachment; filename="quote-${job.jobNumber}.pdf"`);
    const quoteText = (await pdfText(quote.rawPayload)).text;
    expect(quoteText).toContain(job.jobNumber);
    expect(quoteText).toContain('$1,039.50');
    expect(quoteText).toContain('Northside Public School');
    const sheet = await t.asManager('GET', `/api/jobs/${job.id}/jobsheet/pdf`);
    expect(sheet.headers['content-disposition']).toBe(
      `attachment; filename="job-sheet-${job.jobNumber}.pdf"`,
    );
    const sheetText = (await pdfText(sheet.rawPayload)).text;
    expect(sheetText).toContain('Gate 3');
    expect(sheetText).not.toContain('$');
    expect((await t.asDriver('GET', `/api/jobs/${job.id}/quote/pdf`)).statusCode).toBe(403);
    expect((await t.asManager('GET', '/api/jobs/missing/quote/pdf')).statusCode).toBe(404);
  }, 30_000);
});

describe('deleting', () => {
  it('removes the job with its legs and slots', async () => {
    const job = await create({ newCustomer: undefined });
    expect(expectJson(await t.asManager('DELETE', `/api/jobs/${job.id}`), 200)).toEqual({
      message: 'Job deleted successfully',
    });
    expect((await t.asManager('GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await t.asManager('DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(404);
  });
});

import { DISPATCH_DATE_MESSAGE, type DispatchBar, type DispatchDay } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLegs, jobs, jobVehicles, vehicleDefects } from '../../db/schema';
import {
  createCategory,
  createCustomer,
  createDepot,
  createDriver,
  createJob,
  createVehicle,
} from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { stopBoardHours } from '../driver-hours';

let t: RoleTestApp;
/** Every statement the app sends, while a test is counting. */
let counted: string[] | null = null;

beforeAll(async () => {
  t = await createRoleTestApp({ logQuery: (query) => counted?.push(query) });
});
afterAll(() => t.close());

const day = async (date: string) =>
  expectJson<DispatchDay>(await t.asManager('GET', `/api/dispatch?date=${date}`), 200);

/** Replaces a job's legs with these [departure, arrival] pairs. */
async function setLegs(jobId: string, times: [string | null, string | null][]) {
  await t.db.delete(jobLegs).where(eq(jobLegs.jobId, jobId));
  await t.db.insert(jobLegs).values(
    times.map(([departureTime, arrivalTime], i) => ({
      jobId,
      legNumber: i + 1,
      originAddress: `Stop ${i + 1}`,
      destinationAddress: `Stop ${i + 2}`,
      departureTime,
      arrivalTime,
    })),
  );
}

const barOf = (d: DispatchDay, jobId: string): DispatchBar => {
  const bar = d.bars.find((b) => b.jobId === jobId);
  if (!bar) throw new Error(`no bar for job ${jobId}`);
  return bar;
};

describe('access', () => {
  it('refuses anonymous callers with 401 and drivers with 403', async () => {
    expect((await t.anonymous('GET', '/api/dispatch?date=2027-03-01')).statusCode).toBe(401);
    expect((await t.asDriver('GET', '/api/dispatch?date=2027-03-01')).statusCode).toBe(403);
  });

  it.each(['', '?date=', '?date=01/03/2027', '?date=2027-02-30', '?date=tomorrow'])(
    'answers %s with 400 and the message',
    async (query) => {
      const body = expectJson<{ message: string }>(await t.asManager('GET', `/api/dispatch${query}`), 400);
      expect(body.message).toBe(DISPATCH_DATE_MESSAGE);
    },
  );
});

describe('a day of the board', () => {
  it("lists the company's active vehicles with depot, category and open defect, every day", async () => {
    const depot = await createDepot(t.db, 'Alexandria');
    const coach = await createCategory(t.db, 'Dispatch Coach');
    const bus = await createVehicle(t.db, {
      registrationNumber: 'DSP-001',
      nickname: 'Blue',
      categoryId: coach.id,
      defaultDepotId: depot.id,
    });
    const retired = await createVehicle(t.db, { registrationNumber: 'DSP-OLD', isActive: 0 });
    await t.db.insert(vehicleDefects).values({
      vehicleId: bus.id,
      reportedBy: t.driver.user.id,
      items: [{ question: 'Brakes', category: 'safety', notes: 'Spongy pedal' }],
    });

    const d = await day('2027-03-02');
    expect(d.date).toBe('2027-03-02');
    expect(d.bars).toEqual([]);
    expect(d.vehicles.find((v) => v.id === bus.id)).toEqual({
      id: bus.id,
      registrationNumber: 'DSP-001',
      nickname: 'Blue',
      type: 'company_owned',
      depotId: depot.id,
      depotName: 'Alexandria',
      categoryName: 'Dispatch Coach',
      categoryColor: coach.color,
      openDefect: { summary: 'Brakes: Spongy pedal' },
    });
    expect(d.vehicles.some((v) => v.id === retired.id)).toBe(false);
  });

  it('gives each vehicle slot of the day a bar from first departure to last arrival, with its legs', async () => {
    const customer = await createCustomer(t.db, { companyName: 'Northside Public School' });
    const driver = await createDriver(t.db, { firstName: 'Priya', lastName: 'Sharma' });
    const bus = await createVehicle(t.db);
    const job = await createJob(
      t.db,
      { serviceDate: '2027-03-03', status: 'assigned', customerId: customer.id, title: 'Museum' },
      { vehicleId: bus.id, driverId: driver.id },
    );
    await setLegs(job.id, [
      ['08:30', '09:15'],
      ['14:00', '14:45'],
    ]);
    // A second slot of the same job, with neither vehicle nor driver: the Unallocated row.
    await t.db.insert(jobVehicles).values({ jobId: job.id, slotPosition: 2 });
    // Cancelled jobs and other days are not on the board.
    await createJob(t.db, { serviceDate: '2027-03-03', status: 'cancelled' }, { vehicleId: bus.id });
    await createJob(t.db, { serviceDate: '2027-03-04' }, { vehicleId: bus.id });

    const d = await day('2027-03-03');
    expect(d.bars).toHaveLength(2);
    const [allocated, open] = d.bars;
    expect(allocated).toMatchObject({
      jobId: job.id,
      jobNumber: job.jobNumber,
      title: 'Museum',
      status: 'assigned',
      customerName: 'Northside Public School',
      vehicleId: bus.id,
      driverId: driver.id,
      driverName: 'Priya Sharma',
      start: '08:30',
      end: '14:45',
      clash: false,
    });
    expect(allocated?.legs).toEqual([
      {
        legNumber: 1,
        departureTime: '08:30',
        arrivalTime: '09:15',
        originAddress: 'Stop 1',
        destinationAddress: 'Stop 2',
      },
      {
        legNumber: 2,
        departureTime: '14:00',
        arrivalTime: '14:45',
        originAddress: 'Stop 2',
        destinationAddress: 'Stop 3',
      },
    ]);
    expect(open).toMatchObject({ jobId: job.id, vehicleId: null, driverId: null, driverName: null });
    expect(open?.slotId).not.toBe(allocated?.slotId);
  });

  it('flags bars whose vehicle or driver is on another overlapping job', async () => {
    const date = '2027-03-05';
    const driver = await createDriver(t.db);
    const [a, b, c] = [await createVehicle(t.db), await createVehicle(t.db), await createVehicle(t.db)];
    const first = await createJob(t.db, { serviceDate: date }, { vehicleId: a.id, driverId: driver.id });
    await setLegs(first.id, [['08:00', '12:00']]);
    // The same driver on another vehicle, overlapping.
    const second = await createJob(t.db, { serviceDate: date }, { vehicleId: b.id, driverId: driver.id });
    await setLegs(second.id, [['11:00', '13:00']]);
    // Vehicle a again, after the first job: no clash.
    const third = await createJob(t.db, { serviceDate: date }, { vehicleId: a.id });
    await setLegs(third.id, [['12:00', '15:00']]);
    // Vehicle c on a job without times (the whole day) and on a timed one: both clash.
    const wholeDay = await createJob(t.db, { serviceDate: date }, { vehicleId: c.id });
    await setLegs(wholeDay.id, [[null, null]]);
    const timed = await createJob(t.db, { serviceDate: date }, { vehicleId: c.id });

    const d = await day(date);
    expect(barOf(d, first.id).clash).toBe(true);
    expect(barOf(d, second.id).clash).toBe(true);
    expect(barOf(d, third.id).clash).toBe(false);
    expect(barOf(d, wholeDay.id)).toMatchObject({ start: null, end: null, clash: true });
    expect(barOf(d, timed.id)).toMatchObject({ start: '08:30', end: '09:15', clash: true });
    // Whole-day bars come first, then by first departure.
    expect(d.bars[0]?.jobId).toBe(wholeDay.id);
  });

  it('lists a partner vehicle only on the days it is in use', async () => {
    const partner = await createVehicle(t.db, { type: 'subcontracted', registrationNumber: 'PARTNER-1' });
    await createJob(t.db, { serviceDate: '2027-03-06' }, { vehicleId: partner.id });
    await createJob(t.db, { serviceDate: '2027-03-07', status: 'cancelled' }, { vehicleId: partner.id });

    const inUse = await day('2027-03-06');
    const row = inUse.vehicles.find((v) => v.id === partner.id);
    expect(row).toMatchObject({ type: 'subcontracted', registrationNumber: 'PARTNER-1' });
    // Partner vehicles come after the company's.
    expect(inUse.vehicles.at(-1)?.id).toBe(partner.id);
    expect((await day('2027-03-07')).vehicles.some((v) => v.id === partner.id)).toBe(false);
    expect((await day('2027-03-08')).vehicles.some((v) => v.id === partner.id)).toBe(false);
  });

  it('costs the same number of queries for a busy day as for a quiet one', async () => {
    const queriesFor = async (date: string) => {
      counted = [];
      await day(date);
      // The board's own reads, the hours check's included (the session lookup runs too).
      const n = counted.filter((q) =>
        /from "(vehicles|job_vehicles|job_legs|shifts|app_settings|vehicle_compliance|driver_compliance)"/.test(
          q,
        ),
      ).length;
      counted = null;
      return n;
    };
    const driver = await createDriver(t.db);
    const bus = await createVehicle(t.db);
    await createJob(t.db, { serviceDate: '2027-03-09' }, { vehicleId: bus.id, driverId: driver.id });
    const quiet = await queriesFor('2027-03-09');
    for (let i = 0; i < 8; i++) {
      const other = await createVehicle(t.db, { type: i % 2 ? 'subcontracted' : 'company_owned' });
      const someone = await createDriver(t.db);
      await createJob(t.db, { serviceDate: '2027-03-10' }, { vehicleId: other.id, driverId: someone.id });
    }
    expect(await queriesFor('2027-03-10')).toBe(quiet);
    // Three for the board, one for the settings and two for the drivers' work (shifts, and jobs with
    // their legs); the lapsed records (issue 26) read the settings twice more and the vehicles' and
    // drivers' records once each.
    expect(quiet).toBe(10);
  });

  it("marks a bar whose job breaks its driver's hours", async () => {
    const driver = await createDriver(t.db);
    const bus = await createVehicle(t.db);
    // 05:00–17:00 with the allowances is more than 12 h of work in 24 h, and 5 h 15 min without a break.
    await createJob(
      t.db,
      { serviceDate: '2027-03-11', status: 'assigned' },
      { vehicleId: bus.id, driverId: driver.id },
    );
    const [job] = await t.db.select().from(jobs).where(eq(jobs.serviceDate, '2027-03-11'));
    await t.db
      .update(jobLegs)
      .set({ departureTime: '05:30', arrivalTime: '17:00' })
      .where(eq(jobLegs.jobId, job!.id));
    const bar = (await day('2027-03-11')).bars.find((b) => b.driverId === driver.id);
    expect(bar?.hours.map((h) => h.label)).toContain('12 h work in any 24 h');
    expect(bar?.hours[0]?.text).toMatch(/over by/);
  });

  it('checks the hours again in a new worker thread after the last one stopped, and never answers from legs since changed', async () => {
    const driver = await createDriver(t.db);
    const bus = await createVehicle(t.db);
    const job = await createJob(
      t.db,
      { serviceDate: '2027-03-14', status: 'assigned' },
      { vehicleId: bus.id, driverId: driver.id },
    );
    await setLegs(job.id, [['05:30', '17:00']]);
    const labels = async () => barOf(await day('2027-03-14'), job.id).hours.map((h) => h.label);
    expect(await labels()).toContain('12 h work in any 24 h');
    await stopBoardHours();
    await setLegs(job.id, [['08:00', '12:00']]);
    expect(await labels()).toEqual([]);
    await setLegs(job.id, [['05:30', '17:00']]);
    expect(await labels()).toContain('12 h work in any 24 h');
  });

  it('names the vehicles and drivers with a record lapsed on the day, from one read for the whole board', async () => {
    const driver = await createDriver(t.db, { firstName: 'Lapsed', lastName: 'Medical' });
    const bus = await createVehicle(t.db, { registrationNumber: 'LPS 1' });
    const renewed = await createVehicle(t.db, { registrationNumber: 'LPS 2' });
    expectJson(
      await t.asManager('PUT', `/api/drivers/${driver.id}/compliance`, { medicalExpiry: '2027-03-11' }),
      200,
    );
    expectJson(
      await t.asManager('PUT', `/api/vehicles/${bus.id}/compliance`, { registrationExpiry: '2027-03-10' }),
      200,
    );
    // Expiring on the day is still good on the day.
    expectJson(
      await t.asManager('PUT', `/api/vehicles/${renewed.id}/compliance`, {
        registrationExpiry: '2027-03-12',
      }),
      200,
    );
    await createJob(t.db, { serviceDate: '2027-03-12' }, { vehicleId: bus.id, driverId: driver.id });

    const { lapses } = await day('2027-03-12');
    expect(lapses.vehicles.find((v) => v.vehicleId === bus.id)?.lapses).toEqual([
      {
        code: 'registration_expired',
        record: 'Registration',
        date: '2027-03-10',
        message: 'Registration of LPS 1 expires 10 Mar 2027',
      },
    ]);
    expect(lapses.vehicles.some((v) => v.vehicleId === renewed.id)).toBe(false);
    expect(lapses.drivers.find((d) => d.driverId === driver.id)?.lapses.map((l) => l.message)).toEqual([
      'Medical certificate of Lapsed Medical expires 11 Mar 2027',
    ]);
    // The day before, all was current.
    const before = await day('2027-03-10');
    expect(before.lapses.vehicles.some((v) => v.vehicleId === bus.id)).toBe(false);
    expect(before.lapses.drivers.some((d) => d.driverId === driver.id)).toBe(false);
  });
});

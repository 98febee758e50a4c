import { HOURS_MESSAGES, type JobChecks } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursOverrides, jobs, shifts } from '../../db/schema';
import { createCategory, createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

// Dispatch safety: allocating a driver checks the operator's hours rule set (AU standard hours by
// default) against what the terminal recorded and what the driver already holds.

let t: RoleTestApp;
let bus: { id: string };

beforeAll(async () => {
  t = await createRoleTestApp();
  bus = await createVehicle(t.db, { categoryId: (await createCategory(t.db)).id });
});
afterAll(() => t.close());

// 10 March 2027 in Sydney is daylight time (UTC+11): 06:00–16:00 local is 19:00–05:00 UTC.
const SERVICE_DATE = '2027-03-10';

/** A driver who worked 06:00–16:00 that day at the terminal. */
async function driverAfterALongShift() {
  const driver = await createDriver(t.db, { firstName: 'Tired', lastName: 'Driver' });
  await t.db.insert(shifts).values({
    driverId: driver.id,
    vehicleId: bus.id,
    shiftDate: SERVICE_DATE,
    startTime: new Date('2027-03-09T19:00:00Z'),
    endTime: new Date('2027-03-10T05:00:00Z'),
  });
  return driver;
}

/** An evening job, 17:00–19:00 (with sign-on and sign-off, 16:30–19:15 of work). */
const eveningJob = (driverId: string, extra: object = {}) => ({
  title: 'Evening transfer',
  serviceDate: SERVICE_DATE,
  legs: [
    { originAddress: 'Depot', destinationAddress: 'Airport', departureTime: '17:00', arrivalTime: '19:00' },
  ],
  vehicles: [{ vehicleId: bus.id, driverId }],
  basePrice: 500,
  ...extra,
});

describe('the hours check at allocation', () => {
  it('warns in the form with the window, by how much, and when the driver is next legal', async () => {
    const tired = await driverAfterALongShift();
    const checks = expectJson<JobChecks>(
      await t.asManager('POST', '/api/jobs/clashes', {
        serviceDate: SERVICE_DATE,
        legs: [{ departureTime: '17:00', arrivalTime: '19:00' }],
        vehicles: [{ driverId: tired.id }],
      }),
      200,
    );
    expect(checks.hours).toHaveLength(1);
    const warning = checks.hours[0]!;
    expect(warning).toMatchObject({ driverId: tired.id, driverName: 'Tired Driver' });
    const twelve = warning.breaches.find((b) => b.label === '12 h work in any 24 h');
    expect(twelve?.text).toMatch(
      /^Would work 12 h 45 min in 24 h \(limit 12 h, over by 45 min\); legal again from /,
    );
    expect(twelve?.nextLegalAt).toEqual(expect.any(String));

    // A rested driver gets no warning.
    const rested = await createDriver(t.db);
    const fine = expectJson<JobChecks>(
      await t.asManager('POST', '/api/jobs/clashes', {
        serviceDate: SERVICE_DATE,
        legs: [{ departureTime: '17:00', arrivalTime: '19:00' }],
        vehicles: [{ driverId: rested.id }],
      }),
      200,
    );
    expect(fine.hours).toEqual([]);
  });

  it('refuses the save without a reason and writes nothing; with one, records it', async () => {
    const tired = await driverAfterALongShift();
    const before = await t.db.$count(jobs);
    const refused = await t.asManager('POST', '/api/jobs', eveningJob(tired.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(HOURS_MESSAGES.reasonRequired);
    expect(refused.json().message).toContain('12 h 45 min in 24 h');
    expect(await t.db.$count(jobs)).toBe(before);

    const saved = expectJson<{ id: string }>(
      await t.asManager(
        'POST',
        '/api/jobs',
        eveningJob(tired.id, { hoursOverrideReason: 'Only licensed driver free; agreed a long break first' }),
      ),
      201,
    );
    const [override] = await t.db.select().from(hoursOverrides).where(eq(hoursOverrides.jobId, saved.id));
    expect(override).toMatchObject({
      driverId: tired.id,
      reason: 'Only licensed driver free; agreed a long break first',
      createdBy: t.manager.user.id,
    });
    expect(override?.breaches.map((b) => b.label)).toContain('12 h work in any 24 h');

    // Saving the job again does not ask again for a driver already on it.
    const job = (await t.asManager('GET', `/api/jobs/${saved.id}`)).json();
    const again = await t.asManager('PUT', `/api/jobs/${saved.id}`, {
      ...eveningJob(tired.id),
      title: 'Evening transfer (edited)',
      version: job.version,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('the driver card', () => {
  it('shows work this week and, for a driver on shift, the next rest the rules require', async () => {
    const onShift = await createDriver(t.db, { firstName: 'Busy', lastName: 'Card' });
    const started = new Date(Date.now() - 60 * 60_000);
    await t.db
      .insert(shifts)
      .values({ driverId: onShift.id, vehicleId: bus.id, shiftDate: '2026-11-23', startTime: started });
    const idle = await createDriver(t.db, { firstName: 'Idle', lastName: 'Card' });
    const list = expectJson<{
      items: {
        id: string;
        hours?: { workedThisWeekMinutes: number; nextRest: { label: string; dueBy: string } | null };
      }[];
    }>(await t.asManager('GET', '/api/drivers?search=card'), 200);
    const busy = list.items.find((d) => d.id === onShift.id)!;
    // Within 5 h 30 min the first window asks for a 15-minute break: due 4 to 4 h 15 min from now.
    expect(busy.hours?.nextRest?.label).toBe('5 h 15 min work in any 5 h 30 min');
    const dueIn = Date.parse(busy.hours!.nextRest!.dueBy) - Date.now();
    expect(dueIn).toBeGreaterThan(3.5 * 3600_000);
    expect(dueIn).toBeLessThanOrEqual(4.5 * 3600_000);
    expect(list.items.find((d) => d.id === idle.id)?.hours).toEqual({
      workedThisWeekMinutes: 0,
      nextRest: null,
    });
  });
});

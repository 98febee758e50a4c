import {
  type DispatchDay,
  DRIVER_NEEDS_VEHICLE_MESSAGE,
  HOURS_MESSAGES,
  type JobSaveResult,
  SLOT_CHANGED_MESSAGE,
  SLOT_NOT_FOUND,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursOverrides, jobLegs, jobOffers, jobVehicles } from '../../db/schema';
import { createDepot, createDriver, createJob, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

// The dispatch board's moves (issue 16): PATCH /api/jobs/{id}/slots/{slotId} saves one slot's new
// vehicle or driver with the job form's rules.

let t: RoleTestApp;
beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

const day = async (date: string) =>
  expectJson<DispatchDay>(await t.asManager('GET', `/api/dispatch?date=${date}`), 200);

async function slotOf(jobId: string) {
  const [slot] = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, jobId));
  if (!slot) throw new Error('no slot');
  return slot;
}

const move = (
  jobId: string,
  slotId: string,
  body: {
    vehicleId: string | null;
    driverId: string | null;
    was: { vehicleId: string | null; driverId: string | null };
    hoursOverrideReason?: string;
  },
) => t.asManager('PATCH', `/api/jobs/${jobId}/slots/${slotId}`, body);

describe('moving a bar to another vehicle', () => {
  it('keeps the driver, moves the depots with the vehicle and warns of a clash on the new one', async () => {
    const date = '2027-04-01';
    const [north, south] = [await createDepot(t.db, 'North yard'), await createDepot(t.db, 'South yard')];
    const from = await createVehicle(t.db, { defaultDepotId: north.id });
    const to = await createVehicle(t.db, { registrationNumber: 'MOVE-TO', defaultDepotId: south.id });
    const driver = await createDriver(t.db);
    const job = await createJob(t.db, { serviceDate: date }, { vehicleId: from.id, driverId: driver.id });
    await t.db
      .update(jobVehicles)
      .set({ startingDepotId: north.id, endingDepotId: north.id })
      .where(eq(jobVehicles.jobId, job.id));
    // The target vehicle already has an overlapping job (08:30–09:15 both).
    const busy = await createJob(t.db, { serviceDate: date }, { vehicleId: to.id });
    const slot = await slotOf(job.id);
    const before = expectJson<JobSaveResult>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);

    const saved = expectJson<JobSaveResult>(
      await move(job.id, slot.id, {
        vehicleId: to.id,
        driverId: driver.id,
        was: { vehicleId: from.id, driverId: driver.id },
      }),
      200,
    );
    expect(saved.vehicles[0]).toMatchObject({
      id: slot.id,
      vehicleId: to.id,
      driverId: driver.id,
      startingDepot: { id: south.id },
      endingDepot: { id: south.id },
    });
    expect(saved.clashes).toContainEqual(
      expect.objectContaining({ kind: 'vehicle', name: 'MOVE-TO', otherJobId: busy.id }),
    );
    const bar = (await day(date)).bars.find((b) => b.slotId === slot.id);
    expect(bar).toMatchObject({ vehicleId: to.id, driverId: driver.id, clash: true });
    // Nothing else of the job changed.
    const strip = ({
      vehicles: _v,
      legs,
      version: _n,
      updatedAt: _u,
      clashes: _c,
      offeredTo: _o,
      complianceWarnings: _w,
      ...rest
    }: Record<string, unknown> & { legs: { id: string }[] }) => ({
      ...rest,
      legs: legs.map(({ id: _id, ...leg }) => leg),
    });
    expect(strip(saved as never)).toEqual(strip(before as never));
  });

  it('undoes the move by moving it back', async () => {
    const [a, b] = [await createVehicle(t.db), await createVehicle(t.db)];
    const job = await createJob(t.db, { serviceDate: '2027-04-02' }, { vehicleId: a.id });
    const slot = await slotOf(job.id);
    expectJson(
      await move(job.id, slot.id, {
        vehicleId: b.id,
        driverId: null,
        was: { vehicleId: a.id, driverId: null },
      }),
      200,
    );
    expectJson(
      await move(job.id, slot.id, {
        vehicleId: a.id,
        driverId: null,
        was: { vehicleId: b.id, driverId: null },
      }),
      200,
    );
    expect((await slotOf(job.id)).vehicleId).toBe(a.id);
  });
});

describe('dropping a driver onto a bar', () => {
  it('lists the drivers free that day, assigns one and offers them the published job', async () => {
    const date = '2027-04-03';
    const free = await createDriver(t.db, { firstName: 'Aaron', lastName: 'Free' });
    const busy = await createDriver(t.db, { firstName: 'Aaron', lastName: 'Busy' });
    await createDriver(t.db, { firstName: 'Aaron', lastName: 'Gone', isActive: 0 });
    const bus = await createVehicle(t.db);
    await createJob(
      t.db,
      { serviceDate: date, status: 'assigned' },
      { vehicleId: await createVehicle(t.db).then((v) => v.id), driverId: busy.id },
    );
    const job = await createJob(t.db, { serviceDate: date, status: 'confirmed' }, { vehicleId: bus.id });
    const slot = await slotOf(job.id);

    const before = await day(date);
    const names = before.freeDrivers.map((d) => d.name);
    expect(names).toContain('Aaron Free');
    expect(names).not.toContain('Aaron Busy');
    expect(names).not.toContain('Aaron Gone');
    expect(before.freeDriversTotal).toBeGreaterThanOrEqual(before.freeDrivers.length);

    const saved = expectJson<JobSaveResult>(
      await move(job.id, slot.id, {
        vehicleId: bus.id,
        driverId: free.id,
        was: { vehicleId: bus.id, driverId: null },
      }),
      200,
    );
    expect(saved.vehicles[0]).toMatchObject({
      driverId: free.id,
      driver: { firstName: 'Aaron', lastName: 'Free' },
    });
    const offers = await t.db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(offers.map((o) => [o.driverId, o.status])).toEqual([[free.id, 'pending']]);
    const after = await day(date);
    expect(after.freeDrivers.map((d) => d.name)).not.toContain('Aaron Free');
    expect(after.bars.find((b) => b.slotId === slot.id)?.driverName).toBe('Aaron Free');
  });

  it('refuses a driver on a slot without a vehicle with the form message, changing nothing', async () => {
    const job = await createJob(t.db, { serviceDate: '2027-04-04' });
    const [slot] = await t.db.insert(jobVehicles).values({ jobId: job.id }).returning();
    const driver = await createDriver(t.db);
    const body = expectJson<{ message: string }>(
      await move(job.id, slot!.id, {
        vehicleId: null,
        driverId: driver.id,
        was: { vehicleId: null, driverId: null },
      }),
      400,
    );
    expect(body.message).toBe(DRIVER_NEEDS_VEHICLE_MESSAGE);
    expect((await slotOf(job.id)).driverId).toBeNull();
  });

  it('asks for a reason when the driver would break the hours rules, and records it', async () => {
    const date = '2027-04-05';
    const driver = await createDriver(t.db);
    const bus = await createVehicle(t.db);
    const job = await createJob(t.db, { serviceDate: date, status: 'confirmed' }, { vehicleId: bus.id });
    await t.db
      .update(jobLegs)
      .set({ departureTime: '05:30', arrivalTime: '17:30' })
      .where(eq(jobLegs.jobId, job.id));
    const slot = await slotOf(job.id);
    const change = { vehicleId: bus.id, driverId: driver.id, was: { vehicleId: bus.id, driverId: null } };

    const refused = expectJson<{ message: string }>(await move(job.id, slot.id, change), 409);
    expect(refused.message.startsWith(HOURS_MESSAGES.reasonRequired)).toBe(true);
    expect((await slotOf(job.id)).driverId).toBeNull();

    expectJson(
      await move(job.id, slot.id, { ...change, hoursOverrideReason: 'Relief driver joins at noon' }),
      200,
    );
    expect((await slotOf(job.id)).driverId).toBe(driver.id);
    const [override] = await t.db.select().from(hoursOverrides).where(eq(hoursOverrides.jobId, job.id));
    expect(override).toMatchObject({ driverId: driver.id, reason: 'Relief driver joins at noon' });
  });
});

describe('refusals', () => {
  it('refuses a move made on a stale board with 409, changing nothing', async () => {
    const [a, b, c] = [await createVehicle(t.db), await createVehicle(t.db), await createVehicle(t.db)];
    const job = await createJob(t.db, { serviceDate: '2027-04-06' }, { vehicleId: b.id });
    const slot = await slotOf(job.id);
    // The board still thinks the slot is on vehicle a.
    const body = expectJson<{ message: string }>(
      await move(job.id, slot.id, {
        vehicleId: c.id,
        driverId: null,
        was: { vehicleId: a.id, driverId: null },
      }),
      409,
    );
    expect(body.message).toBe(SLOT_CHANGED_MESSAGE);
    expect((await slotOf(job.id)).vehicleId).toBe(b.id);
  });

  it('answers 404 for a slot not on the job, 400 for an unknown vehicle, 403 for a driver', async () => {
    const bus = await createVehicle(t.db);
    const job = await createJob(t.db, { serviceDate: '2027-04-07' }, { vehicleId: bus.id });
    const other = await createJob(t.db, { serviceDate: '2027-04-07' }, { vehicleId: bus.id });
    const otherSlot = await slotOf(other.id);
    const change = { vehicleId: bus.id, driverId: null, was: { vehicleId: bus.id, driverId: null } };
    const missing = expectJson<{ message: string }>(await move(job.id, otherSlot.id, change), 404);
    expect(missing.message).toBe(SLOT_NOT_FOUND);

    const slot = await slotOf(job.id);
    const unknown = await move(job.id, slot.id, {
      ...change,
      vehicleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await slotOf(job.id)).vehicleId).toBe(bus.id);

    const asDriver = await t.asDriver('PATCH', `/api/jobs/${job.id}/slots/${slot.id}`, change);
    expect(asDriver.statusCode).toBe(403);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, createJob, createManager, createShift, createVehicle } from '../test/factories';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { jobLegs, jobs, jobVehicles, shifts, termsTemplates, users } from './schema';

// The same migrations hold the same rules on each engine (this file runs on PGlite by default and
// on PostgreSQL when TEST_DATABASE_URL is set; CI runs both).

/** The SQLSTATE of a failed statement, wherever the driver or Drizzle put it. */
async function sqlStateOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    throw error;
  }
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe(`constraints`, () => {
  it('refuses a foreign key to a missing row', async () => {
    const db = database.db;
    const state = await sqlStateOf(
      db.insert(jobLegs).values({ jobId: '00000000-0000-0000-0000-000000000000', legNumber: 1 }),
    );
    expect(state).toBe('23503');
  });

  it('refuses a second user with the same email and a second driver with the same PIN', async () => {
    const db = database.db;
    const driver = await createDriver(db);
    expect(await sqlStateOf(createDriver(db, { email: driver.email }))).toBe('23505');
    expect(await sqlStateOf(createDriver(db, { driverNumber: driver.driverNumber }))).toBe('23505');
  });

  it('allows one open shift per driver, and any number of closed ones', async () => {
    const db = database.db;
    const driver = await createDriver(db);
    const other = await createDriver(db);
    await createShift(db, driver.id, { endTime: new Date() });
    await createShift(db, driver.id, { endTime: new Date() });
    const open = await createShift(db, driver.id);
    expect(await sqlStateOf(createShift(db, driver.id))).toBe('23505');
    await createShift(db, other.id);
    await db.update(shifts).set({ endTime: new Date() }).where(eq(shifts.id, open.id));
    await createShift(db, driver.id);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(shifts)
      .where(eq(shifts.driverId, driver.id))) as [{ count: number }];
    expect(count).toBe(4);
  });

  it('keeps one default terms template at a time', async () => {
    const db = database.db;
    const manager = await createManager(db);
    await db
      .insert(termsTemplates)
      .values({ name: 'A', content: '<p>A</p>', isDefault: 1, createdBy: manager.id });
    await db
      .insert(termsTemplates)
      .values({ name: 'B', content: '<p>B</p>', isDefault: 0, createdBy: manager.id });
    const state = await sqlStateOf(
      db
        .insert(termsTemplates)
        .values({ name: 'C', content: '<p>C</p>', isDefault: 1, createdBy: manager.id }),
    );
    expect(state).toBe('23505');
  });

  it('removes a job’s legs and allocations with the job, and refuses to delete a driver with shifts', async () => {
    const db = database.db;
    const driver = await createDriver(db);
    const vehicle = await createVehicle(db);
    const job = await createJob(db, {}, { vehicleId: vehicle.id, driverId: driver.id });
    await db.delete(jobs).where(eq(jobs.id, job.id));
    expect(await db.select().from(jobLegs).where(eq(jobLegs.jobId, job.id))).toHaveLength(0);
    expect(await db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id))).toHaveLength(0);

    await createShift(db, driver.id, { vehicleId: vehicle.id, endTime: new Date() });
    expect(await sqlStateOf(db.delete(users).where(eq(users.id, driver.id)))).toBe('23503');
  });

  it('rolls a failed multi-row write back whole', async () => {
    const db = database.db;
    const number = `TX-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        const [job] = await tx.insert(jobs).values({ jobNumber: number }).returning();
        await tx.insert(jobLegs).values({ jobId: job!.id, legNumber: 1 });
        await tx.insert(jobLegs).values({ jobId: '00000000-0000-0000-0000-000000000000', legNumber: 2 });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(jobs).where(eq(jobs.jobNumber, number))).toHaveLength(0);
  });
});

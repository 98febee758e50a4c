import type { OverrideRow } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceOverrides, shifts } from '../../db/schema';
import { createCategory, createDriver, createJob, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { recordComplianceOverrides } from './index';

// The Overrides report (issue 26, ADR 34): what a manager allowed although a check refused it.

let t: RoleTestApp;
let bus: { id: string; registrationNumber: string | null };
let coach: { id: string; registrationNumber: string | null };

beforeAll(async () => {
  t = await createRoleTestApp();
  const category = await createCategory(t.db);
  bus = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'OV 1001', nickname: null });
  coach = await createVehicle(t.db, {
    categoryId: category.id,
    registrationNumber: 'OV 2002',
    nickname: null,
  });
});
afterAll(() => t.close());

type Page = { items: OverrideRow[]; total: number; limit: number; offset: number };
const report = async (query = '') =>
  expectJson<Page>(await t.asManager('GET', `/api/reports/overrides${query}`), 200);

// 10 March 2027 in Sydney is daylight time (UTC+11).
const SERVICE_DATE = '2027-03-10';

/** A job saved through the API for a driver who already worked 06:00–16:00 that day, with a reason. */
async function jobWithHoursOverride(reason: string) {
  const driver = await createDriver(t.db, { firstName: 'Tired', lastName: `Driver ${Math.random()}` });
  await t.db.insert(shifts).values({
    driverId: driver.id,
    vehicleId: bus.id,
    shiftDate: SERVICE_DATE,
    startTime: new Date('2027-03-09T19:00:00Z'),
    endTime: new Date('2027-03-10T05:00:00Z'),
  });
  const job = expectJson<{ id: string; jobNumber: string }>(
    await t.asManager('POST', '/api/jobs', {
      title: 'Evening transfer',
      serviceDate: SERVICE_DATE,
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Airport',
          departureTime: '17:00',
          arrivalTime: '19:00',
        },
      ],
      vehicles: [{ vehicleId: bus.id, driverId: driver.id }],
      basePrice: 500,
      hoursOverrideReason: reason,
    }),
    201,
  );
  return { driver, job };
}

async function complianceOverride(at?: Date) {
  const driver = await createDriver(t.db, { firstName: 'Licence', lastName: `Holder ${Math.random()}` });
  const job = await createJob(
    t.db,
    { title: 'School run', serviceDate: '2027-01-15' },
    { vehicleId: coach.id, driverId: driver.id },
  );
  const [row] = await t.db.transaction((tx) =>
    recordComplianceOverrides(tx, {
      userId: t.manager.user.id,
      overrides: [
        {
          jobId: job.id,
          driverId: driver.id,
          vehicleId: coach.id,
          ruleKey: 'licence_class',
          problem: 'Licence MR does not cover Coach (needs HR)',
          details: { held: 'MR', needs: 'HR' },
          checkedFor: '2027-01-15',
          reason: 'HR upgrade passed yesterday, card in the post',
        },
      ],
    }),
  );
  if (at)
    await t.db.update(complianceOverrides).set({ createdAt: at }).where(eq(complianceOverrides.id, row!.id));
  return { driver, job, id: row!.id };
}

describe('the Overrides report', () => {
  it('lists a job saved with an hours override, with its reason and what the hours check said', async () => {
    const { driver, job } = await jobWithHoursOverride('Only driver free; long break agreed');
    const page = await report(`?driverId=${driver.id}`);
    expect(page.total).toBe(1);
    const row = page.items[0]!;
    expect(row).toMatchObject({
      kind: 'hours',
      rule: 'Driver hours',
      reason: 'Only driver free; long break agreed',
      allowedByName: expect.any(String),
      jobId: job.id,
      jobNumber: job.jobNumber,
      jobTitle: 'Evening transfer',
      driverId: driver.id,
      vehicleId: bus.id,
      vehicle: 'OV 1001',
      checkedFor: SERVICE_DATE,
    });
    const twelve = row.problems.find((p) => p.label === '12 h work in any 24 h');
    expect(twelve?.text).toMatch(/^Would work 12 h 45 min in 24 h \(limit 12 h, over by 45 min\)/);
  });

  it('lists a compliance override recorded through the front door, with its numbers', async () => {
    const { driver, job } = await complianceOverride();
    const page = await report(`?driverId=${driver.id}`);
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'compliance',
        ruleKey: 'licence_class',
        rule: 'Licence class',
        problems: [{ label: 'Licence class', text: 'Licence MR does not cover Coach (needs HR)' }],
        details: { held: 'MR', needs: 'HR' },
        checkedFor: '2027-01-15',
        jobId: job.id,
        vehicle: 'OV 2002',
        reason: 'HR upgrade passed yesterday, card in the post',
      }),
    ]);
  });

  it('keeps a compliance override when its job is deleted, with the job number', async () => {
    const { job, id } = await complianceOverride();
    expect((await t.asManager('DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(complianceOverrides).where(eq(complianceOverrides.id, id));
    expect(kept).toMatchObject({ jobId: null, jobNumber: job.jobNumber });
    const page = await report('?kind=compliance&limit=200');
    expect(page.items.find((r) => r.id === id)).toMatchObject({ jobId: null, jobNumber: job.jobNumber });
  });

  it('is rolled back with the allocation that recorded it', async () => {
    const job = await createJob(t.db);
    const before = await t.db.$count(complianceOverrides);
    await expect(
      t.db.transaction(async (tx) => {
        await recordComplianceOverrides(tx, {
          userId: null,
          overrides: [
            { jobId: job.id, ruleKey: 'registration_expired', problem: 'Registration lapsed', reason: 'x' },
          ],
        });
        throw new Error('the allocation failed later');
      }),
    ).rejects.toThrow('the allocation failed later');
    expect(await t.db.$count(complianceOverrides)).toBe(before);
  });

  it('refuses a row no check should send, and writes none of the batch', async () => {
    const job = await createJob(t.db);
    const before = await t.db.$count(complianceOverrides);
    const good = { jobId: job.id, ruleKey: 'medical_expired', problem: 'Medical expired', reason: 'Booked' };
    for (const bad of [
      { ...good, jobId: 'no-such-job' },
      { ...good, ruleKey: 'Medical Expired' },
      { ...good, reason: '  ' },
    ]) {
      await expect(
        t.db.transaction((tx) => recordComplianceOverrides(tx, { userId: null, overrides: [good, bad] })),
      ).rejects.toThrow();
    }
    expect(await t.db.$count(complianceOverrides)).toBe(before);
  });

  it('filters by the operator’s dates, driver, vehicle and kind, newest first', async () => {
    // 00:30 on 15 Jan 2027 in Sydney (UTC+11) is still 14 Jan in UTC.
    const early = await complianceOverride(new Date('2027-01-14T13:30:00Z'));
    const late = await complianceOverride(new Date('2027-01-15T12:00:00Z'));
    const day = await report('?from=2027-01-15&to=2027-01-15');
    expect(day.items.map((r) => r.id)).toEqual([late.id, early.id]);
    expect((await report('?from=2027-01-16&to=2027-01-20')).items.map((r) => r.id)).not.toContain(late.id);
    expect((await report('?to=2027-01-14')).items.map((r) => r.id)).not.toContain(early.id);

    expect((await report(`?driverId=${early.driver.id}`)).items.map((r) => r.id)).toEqual([early.id]);
    const byVehicle = await report(`?vehicleId=${bus.id}&limit=200`);
    expect(byVehicle.items.length).toBeGreaterThan(0);
    expect(byVehicle.items.every((r) => r.vehicleId === bus.id)).toBe(true);
    const hours = await report('?kind=hours&limit=200');
    expect(hours.items.length).toBeGreaterThan(0);
    expect(hours.items.every((r) => r.kind === 'hours')).toBe(true);
    expect(hours.items.map((r) => r.id)).not.toContain(early.id);

    const paged = await report('?limit=1&offset=1');
    expect(paged).toMatchObject({ limit: 1, offset: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(2);
  });

  it('refuses bad filters with a clear 400', async () => {
    const bad = await t.asManager('GET', '/api/reports/overrides?from=15/01/2027');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Use a date like 2026-03-31');
    const backwards = await t.asManager('GET', '/api/reports/overrides?from=2027-02-01&to=2027-01-01');
    expect(backwards.statusCode).toBe(400);
    expect((await t.asManager('GET', '/api/reports/overrides?kind=other')).statusCode).toBe(400);
  });

  it('is for managers only', async () => {
    expect((await t.asDriver('GET', '/api/reports/overrides')).statusCode).toBe(403);
    expect((await t.asDriver('GET', '/api/reports/overrides/export')).statusCode).toBe(403);
    const { job } = await complianceOverride();
    expect((await t.asDriver('GET', `/api/jobs/${job.id}/overrides`)).statusCode).toBe(403);
  });

  it('exports the filtered rows as CSV with its columns', async () => {
    const { driver } = await complianceOverride(new Date('2027-01-15T01:00:00Z'));
    const res = await t.asManager('GET', `/api/reports/overrides/export?driverId=${driver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="overrides-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (ISO),Date,Kind,Allowed by,Job,Job title,Driver,Vehicle,Rule,What the check said,Details,Reason',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2027-01-15T01:00:00\.000Z,"15\/01\/2027, 12:00",Compliance,/);
    expect(lines[1]).toContain('Licence class: Licence MR does not cover Coach (needs HR)');
    expect(lines[1]).toContain('Held class MR, needed class HR');
    expect(lines[1]).toContain('HR upgrade passed yesterday, card in the post');
  });

  it('writes a reason that looks like a formula as text in the CSV', async () => {
    const driver = await createDriver(t.db);
    const job = await createJob(t.db, {}, { driverId: driver.id });
    await t.db.transaction((tx) =>
      recordComplianceOverrides(tx, {
        userId: t.manager.user.id,
        overrides: [
          {
            jobId: job.id,
            driverId: driver.id,
            ruleKey: 'medical_expired',
            problem: 'Medical expired 1 Jan 2027',
            reason: '=HYPERLINK("http://evil.example","x")',
          },
        ],
      }),
    );
    const res = await t.asManager('GET', `/api/reports/overrides/export?driverId=${driver.id}`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});

describe("a job's overrides", () => {
  it('lists the hours and compliance overrides of that job only', async () => {
    const { job, driver } = await jobWithHoursOverride('Rest arranged at the airport');
    await t.db.transaction((tx) =>
      recordComplianceOverrides(tx, {
        userId: t.manager.user.id,
        overrides: [
          {
            jobId: job.id,
            vehicleId: bus.id,
            ruleKey: 'insurance_expired',
            problem: 'Insurance of OV 1001 expired 1 Mar 2027',
            details: { expiry: '2027-03-01' },
            reason: 'Renewal paid, certificate due',
          },
        ],
      }),
    );
    const { items } = expectJson<{ items: OverrideRow[] }>(
      await t.asManager('GET', `/api/jobs/${job.id}/overrides`),
      200,
    );
    expect(items.map((r) => [r.kind, r.reason])).toEqual([
      ['compliance', 'Renewal paid, certificate due'],
      ['hours', 'Rest arranged at the airport'],
    ]);
    expect(items[1]!.driverId).toBe(driver.id);
    expect(items[0]).toMatchObject({ driverId: null, rule: 'Insurance', vehicle: 'OV 1001' });
    expect((await t.asManager('GET', '/api/jobs/no-such-job/overrides')).statusCode).toBe(404);
  });
});

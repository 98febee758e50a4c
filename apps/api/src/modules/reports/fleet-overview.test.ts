import { addDays, dateInZone, FLEET_RANGE_TOO_LONG } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endOfShiftInspections,
  fuelLogs,
  preDepartureInspections,
  shifts,
  vehicleDefects,
  vehicles,
} from '../../db/schema';
import { createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

// Fleet Overview (issue 16): the four charts' numbers from hand-built rows in March 2026, a range that
// no other row of this file touches. Sydney is on daylight time (UTC+11) then.

let t: RoleTestApp;
let driverId: string;
const v = {} as Record<'thirsty' | 'steady' | 'once' | 'defective', { id: string }>;
const RANGE = 'from=2026-03-02&to=2026-03-22';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createRoleTestApp();
  driverId = (await createDriver(t.db, { firstName: 'Fleet', lastName: 'Driver' })).id;
  v.thirsty = await createVehicle(t.db, { registrationNumber: 'FL-01', nickname: 'Thirsty' });
  v.steady = await createVehicle(t.db, { registrationNumber: 'FL-02', nickname: 'Steady' });
  v.once = await createVehicle(t.db, { registrationNumber: 'FL-03', nickname: null });
  v.defective = await createVehicle(t.db, { registrationNumber: 'FL-04', nickname: 'Rattly' });
  const fill = (vehicleId: string, when: string, odometerReading: number, litersAdded: number) => ({
    driverId,
    vehicleId,
    fuelDate: at(when),
    odometerReading,
    litersAdded,
  });
  await t.db.insert(fuelLogs).values([
    // Steady: 50 L put in over the 400 km after the first fill: 12.5 L/100 km. The 9,000 in between
    // is a slip (lower than a reading before it) and is left out; so is the fill after the range.
    fill(v.steady.id, '2026-03-03T01:00:00Z', 10_000, 30),
    fill(v.steady.id, '2026-03-05T01:00:00Z', 9_000, 70),
    fill(v.steady.id, '2026-03-10T01:00:00Z', 10_400, 50),
    fill(v.steady.id, '2026-03-30T01:00:00Z', 11_000, 60),
    // Thirsty: 20 L over 100 km: 20 L/100 km, the worst, so first.
    fill(v.thirsty.id, '2026-03-04T01:00:00Z', 20_000, 40),
    fill(v.thirsty.id, '2026-03-12T01:00:00Z', 20_100, 20),
    // A reading the driver confirmed as implausible (ADR 27) is left out: 500 L would change the figure.
    {
      ...fill(v.thirsty.id, '2026-03-08T01:00:00Z', 20_050, 500),
      plausibilityFlags: ['over_tank'],
      confirmReason: 'Filled the spare drums too',
    },
    // Once: one reading, no distance: listed without a figure, last.
    fill(v.once.id, '2026-03-06T01:00:00Z', 5_000, 80),
  ]);

  const answers = (failed: boolean) => [
    { questionId: 'q1', passed: true },
    { questionId: 'q2', passed: failed ? false : null },
  ];
  const pre = (when: string, failed = false) => ({
    driverId,
    vehicleId: v.steady.id,
    inspectionDate: at(when),
    responses: answers(failed),
    overallStatus: failed ? 'fail' : 'pass',
  });
  await t.db.insert(preDepartureInspections).values([
    // Week of Monday 2 March: three passed pre-departure forms and one failed end-of-shift form.
    pre('2026-03-02T20:00:00Z'),
    pre('2026-03-03T20:00:00Z'),
    pre('2026-03-04T20:00:00Z'),
    // Sunday 8 March 14:00 UTC is Monday 9 March 01:00 in Sydney: the week of 9 March, failed.
    pre('2026-03-08T14:00:00Z', true),
    // Week of 16 March: one failed of two.
    pre('2026-03-16T01:00:00Z', true),
    pre('2026-03-17T01:00:00Z'),
  ]);
  await t.db.insert(endOfShiftInspections).values({
    driverId,
    vehicleId: v.steady.id,
    inspectionDate: at('2026-03-05T07:00:00Z'),
    responses: answers(true),
    overallStatus: 'fail',
  });

  const shift = (shiftDate: string, start: string, hours: number | null) => ({
    driverId,
    shiftDate,
    startTime: at(start),
    endTime: hours === null ? null : new Date(at(start).getTime() + hours * 3_600_000),
  });
  await t.db
    .insert(shifts)
    .values([
      shift('2026-03-03', '2026-03-02T21:00:00Z', 8),
      shift('2026-03-04', '2026-03-03T21:00:00Z', 7.5),
      shift('2026-03-18', '2026-03-17T21:00:00Z', 10.25),
    ]);

  const defect = (vehicleId: string, reported: string, cleared: string | null = null) => ({
    vehicleId,
    reportedBy: driverId,
    reportedAt: at(reported),
    clearedAt: cleared ? at(cleared) : null,
  });
  await t.db.insert(vehicleDefects).values([
    defect(v.defective.id, '2026-03-10T01:00:00Z'),
    defect(v.defective.id, '2026-03-12T01:00:00Z'),
    // Cleared after the range ended: still open on its last day.
    defect(v.steady.id, '2026-03-11T01:00:00Z', '2026-03-25T01:00:00Z'),
    // Cleared within the range, and reported after it: neither counts.
    defect(v.thirsty.id, '2026-03-11T01:00:00Z', '2026-03-13T01:00:00Z'),
    defect(v.thirsty.id, '2026-03-24T01:00:00Z'),
  ]);
});
afterAll(() => t.close());

const get = async <T>(path: string) => expectJson<T>(await t.asManager('GET', path), 200);

describe('fleet overview', () => {
  it('gives litres per 100 km by vehicle from trusted, unflagged readings, worst first, never dividing by zero', async () => {
    const body = await get<{ items: unknown[]; total: number; truncated: boolean; limit: number }>(
      `/api/reports/fleet/fuel-economy?${RANGE}`,
    );
    expect(body).toMatchObject({ total: 3, truncated: false, limit: 200 });
    expect(body.items).toEqual([
      {
        vehicleId: v.thirsty.id,
        vehicle: 'FL-01 · Thirsty',
        fills: 2,
        litres: 20,
        distanceKm: 100,
        litresPer100Km: 20,
      },
      {
        vehicleId: v.steady.id,
        vehicle: 'FL-02 · Steady',
        fills: 2,
        litres: 50,
        distanceKm: 400,
        litresPer100Km: 12.5,
      },
      { vehicleId: v.once.id, vehicle: 'FL-03', fills: 1, litres: 0, distanceKm: null, litresPer100Km: null },
    ]);
  });

  it("gives the inspection fail rate per Monday-start week of the operator's calendar", async () => {
    const body = await get<{ weeks: unknown[] }>(`/api/reports/fleet/inspection-fail-rate?${RANGE}`);
    expect(body).toEqual({
      from: '2026-03-02',
      to: '2026-03-22',
      weeks: [
        { weekStart: '2026-03-02', forms: 4, failed: 1, failRate: 0.25 },
        { weekStart: '2026-03-09', forms: 1, failed: 1, failRate: 1 },
        { weekStart: '2026-03-16', forms: 2, failed: 1, failRate: 0.5 },
      ],
    });
  });

  it('gives the hours of closed shifts per week, weeks without shifts as zero', async () => {
    const body = await get<{ weeks: unknown[] }>(`/api/reports/fleet/driver-hours?${RANGE}`);
    expect(body.weeks).toEqual([
      { weekStart: '2026-03-02', shifts: 2, hours: 15.5 },
      { weekStart: '2026-03-09', shifts: 0, hours: 0 },
      { weekStart: '2026-03-16', shifts: 1, hours: 10.25 },
    ]);
    // An open shift is not counted.
    await t.db
      .insert(shifts)
      .values({ driverId, shiftDate: '2026-03-19', startTime: at('2026-03-18T21:00:00Z') });
    expect(
      (await get<{ weeks: unknown[] }>(`/api/reports/fleet/driver-hours?${RANGE}`)).weeks,
    ).toContainEqual({
      weekStart: '2026-03-16',
      shifts: 1,
      hours: 10.25,
    });
  });

  it('counts the defects still open at the end of the range, by vehicle, most first', async () => {
    const body = await get<{ items: unknown[]; total: number }>(`/api/reports/fleet/open-defects?${RANGE}`);
    expect(body.total).toBe(2);
    expect(body.items).toEqual([
      {
        vehicleId: v.defective.id,
        vehicle: 'FL-04 · Rattly',
        openDefects: 2,
        oldestReportedAt: '2026-03-10T01:00:00.000Z',
      },
      {
        vehicleId: v.steady.id,
        vehicle: 'FL-02 · Steady',
        openDefects: 1,
        oldestReportedAt: '2026-03-11T01:00:00.000Z',
      },
    ]);
  });

  it('answers at most 200 vehicles and says when more were left out', async () => {
    const many = await t.db
      .insert(vehicles)
      .values(Array.from({ length: 201 }, (_, i) => ({ registrationNumber: `MANY-${i}` })))
      .returning({ id: vehicles.id });
    await t.db
      .insert(vehicleDefects)
      .values(
        many.map((m) => ({ vehicleId: m.id, reportedBy: driverId, reportedAt: at('2026-05-05T01:00:00Z') })),
      );
    const body = await get<{ items: unknown[]; total: number; truncated: boolean }>(
      '/api/reports/fleet/open-defects?from=2026-05-04&to=2026-05-10',
    );
    // Two vehicles' defects of March are still open too.
    expect(body).toMatchObject({ total: 203, truncated: true });
    expect(body.items).toHaveLength(200);
    expect(body.items[0]).toMatchObject({ vehicle: 'FL-04 · Rattly', openDefects: 2 });
  });

  it('answers empty series and lists for a range without data', async () => {
    const range = 'from=2020-01-06&to=2020-03-01';
    expect(await get(`/api/reports/fleet/fuel-economy?${range}`)).toMatchObject({ items: [], total: 0 });
    expect(await get(`/api/reports/fleet/inspection-fail-rate?${range}`)).toMatchObject({ weeks: [] });
    expect(await get(`/api/reports/fleet/driver-hours?${range}`)).toMatchObject({ weeks: [] });
    expect(await get(`/api/reports/fleet/open-defects?${range}`)).toMatchObject({ items: [], total: 0 });
  });

  it('defaults to the last twelve weeks, Monday to today, in the operator’s zone', async () => {
    const today = dateInZone(new Date(), 'Australia/Sydney');
    const body = await get<{ from: string; to: string }>('/api/reports/fleet/driver-hours');
    expect(body.to).toBe(today);
    expect(new Date(`${body.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(body.from > addDays(today, -84)).toBe(true);
    expect(body.from <= addDays(today, -77)).toBe(true);
  });

  it('refuses a range that is malformed, backwards or longer than a year, with a clear message', async () => {
    const long = await t.asManager('GET', '/api/reports/fleet/fuel-economy?from=2025-01-01&to=2026-06-01');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: FLEET_RANGE_TOO_LONG,
      errors: [{ path: 'to', message: FLEET_RANGE_TOO_LONG }],
    });
    const backwards = await t.asManager(
      'GET',
      '/api/reports/fleet/driver-hours?from=2026-03-10&to=2026-03-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end date is before the start date');
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'from=2026-3-1', 'from=0000-01-01&to=0000-12-31']) {
      const res = await t.asManager('GET', `/api/reports/fleet/open-defects/export?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].message, bad).toBe('Use a date like 2026-03-31');
    }
    // A whole leap year is fine.
    expect(
      (await t.asManager('GET', '/api/reports/fleet/fuel-economy?from=2028-01-01&to=2028-12-31')).statusCode,
    ).toBe(200);
  });

  it('is for managers only', async () => {
    for (const chart of ['fuel-economy', 'inspection-fail-rate', 'driver-hours', 'open-defects']) {
      for (const url of [`/api/reports/fleet/${chart}`, `/api/reports/fleet/${chart}/export`]) {
        expect((await t.asDriver('GET', url)).statusCode, url).toBe(403);
        expect((await t.anonymous('GET', url)).statusCode, url).toBe(401);
      }
    }
  });

  it('exports each chart’s numbers as CSV with a header row', async () => {
    const csv = async (chart: string) => {
      const res = await t.asManager('GET', `/api/reports/fleet/${chart}/export?${RANGE}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="fleet-${chart}-2026-03-02-2026-03-22.csv"`,
      );
      return res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    expect(await csv('fuel-economy')).toEqual([
      'Vehicle,Fills,Litres,Distance (km),L/100 km',
      'FL-01 · Thirsty,2,20.00,100,20.00',
      'FL-02 · Steady,2,50.00,400,12.50',
      'FL-03,1,0.00,,',
    ]);
    expect(await csv('inspection-fail-rate')).toEqual([
      'Week (ISO),Week,Forms,Failed,Fail rate (%)',
      '2026-03-02,2 Mar 2026,4,1,25.0',
      '2026-03-09,9 Mar 2026,1,1,100.0',
      '2026-03-16,16 Mar 2026,2,1,50.0',
    ]);
    expect((await csv('driver-hours'))[1]).toBe('2026-03-02,2 Mar 2026,2,15.50');
    expect(await csv('open-defects')).toEqual([
      'Vehicle,Open defects,Oldest reported (ISO),Oldest reported',
      expect.stringMatching(/^FL-04 · Rattly,2,2026-03-10T01:00:00.000Z,"10 Mar 2026, 12:00\W?pm"$/),
      expect.stringMatching(/^FL-02 · Steady,1,2026-03-11T01:00:00.000Z,"11 Mar 2026, 12:00\W?pm"$/),
    ]);
  });
});

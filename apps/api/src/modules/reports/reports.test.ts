import { addDays, dateInZone, LIST_COUNT_AHEAD, REVIEW_STEP_BACK } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelLogs, incidentReports, inspectionTemplateQuestions, shifts } from '../../db/schema';
import { createCategory, createDriver, createShift, createVehicle } from '../../test/factories';
import {
  type Caller,
  createRoleTestApp,
  expectJson,
  type RoleTestApp,
  TEST_TERMINAL_HEADER,
} from '../../test/role-test-app';

let t: RoleTestApp;
let bus: { id: string };
let question: string;
const TZ = 'Australia/Sydney';

beforeAll(async () => {
  t = await createRoleTestApp({ terminal: true });
  bus = await createVehicle(t.db, {
    categoryId: (await createCategory(t.db)).id,
    registrationNumber: 'REP-01',
    nickname: null,
  });
  await t.db.delete(inspectionTemplateQuestions);
  question = expectJson<{ id: string }>(
    await t.asManager('POST', '/api/inspection-questions', {
      question: 'Brakes OK?',
      category: 'Mechanical',
    }),
    201,
  ).id;
});
afterAll(() => t.close());

/** The driver on the shared bus: a vehicle is on one open shift at a time, so each next driver takes over. */
let onBus: { call: Caller; shiftId: string } | undefined;

async function driverOnShift(firstName: string) {
  const driver = await createDriver(t.db, { firstName, lastName: 'Reporter' });
  const call: Caller = t.callerWith({ [TEST_TERMINAL_HEADER]: driver.id });
  if (onBus) expectJson(await onBus.call('POST', `/api/shifts/end/${onBus.shiftId}`), 200);
  const started = await call('POST', '/api/shifts/start', {
    vehicleId: bus.id,
    inspection: {
      responses: [{ questionId: question, passed: firstName !== 'Failing', notes: 'Pads low' }],
    },
  });
  expect(started.statusCode, started.body).toBe(201);
  onBus = { call, shiftId: started.json().shift.id };
  if (firstName === 'Failing') {
    // The failed check opened a defect on the shared bus: clear it so the next driver can take it.
    const open = (await t.asManager('GET', `/api/vehicle-defects?vehicleId=${bus.id}`)).json();
    for (const d of open.items) {
      await t.asManager('POST', `/api/vehicle-defects/${d.id}/clear`, { repairNote: 'Pads replaced' });
    }
  }
  return { driver, call };
}

describe('report lists', () => {
  it('answer pages newest first, searched by driver and filtered by status, with the questions', async () => {
    await driverOnShift('Passing');
    await driverOnShift('Failing');
    const all = expectJson<{ items: { driverName: string; overallStatus: string }[]; total: number }>(
      await t.asManager('GET', '/api/inspections/pre-departure?search=reporter'),
      200,
    );
    expect(all.total).toBe(2);
    expect(all.items.map((i) => i.driverName)).toEqual(['Failing Reporter', 'Passing Reporter']);
    const failed = expectJson<{ items: { id: string; driverName: string; vehicle: string }[] }>(
      await t.asManager('GET', '/api/inspections/pre-departure?status=fail&search=reporter'),
      200,
    );
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({ driverName: 'Failing Reporter', vehicle: 'REP-01' });
    // The row carries no answers (ADR 37); the detail loads them, with the questions' wording.
    expect(failed.items[0]).not.toHaveProperty('responses');
    const answersUrl = `/api/inspections/pre-departure/${failed.items[0]!.id}/answers`;
    expect(expectJson(await t.asManager('GET', answersUrl), 200)).toEqual({
      answers: [
        {
          questionId: question,
          question: 'Brakes OK?',
          category: 'Mechanical',
          passed: false,
          notes: 'Pads low',
        },
      ],
    });
    // A driver never reads them, not even their own; an unknown form is 404.
    expect((await t.asDriver('GET', answersUrl)).statusCode).toBe(403);
    expect((await t.anonymous('GET', answersUrl)).statusCode).toBe(401);
    expect((await t.asManager('GET', '/api/inspections/pre-departure/nope/answers')).statusCode).toBe(404);
    expect(
      (await t.asManager('GET', `/api/inspections/end-of-shift/${failed.items[0]!.id}/answers`)).statusCode,
    ).toBe(404);
    // The CSV export still carries the answers: each failed check with its note.
    const csv = await t.asManager('GET', '/api/reports/pre-departure/export?status=fail&search=reporter');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Brakes OK? (Pads low)');
    const paged = expectJson<{ items: unknown[]; total: number; limit: number }>(
      await t.asManager('GET', '/api/inspections/pre-departure?search=reporter&limit=1&offset=1'),
      200,
    );
    expect(paged).toMatchObject({ total: 2, limit: 1 });
    expect(paged.items).toHaveLength(1);
  });

  it("keep to the operator's dates", async () => {
    const today = dateInZone(new Date(), TZ);
    const within = (
      await t.asManager('GET', `/api/inspections/pre-departure?from=${today}&to=${today}&search=reporter`)
    ).json();
    expect(within.total).toBe(2);
    const before = (
      await t.asManager('GET', `/api/inspections/pre-departure?to=${addDays(today, -1)}&search=reporter`)
    ).json();
    expect(before.total).toBe(0);
    expect((await t.asManager('GET', '/api/fuel-logs?from=yesterday')).statusCode).toBe(400);
  });

  it('are for managers only', async () => {
    for (const url of [
      '/api/inspections/pre-departure',
      '/api/inspections/end-of-shift',
      '/api/fuel-logs',
      '/api/emergency-alerts',
      '/api/incident-reports',
      '/api/reports/fuel-logs/export',
    ]) {
      expect((await t.asDriver('GET', url)).statusCode, url).toBe(403);
      expect((await t.anonymous('GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe('review', () => {
  it('reviews an inspection like an incident, shows its defect, and a manager clears that defect from the form', async () => {
    const van = await createVehicle(t.db, { registrationNumber: 'REP-02', nickname: null });
    const driver = await createDriver(t.db, { firstName: 'Inspected', lastName: 'Reporter' });
    const call: Caller = t.callerWith({ [TEST_TERMINAL_HEADER]: driver.id });
    const started = expectJson<{ shift: { id: string }; inspection: { id: string } }>(
      await call('POST', '/api/shifts/start', {
        vehicleId: van.id,
        inspection: { responses: [{ questionId: question, passed: false, notes: 'Pads gone' }] },
      }),
      201,
    );
    const id = started.inspection.id;
    type Row = {
      id: string;
      reviewStatus: string;
      reviewedByName: string | null;
      reviewedAt: string | null;
      reviewNotes: string | null;
      defect: {
        id: string;
        clearedAt: string | null;
        clearedByName: string | null;
        repairNote: string | null;
      } | null;
    };
    const read = async () =>
      expectJson<{ items: Row[] }>(
        await t.asManager('GET', '/api/inspections/pre-departure?search=inspected'),
        200,
      ).items.find((r) => r.id === id)!;
    const fresh = await read();
    expect(fresh).toMatchObject({
      reviewStatus: 'submitted',
      reviewedByName: null,
      defect: { clearedAt: null },
    });

    expect(
      (await t.asDriver('PATCH', `/api/inspections/pre-departure/${id}`, { status: 'resolved' })).statusCode,
    ).toBe(403);
    const bad = await t.asManager('PATCH', `/api/inspections/pre-departure/${id}`, { status: 'submitted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Move it to Under Review or Resolved');
    expect(
      (await t.asManager('PATCH', '/api/inspections/pre-departure/no-such-id', { status: 'resolved' }))
        .statusCode,
    ).toBe(404);
    expectJson(
      await t.asManager('PATCH', `/api/inspections/pre-departure/${id}`, {
        status: 'under_review',
        notes: 'Workshop booked',
      }),
      200,
    );
    // The defect it raised is cleared through the existing clearing, from the form's dialog.
    expectJson(
      await t.asManager('POST', `/api/vehicle-defects/${fresh.defect!.id}/clear`, {
        repairNote: 'New pads fitted',
      }),
      200,
    );
    expectJson(
      await t.asManager('PATCH', `/api/inspections/pre-departure/${id}`, { status: 'resolved' }),
      200,
    );
    const back = await t.asManager('PATCH', `/api/inspections/pre-departure/${id}`, {
      status: 'under_review',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: REVIEW_STEP_BACK });
    const done = await read();
    expect(done).toMatchObject({
      reviewStatus: 'resolved',
      reviewedByName: `${t.manager.user.firstName} ${t.manager.user.lastName}`,
      reviewedAt: expect.any(String),
      defect: {
        clearedAt: expect.any(String),
        clearedByName: `${t.manager.user.firstName} ${t.manager.user.lastName}`,
        repairNote: 'New pads fitted',
      },
    });
    expect(done.reviewNotes).toMatch(/Workshop booked/);

    // End-of-shift forms have the same review.
    const end = expectJson<{ id: string }>(
      await call('POST', '/api/inspections/end-of-shift', { responses: [], clearOfBus: 'not_applicable' }),
      201,
    );
    expectJson(
      await t.asManager('PATCH', `/api/inspections/end-of-shift/${end.id}`, { status: 'resolved' }),
      200,
    );
    const ends = expectJson<{ items: Row[] }>(
      await t.asManager('GET', '/api/inspections/end-of-shift?search=inspected'),
      200,
    );
    expect(ends.items.find((r) => r.id === end.id)).toMatchObject({ reviewStatus: 'resolved', defect: null });
    expectJson(await call('POST', `/api/shifts/end/${started.shift.id}`), 200);
  });

  it('moves an incident forward with notes, records who and when, and never steps back', async () => {
    const { call } = await driverOnShift('Incident');
    const report = expectJson<{ id: string }>(
      await call('POST', '/api/incident-reports', {
        incidentType: 'property_damage',
        location: 'Depot gate',
        description: 'Mirror clipped the gate post.',
      }),
      201,
    );
    expectJson(
      await t.asManager('PATCH', `/api/incident-reports/${report.id}`, {
        status: 'under_review',
        notes: 'Asked for photos',
      }),
      200,
    );
    expectJson(
      await t.asManager('PATCH', `/api/incident-reports/${report.id}`, {
        status: 'resolved',
        notes: 'Gate post repainted',
      }),
      200,
    );
    const back = await t.asManager('PATCH', `/api/incident-reports/${report.id}`, { status: 'under_review' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: REVIEW_STEP_BACK });
    const [row] = await t.db.select().from(incidentReports).where(eq(incidentReports.id, report.id));
    expect(row).toMatchObject({
      status: 'resolved',
      reviewedBy: t.manager.user.id,
      description: 'Mirror clipped the gate post.',
    });
    expect(row?.reviewNotes).toMatch(/Asked for photos\n.*Gate post repainted/);
    const listed = (await t.asManager('GET', '/api/incident-reports?status=resolved&search=incident')).json();
    expect(listed.items[0]).toMatchObject({
      status: 'resolved',
      reviewedByName: `${t.manager.user.firstName} ${t.manager.user.lastName}`,
    });
  });

  it('resolves an emergency once', async () => {
    const { call } = await driverOnShift('Emergency');
    const type = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/emergency-types', { name: 'Breakdown' }),
      201,
    );
    const alert = expectJson<{ id: string }>(
      await call('POST', '/api/emergency-alerts', { emergencyTypeId: type.id }),
      201,
    );
    expectJson(
      await t.asManager('PATCH', `/api/emergency-alerts/${alert.id}`, {
        status: 'resolved',
        notes: 'Tow arrived',
      }),
      200,
    );
    expect(
      (await t.asManager('PATCH', `/api/emergency-alerts/${alert.id}`, { status: 'resolved' })).statusCode,
    ).toBe(409);
    const listed = (await t.asManager('GET', '/api/emergency-alerts?search=emergency')).json();
    expect(listed.items[0]).toMatchObject({
      status: 'resolved',
      typeName: 'Breakdown',
      resolutionNotes: 'Tow arrived',
    });
  });
});

describe('bounded totals', () => {
  it('count a tab only up to a bound past the page, say so, and count exactly near the end or when narrowed', async () => {
    const { driver } = await driverOnShift('Counted');
    const [shift] = await t.db.select().from(shifts).where(eq(shifts.driverId, driver.id));
    const many = LIST_COUNT_AHEAD + 5;
    const base = Date.UTC(2026, 5, 15, 0, 0);
    await t.db.insert(fuelLogs).values(
      Array.from({ length: many }, (_, i) => ({
        driverId: driver.id,
        vehicleId: bus.id,
        shiftId: shift!.id,
        // A log an hour, the newest at noon in Sydney on 15 June 2026.
        fuelDate: new Date(base + 2 * 3_600_000 - i * 3_600_000),
        odometerReading: 200_000 + i,
        litersAdded: 40,
        fuelType: 'Diesel',
      })),
    );
    type Page = { items: { id: string }[]; total: number; totalIsLowerBound: boolean; offset: number };
    const list = async (query: string) =>
      expectJson<Page>(await t.asManager('GET', `/api/fuel-logs?search=counted&${query}`), 200);

    const first = await list('limit=50');
    expect(first).toMatchObject({ total: LIST_COUNT_AHEAD, totalIsLowerBound: true });
    expect(first.items).toHaveLength(50);
    // Further on the count looks as far past the page: it reaches the end and is exact.
    expect(await list('limit=50&offset=50')).toMatchObject({ total: many, totalIsLowerBound: false });
    const last = await list(`limit=50&offset=${LIST_COUNT_AHEAD}`);
    expect(last).toMatchObject({ total: many, totalIsLowerBound: false });
    expect(last.items).toHaveLength(5);
    // Past the end: no rows, and the count says how many there are.
    expect(await list('limit=50&offset=5000')).toMatchObject({
      items: [],
      total: many,
      totalIsLowerBound: false,
    });
    // A day of the operator's calendar: 24 logs (midnight to midnight in Sydney), counted exactly.
    const day = await list('from=2026-06-14&to=2026-06-14&limit=10');
    expect(day).toMatchObject({ total: 24, totalIsLowerBound: false });
    // The same filter's second page, and a page that holds the rest without a count.
    expect(await list('from=2026-06-14&to=2026-06-14&limit=10&offset=10')).toMatchObject({ total: 24 });
    const rest = await list('from=2026-06-14&to=2026-06-14&limit=50');
    expect(rest).toMatchObject({ total: 24, totalIsLowerBound: false });
    expect(rest.items.map((r) => r.id)).toEqual(
      [...day.items, ...(await list('from=2026-06-14&to=2026-06-14&limit=14&offset=10')).items].map(
        (r) => r.id,
      ),
    );
    await t.db.delete(fuelLogs).where(eq(fuelLogs.driverId, driver.id));
  });
});

describe('export', () => {
  it('streams every filtered row as CSV with both date forms, formulas neutralised', async () => {
    const { driver } = await driverOnShift('Exporter');
    const [shift] = await t.db.select().from(shifts).where(eq(shifts.driverId, driver.id));
    const base = Date.now();
    // More rows than one batch of the export.
    await t.db.insert(fuelLogs).values(
      Array.from({ length: 1203 }, (_, i) => ({
        driverId: driver.id,
        vehicleId: bus.id,
        shiftId: shift!.id,
        fuelDate: new Date(base - i * 60_000),
        odometerReading: 100_000 + i,
        litersAdded: 50,
        fuelType: 'Diesel',
        location: i === 0 ? '=HYPERLINK("http://evil.example","x")' : 'Depot, bay 2',
      })),
    );
    const res = await t.asManager('GET', '/api/reports/fuel-logs/export?search=exporter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fuel-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (ISO),Date,Driver,Vehicle,Odometer (km),Litres,Fuel Type,Location,Notes,Flagged,Confirmed because',
    );
    expect(lines).toHaveLength(1204);
    // ISO for programs, the operator's numeric date for people (en-AU: 23/11/2026, 09:05).
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,"\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}"/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[2]).toContain('"Depot, bay 2"');
    const odometers = lines.slice(1).map((l) => /,(1\d{5}),50,Diesel,/.exec(l)?.[1]);
    expect(new Set(odometers).size).toBe(1203);
  });
});

describe('timesheets', () => {
  it('lists a range and corrects a shift with the original kept beside it', async () => {
    const driver = await createDriver(t.db, { firstName: 'Tim', lastName: 'Sheet' });
    const today = dateInZone(new Date(), TZ);
    const shift = await createShift(t.db, driver.id, { vehicleId: bus.id, endTime: new Date() });
    await t.db.update(shifts).set({ shiftDate: today }).where(eq(shifts.id, shift.id));
    const list = expectJson<{ id: string; driver: { firstName: string }; corrections: unknown[] }[]>(
      await t.asManager('GET', `/api/shifts/all?startDate=${today}&endDate=${today}&driverId=${driver.id}`),
      200,
    );
    expect(list.map((s) => s.id)).toEqual([shift.id]);

    const start = new Date(Date.now() - 8 * 3_600_000).toISOString();
    const end = new Date(Date.now() - 30 * 60_000).toISOString();
    const noReason = await t.asManager('POST', `/api/shifts/${shift.id}/corrections`, {
      startTime: start,
      endTime: end,
    });
    expect(noReason.json().errors).toContainEqual({
      path: 'reason',
      message: 'Give the reason for the correction',
    });
    const backwards = await t.asManager('POST', `/api/shifts/${shift.id}/corrections`, {
      startTime: end,
      endTime: start,
      reason: 'x y z',
    });
    expect(backwards.json().errors).toContainEqual({
      path: 'endTime',
      message: 'The end must be after the start',
    });
    expectJson(
      await t.asManager('POST', `/api/shifts/${shift.id}/corrections`, {
        startTime: start,
        endTime: end,
        reason: 'Forgot to clock out',
      }),
      201,
    );
    const [corrected] = (
      await t.asManager('GET', `/api/shifts/all?startDate=${today}&endDate=${today}&driverId=${driver.id}`)
    ).json();
    expect(corrected).toMatchObject({
      startTime: start,
      endTime: end,
      corrections: [
        {
          originalStart: shift.startTime.toISOString(),
          correctedStart: start,
          correctedEnd: end,
          reason: 'Forgot to clock out',
          correctedByName: `${t.manager.user.firstName} ${t.manager.user.lastName}`,
        },
      ],
    });
    const csv = await t.asManager(
      'GET',
      `/api/shifts/export?startDate=${today}&endDate=${today}&driverId=${driver.id}`,
    );
    expect(csv.body).toContain('Tim Sheet');
    expect(csv.body).toContain('Forgot to clock out');
    expect(csv.body).toContain(',7.50,Completed,');
  });

  it('sums a range per driver and day, leaving the shifts of a day to their own request', async () => {
    const ann = await createDriver(t.db, { firstName: 'Aaa', lastName: 'Grid' });
    const bob = await createDriver(t.db, { firstName: 'Bbb', lastName: 'Grid' });
    const at = (date: string, time: string) => new Date(`${date}T${time}:00Z`);
    const [a1, , , b1] = await t.db
      .insert(shifts)
      .values([
        {
          driverId: ann.id,
          shiftDate: '2030-03-04',
          startTime: at('2030-03-04', '06:00'),
          endTime: at('2030-03-04', '08:00'),
        },
        {
          driverId: ann.id,
          shiftDate: '2030-03-04',
          startTime: at('2030-03-04', '12:00'),
          endTime: at('2030-03-04', '15:30'),
        },
        { driverId: ann.id, shiftDate: '2030-03-05', startTime: at('2030-03-05', '06:00'), endTime: null },
        {
          driverId: bob.id,
          shiftDate: '2030-03-04',
          startTime: at('2030-03-04', '07:00'),
          endTime: at('2030-03-04', '08:00'),
          endOfShiftSkipped: true,
        },
      ])
      .returning();
    expectJson(
      await t.asManager('POST', `/api/shifts/${a1!.id}/corrections`, {
        startTime: at('2030-03-04', '05:30').toISOString(),
        endTime: at('2030-03-04', '08:00').toISOString(),
        reason: 'Started early',
      }),
      201,
    );
    const grid = expectJson<{
      drivers: { driverId: string; days: { date: string }[]; shifts: number; seconds: number }[];
      shifts: number;
      seconds: number;
    }>(await t.asManager('GET', '/api/shifts/summary?startDate=2030-03-02&endDate=2030-03-08'), 200);
    expect(grid.drivers.map((d) => d.driverId)).toEqual([ann.id, bob.id]);
    expect(grid.drivers[0]).toEqual({
      driverId: ann.id,
      driver: { firstName: 'Aaa', lastName: 'Grid' },
      days: [
        {
          date: '2030-03-04',
          shifts: 2,
          seconds: 6 * 3600,
          corrected: true,
        },
        {
          date: '2030-03-05',
          shifts: 1,
          seconds: 0,
          active: true,
        },
      ],
      shifts: 3,
      seconds: 6 * 3600,
    });
    expect(grid.drivers[1]?.days).toEqual([
      {
        date: '2030-03-04',
        shifts: 1,
        seconds: 3600,
        endOfShiftSkipped: true,
      },
    ]);
    expect(grid).toMatchObject({ shifts: 4, seconds: 7 * 3600 });

    // One driver only, and the cell's shifts through the day's own request.
    const bobs = expectJson<{ drivers: { driverId: string }[] }>(
      await t.asManager(
        'GET',
        `/api/shifts/summary?startDate=2030-03-02&endDate=2030-03-08&driverId=${bob.id}`,
      ),
      200,
    );
    expect(bobs.drivers.map((d) => d.driverId)).toEqual([bob.id]);
    const day = expectJson<{ id: string }[]>(
      await t.asManager('GET', `/api/shifts/all?startDate=2030-03-04&endDate=2030-03-04&driverId=${bob.id}`),
      200,
    );
    expect(day.map((s) => s.id)).toEqual([b1!.id]);

    // A range without a shift is an empty grid, not an error.
    expect(
      expectJson(
        await t.asManager('GET', '/api/shifts/summary?startDate=2031-01-01&endDate=2031-01-07'),
        200,
      ),
    ).toEqual({ drivers: [], shifts: 0, seconds: 0 });

    const wide = await t.asManager('GET', '/api/shifts/summary?startDate=2030-01-01&endDate=2030-06-01');
    expect(wide.json().errors).toContainEqual({ path: 'endDate', message: 'Choose at most 62 days' });
    expect(
      (await t.asDriver('GET', '/api/shifts/summary?startDate=2030-03-02&endDate=2030-03-08')).statusCode,
    ).toBe(403);
  });

  it('refuses a range of more than 62 days or one that runs backwards', async () => {
    const wide = await t.asManager('GET', '/api/shifts/all?startDate=2026-01-01&endDate=2026-06-01');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().errors).toContainEqual({ path: 'endDate', message: 'Choose at most 62 days' });
    expect(
      (await t.asManager('GET', '/api/shifts/all?startDate=2026-02-01&endDate=2026-01-01')).statusCode,
    ).toBe(400);
    expect(
      (await t.asDriver('GET', '/api/shifts/all?startDate=2026-01-01&endDate=2026-01-02')).statusCode,
    ).toBe(403);
  });
});

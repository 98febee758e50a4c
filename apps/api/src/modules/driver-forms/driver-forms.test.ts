import {
  addDays,
  CLEAR_OF_BUS_MESSAGES,
  clockInLapsedMessage,
  DEFECT_MESSAGES,
  dateInZone,
  FORM_MESSAGES,
  incompleteInspectionMessage,
  type LapsedVehiclesResult,
  vehicleInUseMessage,
} from '@dms/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emergencyAlerts,
  endOfShiftInspections,
  fuelLogs,
  incidentReports,
  inspectionTemplateQuestions,
  preDepartureInspections,
  shifts,
  users,
  vehicleDefects,
} from '../../db/schema';
import { createCategory, createCustomer, createDriver, createJob, createVehicle } from '../../test/factories';
import {
  type Caller,
  createRoleTestApp,
  expectJson,
  type RoleTestApp,
  TEST_TERMINAL_HEADER,
} from '../../test/role-test-app';

let t: RoleTestApp;
let bus: { id: string };
let category: { id: string };
let questions: { pre: string[]; end: string[] };

beforeAll(async () => {
  t = await createRoleTestApp({ terminal: true, smtp: true });
  category = await createCategory(t.db);
  bus = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'TERM-01' });
  // This test database has no questions but these.
  await t.db.delete(inspectionTemplateQuestions);
  const add = async (type: string, question: string) =>
    expectJson<{ id: string }>(
      await t.asManager('POST', '/api/inspection-questions', { type, question, category: 'Safety' }),
      201,
    ).id;
  questions = {
    pre: [await add('pre_departure', 'Tyres OK?'), await add('pre_departure', 'Lights OK?')],
    end: [await add('end_of_shift', 'Cabin swept?')],
  };
});
afterAll(() => t.close());

interface TerminalDriver {
  id: string;
  call: Caller;
  /** Their own vehicle: a vehicle is on one open shift at a time. */
  vehicleId: string;
}

/** A driver of their own, signed in at the terminal, with a vehicle of their own (their own shift state per test). */
async function terminalDriver(): Promise<TerminalDriver> {
  const driver = await createDriver(t.db);
  const vehicle = await createVehicle(t.db, { categoryId: category.id });
  return { id: driver.id, call: t.callerWith({ [TEST_TERMINAL_HEADER]: driver.id }), vehicleId: vehicle.id };
}

const pre = (overrides: Partial<Record<'fail' | 'note', boolean>> = {}) => ({
  responses: [
    {
      questionId: questions.pre[0],
      passed: !overrides.fail,
      notes: overrides.note ? 'Worn' : '',
    },
    { questionId: questions.pre[1], passed: null },
  ],
  notes: '',
});

async function clockIn(d: TerminalDriver, body: object = { vehicleId: d.vehicleId, inspection: pre() }) {
  return expectJson<{ shift: { id: string; vehicleId: string }; inspection: { overallStatus: string } }>(
    await d.call('POST', '/api/shifts/start', body),
    201,
  );
}

describe('clocking in', () => {
  it('starts the shift with its pre-departure inspection; a Fail does not block it', async () => {
    const d = await terminalDriver();
    const failing = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'TERM-02' });
    expectJson(await d.call('GET', '/api/shifts/active'), 200);
    expect((await d.call('GET', '/api/shifts/active')).json()).toBeNull();
    const started = await clockIn(d, {
      vehicleId: failing.id,
      inspection: pre({ fail: true }),
      driverId: 'someone-else',
    });
    expect(started.inspection.overallStatus).toBe('fail');
    expect(started.shift.vehicleId).toBe(failing.id);
    const active = (await d.call('GET', '/api/shifts/active')).json();
    expect(active).toMatchObject({
      id: started.shift.id,
      driverId: d.id,
      endTime: null,
      vehicle: { registrationNumber: 'TERM-02' },
      servesSchoolJob: false,
    });
    const [inspection] = await t.db
      .select()
      .from(preDepartureInspections)
      .where(eq(preDepartureInspections.shiftId, started.shift.id));
    expect(inspection).toMatchObject({
      driverId: d.id,
      vehicleId: failing.id,
      overallStatus: 'fail',
      damageReported: 1,
    });
  });

  it('opens a defect on a failed inspection, refuses the vehicle at the next clock-in, until a manager clears it', async () => {
    const van = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'DEF-01' });
    const first = await terminalDriver();
    const firstShift = await clockIn(first, {
      vehicleId: van.id,
      inspection: pre({ fail: true, note: true }),
    });
    expectJson(await first.call('POST', `/api/shifts/end/${firstShift.shift.id}`), 200);

    const open = expectJson<{
      items: { id: string; vehicleName: string; items: unknown[]; source: string }[];
    }>(await t.asManager('GET', `/api/vehicle-defects?vehicleId=${van.id}`), 200);
    expect(open.items).toHaveLength(1);
    expect(open.items[0]).toMatchObject({
      vehicleName: 'DEF-01 · Test bus',
      source: 'pre_departure',
      items: [{ question: 'Tyres OK?', category: 'Safety', notes: 'Worn' }],
    });
    const listed = expectJson<{ openDefect: { id: string; summary: string } | null }>(
      await t.asManager('GET', `/api/vehicles/${van.id}`),
      200,
    );
    expect(listed.openDefect).toMatchObject({ id: open.items[0]!.id, summary: 'Tyres OK?: Worn' });

    // The next driver cannot take the vehicle out, and nothing is written.
    const next = await terminalDriver();
    const refused = await next.call('POST', '/api/shifts/start', { vehicleId: van.id, inspection: pre() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DEFECT_MESSAGES.clockInRefused);
    expect((await next.call('GET', '/api/shifts/active')).json()).toBeNull();

    // Only a manager clears it, with a repair note; then the vehicle can go out again.
    const id = open.items[0]!.id;
    expect(
      (await t.asDriver('POST', `/api/vehicle-defects/${id}/clear`, { repairNote: 'x' })).statusCode,
    ).toBe(403);
    const blank = await t.asManager('POST', `/api/vehicle-defects/${id}/clear`, { repairNote: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(DEFECT_MESSAGES.repairNote);
    const cleared = expectJson<{ clearedAt: string; clearedByName: string; repairNote: string }>(
      await t.asManager('POST', `/api/vehicle-defects/${id}/clear`, { repairNote: 'Replaced front tyres' }),
      200,
    );
    expect(cleared).toMatchObject({ repairNote: 'Replaced front tyres', clearedAt: expect.any(String) });
    expect(cleared.clearedByName).toBeTruthy();
    const again = await t.asManager('POST', `/api/vehicle-defects/${id}/clear`, { repairNote: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await t.asManager('GET', `/api/vehicles/${van.id}`)).json().openDefect).toBeNull();
    await clockIn(next, { vehicleId: van.id, inspection: pre() });
    const history = (
      await t.asManager('GET', `/api/vehicle-defects?status=cleared&vehicleId=${van.id}`)
    ).json();
    expect(history.total).toBe(1);
  });

  it('starts nothing when the inspection is incomplete, or without a vehicle', async () => {
    const d = await terminalDriver();
    const incomplete = await d.call('POST', '/api/shifts/start', {
      vehicleId: bus.id,
      inspection: { responses: [{ questionId: questions.pre[0], passed: true }] },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(incompleteInspectionMessage(2));
    const noVehicle = await d.call('POST', '/api/shifts/start', { inspection: pre() });
    expect(noVehicle.json().errors).toContainEqual({ path: 'vehicleId', message: FORM_MESSAGES.vehicle });
    const partner = await createVehicle(t.db, { type: 'subcontracted' });
    expect(
      (await d.call('POST', '/api/shifts/start', { vehicleId: partner.id, inspection: pre() })).statusCode,
    ).toBe(400);
    expect(await t.db.select().from(shifts).where(eq(shifts.driverId, d.id))).toHaveLength(0);
  });

  it('refuses a second driver on a vehicle that is on an open shift, naming its driver, even at once', async () => {
    const vehicle = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'CO-01' });
    const first = await terminalDriver();
    await t.db.update(users).set({ firstName: 'Dana', lastName: 'Holder' }).where(eq(users.id, first.id));
    const started = await clockIn(first, { vehicleId: vehicle.id, inspection: pre() });
    const second = await terminalDriver();
    const refused = await second.call('POST', '/api/shifts/start', {
      vehicleId: vehicle.id,
      inspection: pre(),
    });
    expect(refused.statusCode).toBe(409);
    const message = vehicleInUseMessage('CO-01 Test bus', 'Dana Holder');
    expect(refused.json()).toEqual({ message, errors: [{ path: 'vehicleId', message }] });
    expect((await second.call('GET', '/api/shifts/active')).json()).toBeNull();
    // Once the first driver clocks out the vehicle is free again.
    expectJson(await first.call('POST', `/api/shifts/end/${started.shift.id}`), 200);
    await clockIn(second, { vehicleId: vehicle.id, inspection: pre() });

    // Two drivers racing for one free vehicle: one shift, one refusal.
    const racer = await createVehicle(t.db, { categoryId: category.id });
    const [a, b] = [await terminalDriver(), await terminalDriver()];
    const answers = await Promise.all(
      [a, b].map((x) => x.call('POST', '/api/shifts/start', { vehicleId: racer.id, inspection: pre() })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const open = await t.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.vehicleId, racer.id), isNull(shifts.endTime)));
    expect(open).toHaveLength(1);
  });

  it('keeps one open shift when two terminals clock the same driver in at once', async () => {
    const d = await terminalDriver();
    const answers = await Promise.all([
      d.call('POST', '/api/shifts/start', { vehicleId: d.vehicleId, inspection: pre() }),
      d.call('POST', '/api/shifts/start', { vehicleId: d.vehicleId, inspection: pre() }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({ message: FORM_MESSAGES.onShift });
    const open = await t.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.driverId, d.id), isNull(shifts.endTime)));
    expect(open).toHaveLength(1);
    expect(
      await t.db.select().from(preDepartureInspections).where(eq(preDepartureInspections.driverId, d.id)),
    ).toHaveLength(1);
  });
});

describe('clocking in with a lapsed vehicle (issue 26)', () => {
  it('refuses a vehicle whose registration or insurance lapsed, with the reason, and writes nothing', async () => {
    const today = dateInZone(new Date(), 'Australia/Sydney');
    const lapsed = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'LAP-01' });
    expectJson(
      await t.asManager('PUT', `/api/vehicles/${lapsed.id}/compliance`, {
        registrationExpiry: addDays(today, -1),
        insuranceExpiry: addDays(today, -3),
      }),
      200,
    );
    const d = await terminalDriver();
    const refused = await d.call('POST', '/api/shifts/start', { vehicleId: lapsed.id, inspection: pre() });
    expect(refused.statusCode).toBe(409);
    const format = (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleDateString('en-AU', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    expect(refused.json().message).toBe(
      clockInLapsedMessage([
        `Registration of LAP-01 expired ${format(addDays(today, -1))}`,
        `Insurance of LAP-01 expired ${format(addDays(today, -3))}`,
      ]),
    );
    expect((await d.call('GET', '/api/shifts/active')).json()).toBeNull();

    // The picker learns the same before the driver chooses (the terminal's session, or a manager).
    const lapsedOf = async (call: typeof d.call) =>
      (
        expectJson<LapsedVehiclesResult>(await call('GET', '/api/shifts/lapsed-vehicles'), 200).items ?? []
      ).find((v) => v.vehicleId === lapsed.id);
    const listed = await lapsedOf(d.call);
    expect(listed?.name).toBe('LAP-01');
    expect(listed?.lapses.map((l) => [l.record, l.date, l.message])).toEqual([
      ['Registration', addDays(today, -1), `Registration of LAP-01 expired ${format(addDays(today, -1))}`],
      ['Insurance', addDays(today, -3), `Insurance of LAP-01 expired ${format(addDays(today, -3))}`],
    ]);
    expect(await lapsedOf(t.asManager)).toBeDefined();
    expect((await t.asDriver('GET', '/api/shifts/lapsed-vehicles')).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/shifts/lapsed-vehicles')).statusCode).toBe(401);

    // Expiring today is still current today; renewed, the vehicle goes out.
    expectJson(
      await t.asManager('PUT', `/api/vehicles/${lapsed.id}/compliance`, {
        registrationExpiry: today,
        insuranceExpiry: addDays(today, 300),
      }),
      200,
    );
    expect(await lapsedOf(d.call)).toBeUndefined();
    await clockIn(d, { vehicleId: lapsed.id, inspection: pre() });
  });

  it('does not refuse at the terminal for what only warns or is not about driving lawfully', async () => {
    const today = dateInZone(new Date(), 'Australia/Sydney');
    const d = await terminalDriver();
    expectJson(
      await t.asManager('PUT', `/api/vehicles/${d.vehicleId}/compliance`, {
        inspectionDue: addDays(today, -5),
      }),
      200,
    );
    const picker = expectJson<LapsedVehiclesResult>(await d.call('GET', '/api/shifts/lapsed-vehicles'), 200);
    expect(picker.items.map((v) => v.vehicleId)).not.toContain(d.vehicleId);
    await clockIn(d);
  });
});

describe('forms during a shift', () => {
  let d: TerminalDriver;
  let shiftId: string;
  beforeEach(async () => {
    d = await terminalDriver();
    shiftId = (await clockIn(d)).shift.id;
  });

  it.each([
    [{ litersAdded: 50 }, 'odometerReading', FORM_MESSAGES.odometer],
    [{ odometerReading: -5, litersAdded: 50 }, 'odometerReading', FORM_MESSAGES.odometer],
    [{ odometerReading: 120500 }, 'litersAdded', FORM_MESSAGES.liters],
    [{ odometerReading: 120500, litersAdded: 'lots' }, 'litersAdded', FORM_MESSAGES.liters],
  ])('refuses the fuel log %j', async (body, path, message) => {
    const res = await d.call('POST', '/api/fuel-logs', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('records a fuel log for the shift and its vehicle, once per key', async () => {
    const body = {
      odometerReading: 120500,
      litersAdded: 212.456,
      fuelType: 'Diesel',
      location: 'Brookvale',
      vehicleId: 'ignored',
    };
    const key = `fuel-${Date.now()}-abcdef`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/fuel-logs',
        payload: body,
        headers: { 'idempotency-key': key, [TEST_TERMINAL_HEADER]: d.id },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await t.db.select().from(fuelLogs).where(eq(fuelLogs.driverId, d.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shiftId,
      vehicleId: d.vehicleId,
      litersAdded: 212.46,
      odometerReading: 120500,
    });

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/fuel-logs',
      payload: { ...body, litersAdded: 10 },
      headers: { 'idempotency-key': key, [TEST_TERMINAL_HEADER]: d.id },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: FORM_MESSAGES.idempotencyReused });
  });

  it('records one row when the same submission arrives twice at once', async () => {
    const key = `race-${Date.now()}-abcdef`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/fuel-logs',
        payload: { odometerReading: 1, litersAdded: 1 },
        headers: { 'idempotency-key': key, [TEST_TERMINAL_HEADER]: d.id },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await t.db.select().from(fuelLogs).where(eq(fuelLogs.driverId, d.id))).toHaveLength(1);
  });

  it.each([
    [{ location: 'Depot', description: 'Scraped a bollard' }, 'incidentType', FORM_MESSAGES.incidentType],
    [{ incidentType: 'accident', description: 'Scraped a bollard' }, 'location', FORM_MESSAGES.location],
    [
      { incidentType: 'accident', location: ' ', description: 'Scraped a bollard' },
      'location',
      FORM_MESSAGES.location,
    ],
    [
      { incidentType: 'accident', location: 'Depot', description: 'Scraped' },
      'description',
      FORM_MESSAGES.description,
    ],
  ])('refuses the incident report %j', async (body, path, message) => {
    const res = await d.call('POST', '/api/incident-reports', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('records an incident with injuries and police details, and drops details of a "no"', async () => {
    const report = expectJson<{ id: string }>(
      await d.call('POST', '/api/incident-reports', {
        incidentType: 'passenger_incident',
        location: 'Pittwater Rd, Dee Why',
        description: 'A passenger fell when the bus braked hard.',
        injuriesReported: 1,
        injuryDetails: 'Grazed knee, first aid given',
        policeNotified: true,
        policeReportNumber: 'E12345678',
        witnessDetails: 'Two passengers, names taken',
      }),
      201,
    );
    const [row] = await t.db.select().from(incidentReports).where(eq(incidentReports.id, report.id));
    expect(row).toMatchObject({
      shiftId,
      injuriesReported: 1,
      injuryDetails: 'Grazed knee, first aid given',
      policeNotified: 1,
      policeReportNumber: 'E12345678',
      status: 'submitted',
    });
    const plain = expectJson<{ id: string }>(
      await d.call('POST', '/api/incident-reports', {
        incidentType: 'near_miss',
        location: 'Depot',
        description: 'A car cut in at the depot gate.',
        injuriesReported: 0,
        injuryDetails: 'should not be kept',
      }),
      201,
    );
    const [second] = await t.db.select().from(incidentReports).where(eq(incidentReports.id, plain.id));
    expect(second?.injuryDetails).toBeNull();
  });

  it('ends the shift with the end-of-shift inspection and clock-out', async () => {
    const inspection = expectJson<{ overallStatus: string }>(
      await d.call('POST', '/api/inspections/end-of-shift', {
        responses: [{ questionId: questions.end[0], passed: true }],
        bodyDamageFound: 1,
        bodyDamageDetails: 'Scratch, rear left panel',
        busClean: 0,
        clearOfBus: 'confirmed',
      }),
      201,
    );
    expect(inspection.overallStatus).toBe('pass');
    const [row] = await t.db
      .select()
      .from(endOfShiftInspections)
      .where(eq(endOfShiftInspections.shiftId, shiftId));
    expect(row).toMatchObject({
      bodyDamageFound: 1,
      bodyDamageDetails: 'Scratch, rear left panel',
      busClean: 0,
      clearOfBus: 'confirmed',
    });
    const ended = expectJson<{ endTime: string | null }>(
      await d.call('POST', `/api/shifts/end/${shiftId}`),
      200,
    );
    expect(ended.endTime).toEqual(expect.any(String));
    expect((await d.call('GET', '/api/shifts/active')).json()).toBeNull();
    expect((await d.call('POST', `/api/shifts/end/${shiftId}`)).statusCode).toBe(404);
  });
});

describe('the clear-of-bus check', () => {
  it('is required on every end-of-shift form, and cannot be N/A after a school job', async () => {
    const endForm = (clearOfBus?: string) => ({
      responses: [{ questionId: questions.end[0], passed: true }],
      ...(clearOfBus ? { clearOfBus } : {}),
    });
    const charter = await terminalDriver();
    await clockIn(charter);
    const missing = await charter.call('POST', '/api/inspections/end-of-shift', endForm());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CLEAR_OF_BUS_MESSAGES.required);
    expectJson(await charter.call('POST', '/api/inspections/end-of-shift', endForm('not_applicable')), 201);

    const school = await terminalDriver();
    const today = dateInZone(new Date(), 'Australia/Sydney');
    const customer = await createCustomer(t.db, { companyType: 'school' });
    await createJob(
      t.db,
      { serviceDate: today, customerId: customer.id, status: 'assigned' },
      { driverId: school.id },
    );
    await clockIn(school);
    expect((await school.call('GET', '/api/shifts/active')).json().servesSchoolJob).toBe(true);
    const before = await t.db.$count(endOfShiftInspections);
    const na = await school.call('POST', '/api/inspections/end-of-shift', endForm('not_applicable'));
    expect(na.statusCode).toBe(400);
    expect(na.json().message).toBe(CLEAR_OF_BUS_MESSAGES.school);
    expect(await t.db.$count(endOfShiftInspections)).toBe(before);
    expectJson(await school.call('POST', '/api/inspections/end-of-shift', endForm('confirmed')), 201);
  });

  it('opens a defect when the end-of-shift inspection fails', async () => {
    const coach = await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'DEF-02' });
    const d = await terminalDriver();
    await clockIn(d, { vehicleId: coach.id, inspection: pre() });
    await d.call('POST', '/api/inspections/end-of-shift', {
      responses: [{ questionId: questions.end[0], passed: false, notes: 'Seat torn' }],
      clearOfBus: 'confirmed',
    });
    const [defect] = await t.db
      .select()
      .from(vehicleDefects)
      .where(and(eq(vehicleDefects.vehicleId, coach.id), isNull(vehicleDefects.clearedAt)));
    expect(defect).toMatchObject({
      items: [{ question: 'Cabin swept?', category: 'Safety', notes: 'Seat torn' }],
    });
    expect(defect?.endOfShiftInspectionId).toEqual(expect.any(String));
  });
});

describe('forms that need a shift', () => {
  it('refuses a fuel log, an incident and an end-of-shift inspection off shift', async () => {
    const d = await terminalDriver();
    for (const [url, body] of [
      ['/api/fuel-logs', { odometerReading: 1, litersAdded: 1 }],
      [
        '/api/incident-reports',
        { incidentType: 'other', location: 'Depot', description: 'Ten or more characters' },
      ],
      [
        '/api/inspections/end-of-shift',
        { responses: [{ questionId: questions.end[0], passed: true }], clearOfBus: 'confirmed' },
      ],
    ] as const) {
      const res = await d.call('POST', url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ message: FORM_MESSAGES.noShift });
    }
  });
});

describe('emergency alerts', () => {
  it('need a type, can be raised off shift, and reach every manager by mail', async () => {
    const d = await terminalDriver();
    const missing = await d.call('POST', '/api/emergency-alerts', { location: 'M1' });
    expect(missing.json().errors).toContainEqual({
      path: 'emergencyTypeId',
      message: FORM_MESSAGES.emergencyType,
    });
    const type = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/emergency-types', { name: 'Medical emergency', severity: 'critical' }),
      201,
    );
    const alert = expectJson<{ id: string }>(
      await d.call('POST', '/api/emergency-alerts', {
        emergencyTypeId: type.id,
        location: 'M1 northbound',
        description: 'Passenger collapsed',
      }),
      201,
    );
    const [row] = await t.db.select().from(emergencyAlerts).where(eq(emergencyAlerts.id, alert.id));
    expect(row).toMatchObject({ driverId: d.id, shiftId: null, status: 'active' });
    expect(row?.notificationsSent).toContainEqual(
      expect.objectContaining({ userId: t.manager.user.id, channel: 'email' }),
    );
    await expect
      .poll(() => t.smtp.to(t.manager.user.email).map((m) => m.subject))
      .toContainEqual(expect.stringMatching(/^EMERGENCY: Medical emergency/));
    const shown = expectJson<{ typeName: string; location: string }>(
      await t.asManager('GET', `/api/emergency-alerts/${alert.id}`),
      200,
    );
    expect(shown).toMatchObject({
      typeName: 'Medical emergency',
      location: 'M1 northbound',
      severity: 'critical',
    });
    // The terminal's driver is no manager: no session user at all for a manager's route.
    expect((await d.call('GET', `/api/emergency-alerts/${alert.id}`)).statusCode).toBe(401);
    expect((await t.asDriver('GET', `/api/emergency-alerts/${alert.id}`)).statusCode).toBe(403);
  });
});

describe('who may call', () => {
  it('refuses anonymous callers and managers who do not drive', async () => {
    expect((await t.anonymous('GET', '/api/shifts/active')).statusCode).toBe(401);
    expect(
      (await t.asManager('POST', '/api/fuel-logs', { odometerReading: 1, litersAdded: 1 })).statusCode,
    ).toBe(403);
  });

  it("shows the terminal's driver their own jobs, without prices, and clears a job's update flag", async () => {
    const d = await terminalDriver();
    const job = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/jobs', {
        title: 'Terminal run',
        vehicles: [{ vehicleId: bus.id, driverId: d.id }],
        basePrice: 700,
      }),
      201,
    );
    const other = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/jobs', { title: 'Not theirs' }),
      201,
    );
    const page = expectJson<{ items: Record<string, unknown>[] }>(
      await d.call('GET', '/api/jobs?terminal=1&limit=200'),
      200,
    );
    expect(page.items.map((j) => j.id)).toEqual([job.id]);
    expect(page.items[0]).not.toHaveProperty('totalPrice');
    expect((await d.call('POST', `/api/jobs/${job.id}/clear-updates?terminal=1`)).statusCode).toBe(200);
    expect((await d.call('POST', `/api/jobs/${other.id}/clear-updates?terminal=1`)).statusCode).toBe(404);
  });

  it('lets a driver signed in to the portal use the same calls', async () => {
    const res = await t.asDriver('GET', '/api/shifts/active');
    expect(res.statusCode).toBe(200);
  });
});

describe('clocking out (ADR 27)', () => {
  const endForm = (passed: boolean | null = true) => ({
    responses: [{ questionId: questions.end[0], passed, notes: passed === false ? 'Seat torn' : '' }],
    clearOfBus: 'confirmed',
  });

  /** A driver on shift who holds a slot on a job today. */
  async function driverWithJob() {
    const d = await terminalDriver();
    const today = dateInZone(new Date(), 'Australia/Sydney');
    await createJob(t.db, { serviceDate: today, status: 'assigned' }, { driverId: d.id });
    const { shift } = await clockIn(d);
    return { d, shiftId: shift.id };
  }

  it('refuses a bare clock-out of a shift that carried a job, and changes nothing', async () => {
    const { d, shiftId } = await driverWithJob();
    const active = (await d.call('GET', '/api/shifts/active')).json();
    expect(active).toMatchObject({ carriesJob: true, endOfShiftDone: false });
    const res = await d.call('POST', `/api/shifts/end/${shiftId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FORM_MESSAGES.endOfShiftRequired);
    const [row] = await t.db.select().from(shifts).where(eq(shifts.id, shiftId));
    expect(row).toMatchObject({ endTime: null, endOfShiftSkipped: false });
  });

  it('ends a shift that carried a job with the end-of-shift inspection submitted together, in one go', async () => {
    const { d, shiftId } = await driverWithJob();
    const ended = expectJson<{ endTime: string | null; endOfShiftSkipped: boolean }>(
      await d.call('POST', `/api/shifts/end/${shiftId}`, { endOfShift: endForm() }),
      200,
    );
    expect(ended).toMatchObject({ endTime: expect.any(String), endOfShiftSkipped: false });
    expect(await t.db.$count(endOfShiftInspections, eq(endOfShiftInspections.shiftId, shiftId))).toBe(1);
  });

  it('keeps the shift open when the inspection sent with the clock-out is refused', async () => {
    const { d, shiftId } = await driverWithJob();
    const res = await d.call('POST', `/api/shifts/end/${shiftId}`, {
      endOfShift: { responses: [], clearOfBus: 'confirmed' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(incompleteInspectionMessage(1));
    expect((await d.call('GET', '/api/shifts/active')).json()).toMatchObject({ id: shiftId });
  });

  it('ends a shift that carried a job once its end-of-shift inspection is on record; a failed one opens a defect', async () => {
    const { d, shiftId } = await driverWithJob();
    expectJson(await d.call('POST', '/api/inspections/end-of-shift', endForm(false)), 201);
    expect((await d.call('GET', '/api/shifts/active')).json().endOfShiftDone).toBe(true);
    const ended = expectJson<{ endOfShiftSkipped: boolean }>(
      await d.call('POST', `/api/shifts/end/${shiftId}`),
      200,
    );
    expect(ended.endOfShiftSkipped).toBe(false);
    const vehicleId = (await t.db.select().from(shifts).where(eq(shifts.id, shiftId)))[0]!.vehicleId!;
    expect(
      await t.db.$count(
        vehicleDefects,
        and(eq(vehicleDefects.vehicleId, vehicleId), isNull(vehicleDefects.clearedAt)),
      ),
    ).toBe(1);
  });

  it('records a skip when a shift with no job ends without the inspection, and shows it on the timesheet', async () => {
    const d = await terminalDriver();
    const { shift } = await clockIn(d);
    expect((await d.call('GET', '/api/shifts/active')).json().carriesJob).toBe(false);
    const ended = expectJson<{ endOfShiftSkipped: boolean }>(
      await d.call('POST', `/api/shifts/end/${shift.id}`),
      200,
    );
    expect(ended.endOfShiftSkipped).toBe(true);
    const today = dateInZone(new Date(), 'Australia/Sydney');
    const sheet = expectJson<{ id: string; endOfShiftSkipped: boolean }[]>(
      await t.asManager('GET', `/api/shifts/all?startDate=${today}&endDate=${today}&driverId=${d.id}`),
      200,
    );
    expect(sheet).toEqual([expect.objectContaining({ id: shift.id, endOfShiftSkipped: true })]);
    const csv = await t.asManager(
      'GET',
      `/api/shifts/export?startDate=${today}&endDate=${today}&driverId=${d.id}`,
    );
    expect(csv.body).toContain('End-of-shift Inspection');
    expect(csv.body).toContain('Skipped');
    // The End of Shift report lists it, for managers only.
    const skipped = expectJson<{ items: { id: string; driverId: string; endTime: string }[] }>(
      await t.asManager('GET', `/api/reports/end-of-shift/skipped?from=${today}&to=${today}&limit=100`),
      200,
    );
    expect(skipped.items).toContainEqual(
      expect.objectContaining({ id: shift.id, driverId: d.id, endTime: expect.any(String) }),
    );
    expect((await t.asDriver('GET', '/api/reports/end-of-shift/skipped')).statusCode).toBe(403);
  });
});

describe('fuel plausibility (ADR 27)', () => {
  async function onShiftWith(tankCapacityLitres: number | null) {
    const d = await terminalDriver();
    const sprinter = await createVehicle(t.db, { categoryId: category.id, tankCapacityLitres });
    await clockIn(d, { vehicleId: sprinter.id, inspection: pre() });
    return d;
  }
  const fill = (odometerReading: number, litersAdded: number, hoursAgo: number, extra: object = {}) => ({
    odometerReading,
    litersAdded,
    fuelDate: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    ...extra,
  });

  it('refuses an odometer below the last reading and litres above the tank, unless confirmed with a reason; a confirmed one is flagged', async () => {
    const d = await onShiftWith(93);
    expectJson(await d.call('POST', '/api/fuel-logs', fill(120_000, 60, 5)), 201);
    const before = await t.db.$count(fuelLogs);
    const refused = await d.call('POST', '/api/fuel-logs', fill(1_200, 900, 1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This reading looks wrong: check it, or confirm it with a reason. The odometer reads 1,200 km, less than the vehicle's last reading of 120,000 km. 900 litres is more than the vehicle's tank holds (93 litres).",
    );
    expect(refused.json().errors).toEqual([
      { path: 'confirmReason', message: 'Give a reason for confirming this reading' },
    ]);
    expect(await t.db.$count(fuelLogs)).toBe(before);

    const confirmed = expectJson<{ id: string }>(
      await d.call(
        'POST',
        '/api/fuel-logs',
        fill(1_200, 900, 1, { confirmReason: 'Odometer unit replaced' }),
      ),
      201,
    );
    const [row] = await t.db.select().from(fuelLogs).where(eq(fuelLogs.id, confirmed.id));
    expect(row).toMatchObject({
      plausibilityFlags: ['odometer_back', 'over_tank'],
      confirmReason: 'Odometer unit replaced',
    });
    const report = expectJson<{
      items: { id: string; plausibilityFlags: string[]; confirmReason: string }[];
    }>(await t.asManager('GET', '/api/fuel-logs?limit=100'), 200);
    expect(report.items.find((i) => i.id === confirmed.id)).toMatchObject({
      plausibilityFlags: ['odometer_back', 'over_tank'],
      confirmReason: 'Odometer unit replaced',
    });
  });

  it('refuses a jump no vehicle drives in the time since the last reading; a plausible one goes in unflagged', async () => {
    const d = await onShiftWith(null);
    expectJson(await d.call('POST', '/api/fuel-logs', fill(50_000, 60, 3)), 201);
    // Three hours later: 1,000 km (the floor) is believable, 5,000 km is not.
    const jump = await d.call('POST', '/api/fuel-logs', fill(55_000, 60, 0));
    expect(jump.statusCode).toBe(409);
    expect(jump.json().message).toContain('5,000 km past the last reading');
    const fine = expectJson<{ id: string }>(
      await d.call('POST', '/api/fuel-logs', fill(50_900, 900, 0)),
      201,
    );
    const [row] = await t.db.select().from(fuelLogs).where(eq(fuelLogs.id, fine.id));
    expect(row).toMatchObject({ plausibilityFlags: [], confirmReason: null });
    const active = (await d.call('GET', '/api/shifts/active')).json();
    expect(active.fuelBaseline).toMatchObject({
      previous: { odometerReading: 50_900 },
      tankCapacityLitres: null,
    });
  });
});

import {
  ATTENTION_ALREADY_ACKNOWLEDGED,
  ATTENTION_NOT_FOUND,
  type AttentionList,
  dateInZone,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attentionItems,
  driverPreferences,
  inspectionTemplateQuestions,
  jobLegs,
  liveEvents,
  shifts,
} from '../../db/schema';
import {
  createCategory,
  createDriver,
  createJob,
  createManager,
  createShift,
  createVehicle,
} from '../../test/factories';
import {
  type Caller,
  createRoleTestApp,
  expectJson,
  type RoleTestApp,
  TEST_TERMINAL_HEADER,
} from '../../test/role-test-app';
import { checkClockIns, sendAttentionMails } from './attention.service';

// The managers' attention list (issue 29, ADR 28): incidents, defects, emergencies and late drivers
// show at once (a live event), once each, until acknowledged; serious ones are mailed by preference.

let t: RoleTestApp;
let question: string;
const TZ = 'Australia/Sydney';

beforeAll(async () => {
  t = await createRoleTestApp({ terminal: true, smtp: true });
  await t.db.delete(inspectionTemplateQuestions);
  question = expectJson<{ id: string }>(
    await t.asManager('POST', '/api/inspection-questions', {
      type: 'pre_departure',
      question: 'Brakes OK?',
      category: 'Safety',
    }),
    201,
  ).id;
});
afterAll(() => t.close());

const list = async () => expectJson<AttentionList>(await t.asManager('GET', '/api/attention'), 200);
const deps = () => ({
  db: t.db,
  mailer: t.app.mailer,
  publicUrl: 'http://localhost:5000',
  timeZone: TZ,
  log: t.app.log,
});

async function terminalDriver(): Promise<{ id: string; call: Caller; vehicleId: string; rego: string }> {
  const driver = await createDriver(t.db, { firstName: 'Tess', lastName: 'Terminal' });
  const category = await createCategory(t.db);
  const rego = `ATT-${driver.id.slice(0, 4)}`;
  const vehicle = await createVehicle(t.db, {
    categoryId: category.id,
    registrationNumber: rego,
    nickname: null,
  });
  return {
    id: driver.id,
    call: t.callerWith({ [TEST_TERMINAL_HEADER]: driver.id }),
    vehicleId: vehicle.id,
    rego,
  };
}

const inspection = (passed: boolean) => ({
  responses: [{ questionId: question, passed, notes: passed ? '' : 'Spongy pedal' }],
  notes: '',
});

describe('the attention list', () => {
  it('is for managers only', async () => {
    expect((await t.anonymous('GET', '/api/attention')).statusCode).toBe(401);
    expect((await t.asDriver('GET', '/api/attention')).statusCode).toBe(403);
    expect((await t.asDriver('POST', '/api/attention/x/acknowledge')).statusCode).toBe(403);
  });

  it('shows a new defect and a serious incident at once, mails them once by preference, and acknowledges', async () => {
    const quiet = await createManager(t.db);
    await t.db.insert(driverPreferences).values({ userId: quiet.id, emailSafetyAlerts: 0 });
    const d = await terminalDriver();
    const lastEvent = (await t.db.select({ id: liveEvents.id }).from(liveEvents)).at(-1)?.id ?? 0;
    // A failed pre-departure opens a defect: the vehicle is blocked, and managers are told.
    expectJson(
      await d.call('POST', '/api/shifts/start', { vehicleId: d.vehicleId, inspection: inspection(false) }),
      201,
    );
    let { items } = await list();
    const defect = items.find((i) => i.kind === 'defect' && i.title.includes(d.rego));
    expect(defect).toMatchObject({ serious: true, title: `Defect on ${d.rego}: the vehicle is blocked` });
    expect(defect?.detail).toContain('Tess Terminal. Brakes OK?: Spongy pedal');
    // Live: an event for every manager, committed with the defect.
    const events = await t.db.select().from(liveEvents);
    expect(events.filter((e) => e.id > lastEvent && e.type === 'attention.changed')).toContainEqual(
      expect.objectContaining({ roles: ['manager'], payload: { itemId: defect!.id } }),
    );

    const injured = expectJson<{ id: string }>(
      await d.call('POST', '/api/incident-reports', {
        incidentType: 'passenger_incident',
        location: 'Dee Why',
        description: 'A passenger fell.',
        injuriesReported: 1,
        injuryDetails: 'Grazed knee',
      }),
      201,
    );
    const minor = expectJson<{ id: string }>(
      await d.call('POST', '/api/incident-reports', {
        incidentType: 'near_miss',
        location: 'Depot',
        description: 'A car cut in.',
      }),
      201,
    );
    ({ items } = await list());
    expect(items.find((i) => i.title.startsWith('Passenger incident'))).toMatchObject({
      serious: true,
      detail: `${d.rego} · Dee Why · injuries reported`,
    });
    expect(items.find((i) => i.title.startsWith('Near miss'))?.serious).toBe(false);
    expect(injured.id).not.toBe(minor.id);

    // The queue mails the two serious items to each manager who wants safety alerts, once.
    expect(await sendAttentionMails(deps())).toBeGreaterThanOrEqual(2);
    await t.smtp.waitFor(t.manager.user.email, 2);
    const subjects = t.smtp.to(t.manager.user.email).map((m) => m.subject);
    expect(subjects).toContain(`Defect: Defect on ${d.rego}: the vehicle is blocked`);
    expect(subjects).toContain('Incident: Passenger incident reported by Tess Terminal');
    expect(subjects.some((s) => s?.includes('Near miss'))).toBe(false);
    expect(t.smtp.to(quiet.email)).toHaveLength(0);
    expect(await sendAttentionMails(deps())).toBe(0);

    // Acknowledged by one manager, gone for all; a second acknowledgement is refused.
    const before = (await list()).open;
    const acked = expectJson<{ id: string }>(
      await t.asManager('POST', `/api/attention/${defect!.id}/acknowledge`),
      200,
    );
    expect(acked.id).toBe(defect!.id);
    expect((await list()).open).toBe(before - 1);
    expect((await list()).items.some((i) => i.id === defect!.id)).toBe(false);
    const again = await t.asManager('POST', `/api/attention/${defect!.id}/acknowledge`);
    expect(expectJson(again, 409)).toEqual({ message: ATTENTION_ALREADY_ACKNOWLEDGED });
    const missing = await t.asManager('POST', '/api/attention/no-such-item/acknowledge');
    expect(expectJson(missing, 404)).toEqual({ message: ATTENTION_NOT_FOUND });
    const [row] = await t.db.select().from(attentionItems).where(eq(attentionItems.id, defect!.id));
    expect(row?.acknowledgedBy).toBe(t.manager.user.id);
  });

  it('raises a driver not clocked in 15 minutes before their first departure, once, and settles on clock-in', async () => {
    const driver = await createDriver(t.db, { firstName: 'Lou', lastName: 'Late' });
    const bus = await createVehicle(t.db);
    const now = new Date();
    const today = dateInZone(now, TZ);
    // Departs ten minutes from now (operator's clock).
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const departs = clock.format(new Date(now.getTime() + 10 * 60_000));
    const later = clock.format(new Date(now.getTime() + 60 * 60_000));
    // Skip the minutes around midnight, when "ten minutes from now" is tomorrow.
    if (departs < '00:11' || later < departs) return;
    const job = await createJob(
      t.db,
      { serviceDate: today, status: 'assigned', title: 'Early run' },
      { vehicleId: bus.id, driverId: driver.id },
    );
    await t.db
      .update(jobLegs)
      .set({ departureTime: departs, arrivalTime: later })
      .where(eq(jobLegs.jobId, job.id));
    // Another driver departing in an hour is not late yet.
    const onTime = await createDriver(t.db);
    const other = await createJob(
      t.db,
      { serviceDate: today, status: 'assigned' },
      { vehicleId: (await createVehicle(t.db)).id, driverId: onTime.id },
    );
    await t.db
      .update(jobLegs)
      .set({ departureTime: later, arrivalTime: later })
      .where(eq(jobLegs.jobId, other.id));

    await checkClockIns(t.db, TZ, now);
    await checkClockIns(t.db, TZ, now);
    const late = (await list()).items.filter((i) => i.kind === 'late_clock_in');
    expect(late.filter((i) => i.title === 'Lou Late has not clocked in')).toHaveLength(1);
    expect(late.find((i) => i.title === 'Lou Late has not clocked in')?.detail).toBe(
      `First departure ${departs}: ${job.jobNumber} Early run`,
    );
    expect(late.some((i) => i.title.startsWith(`${onTime.firstName}`))).toBe(false);
    // Not serious: no mail for it.
    expect(late[0]?.serious).toBe(false);

    // Clocked in: the item settles by itself.
    await createShift(t.db, driver.id);
    await t.db.update(shifts).set({ shiftDate: today }).where(eq(shifts.driverId, driver.id));
    await checkClockIns(t.db, TZ, now);
    expect((await list()).items.some((i) => i.title === 'Lou Late has not clocked in')).toBe(false);
  });
});

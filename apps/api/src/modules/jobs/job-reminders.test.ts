import { addDays, dateInZone } from '@dms/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPreferences, emailNotifications, jobs } from '../../db/schema';
import { createDriver, createJob, createVehicle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendDueReminders } from './job-reminders.service';

let t: TestApp;
const TZ = 'Australia/Sydney';

beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

const deps = () => ({
  db: t.db,
  mailer: t.app.mailer,
  publicUrl: 'http://localhost:5000',
  timeZone: TZ,
  log: t.app.log,
});

/** A confirmed job departing at 08:30 Sydney time on `date`, with the driver on it. */
async function jobFor(driverId: string, date: string, status: 'confirmed' | 'draft' = 'confirmed') {
  const bus = await createVehicle(t.db);
  return createJob(
    t.db,
    { serviceDate: date, status, title: `Reminder ${date}` },
    { vehicleId: bus.id, driverId },
  );
}

/** 08:30 in Sydney on `date`, as an instant. */
function departure(date: string): Date {
  // Find the UTC instant whose Sydney wall time is 08:30 on that date.
  const guess = new Date(`${date}T08:30:00Z`);
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(guess);
  const shown = new Date(`${wall.replace(', ', 'T')}:00Z`);
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime()));
}

async function reminderRows(jobId: string, userId: string) {
  return t.db
    .select({ status: emailNotifications.status })
    .from(emailNotifications)
    .where(
      and(
        eq(emailNotifications.jobId, jobId),
        eq(emailNotifications.userId, userId),
        eq(emailNotifications.emailType, 'reminder'),
      ),
    );
}

describe('reminders', () => {
  it("go reminderHours before the first departure, once, honouring the driver's choice", async () => {
    const date = addDays(dateInZone(new Date(), TZ), 3);
    const departs = departure(date);
    const early = await createDriver(t.db);
    await t.db.insert(driverPreferences).values({ userId: early.id, reminderHours: 48 });
    const usual = await createDriver(t.db);
    const quiet = await createDriver(t.db);
    await t.db.insert(driverPreferences).values({ userId: quiet.id, emailReminders: 0 });
    const earlyJob = await jobFor(early.id, date);
    const usualJob = await jobFor(usual.id, date);
    const quietJob = await jobFor(quiet.id, date);
    const draft = await jobFor(usual.id, date, 'draft');

    // 30 hours before: only the driver who asked for 48 hours.
    await sendDueReminders(deps(), new Date(departs.getTime() - 30 * 3_600_000));
    await t.smtp.waitFor(early.email);
    await expect.poll(() => reminderRows(earlyJob.id, early.id)).toEqual([{ status: 'sent' }]);
    expect(await reminderRows(usualJob.id, usual.id)).toEqual([]);

    // 23 hours before: the 24-hour driver, and the quiet one is skipped; nobody twice; no draft.
    await sendDueReminders(deps(), new Date(departs.getTime() - 23 * 3_600_000));
    await sendDueReminders(deps(), new Date(departs.getTime() - 22 * 3_600_000));
    await expect.poll(() => reminderRows(usualJob.id, usual.id)).toEqual([{ status: 'sent' }]);
    expect(await reminderRows(quietJob.id, quiet.id)).toEqual([{ status: 'skipped' }]);
    expect(await reminderRows(earlyJob.id, early.id)).toHaveLength(1);
    expect(await reminderRows(draft.id, usual.id)).toEqual([]);
    expect(t.smtp.to(usual.email).map((m) => m.subject)).toEqual([
      `Reminder: ${usualJob.jobNumber} Reminder ${date}`,
    ]);
    expect(t.smtp.to(quiet.email)).toHaveLength(0);

    // After departure: nothing more.
    await t.db.update(jobs).set({ status: 'confirmed' }).where(eq(jobs.id, draft.id));
    await sendDueReminders(deps(), new Date(departs.getTime() + 60_000));
    expect(await reminderRows(draft.id, usual.id)).toEqual([]);
  });
});

import type { Job } from '@dms/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverChangeNotices, emailNotifications, jobOffers, jobVehicles } from '../../db/schema';
import { createDriver, createJob, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { sendDueChangeMails } from './driver-change-notices.service';

// Driver change mails (issue 29, ADR 28): only the drivers whose own work changed, what changed,
// once per window, and nothing for an undo within it. Sent through the queue to a real SMTP server.

let t: RoleTestApp;
beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
});
afterAll(() => t.close());

const WINDOW_MS = 5 * 60_000;
const deps = () => ({
  db: t.db,
  mailer: t.app.mailer,
  publicUrl: 'http://localhost:5000',
  timeZone: 'Australia/Sydney',
  log: t.app.log,
});
/** Runs the queue's task as it would run once the window has closed. */
const afterWindow = () => sendDueChangeMails(deps(), new Date(Date.now() + WINDOW_MS + 1000));

async function slotsOf(jobId: string) {
  const rows = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, jobId));
  return rows;
}

const move = (
  jobId: string,
  slotId: string,
  body: {
    vehicleId: string | null;
    driverId: string | null;
    was: { vehicleId: string | null; driverId: string | null };
  },
) => t.asManager('PATCH', `/api/jobs/${jobId}/slots/${slotId}`, body);

async function updateRows(jobId: string, userId: string) {
  return t.db
    .select({ emailType: emailNotifications.emailType, status: emailNotifications.status })
    .from(emailNotifications)
    .where(and(eq(emailNotifications.jobId, jobId), eq(emailNotifications.userId, userId)));
}

/** An assigned job on `date` with two slots: each its own vehicle and driver. */
async function twoDriverJob(date: string) {
  const [busA, busB, busC] = [
    await createVehicle(t.db, { nickname: null, registrationNumber: `A-${date}` }),
    await createVehicle(t.db, { nickname: null, registrationNumber: `B-${date}` }),
    await createVehicle(t.db, { nickname: null, registrationNumber: `C-${date}` }),
  ];
  const [ann, bob] = [await createDriver(t.db), await createDriver(t.db)];
  const job = await createJob(
    t.db,
    { serviceDate: date, status: 'assigned', title: 'Change mails' },
    { vehicleId: busA.id, driverId: ann.id },
  );
  await t.db.insert(jobVehicles).values({ jobId: job.id, vehicleId: busB.id, driverId: bob.id });
  // Both accepted long ago: a save offers the job to nobody.
  await t.db.insert(jobOffers).values([
    { jobId: job.id, driverId: ann.id, status: 'accepted' },
    { jobId: job.id, driverId: bob.id, status: 'accepted' },
  ]);
  const slots = await slotsOf(job.id);
  const annSlot = slots.find((s) => s.driverId === ann.id)!;
  const bobSlot = slots.find((s) => s.driverId === bob.id)!;
  return { job, busA, busB, busC, ann, bob, annSlot, bobSlot };
}

describe('driver change mails', () => {
  it('send nothing for moves undone within the window, to anybody', async () => {
    const { job, busA, busC, ann, bob, annSlot } = await twoDriverJob('2027-05-03');
    for (let i = 0; i < 2; i++) {
      expectJson(
        await move(job.id, annSlot.id, {
          vehicleId: busC.id,
          driverId: ann.id,
          was: { vehicleId: busA.id, driverId: ann.id },
        }),
        200,
      );
      expectJson(
        await move(job.id, annSlot.id, {
          vehicleId: busA.id,
          driverId: ann.id,
          was: { vehicleId: busC.id, driverId: ann.id },
        }),
        200,
      );
    }
    // Bob's slot never changed: no window was even opened for him.
    const open = await t.db.select().from(driverChangeNotices).where(eq(driverChangeNotices.jobId, job.id));
    expect(open.map((n) => n.driverId)).toEqual([ann.id]);

    expect(await afterWindow()).toBe(0);
    expect(
      await t.db.select().from(driverChangeNotices).where(eq(driverChangeNotices.jobId, job.id)),
    ).toEqual([]);
    expect(await updateRows(job.id, ann.id)).toEqual([]);
    expect(await updateRows(job.id, bob.id)).toEqual([]);
    expect(t.smtp.to(ann.email)).toHaveLength(0);
  });

  it('wait for the window, then mail each changed driver once, saying what changed', async () => {
    const { job, busA, busB, busC, ann, bob, annSlot } = await twoDriverJob('2027-05-04');
    expectJson(
      await move(job.id, annSlot.id, {
        vehicleId: busC.id,
        driverId: ann.id,
        was: { vehicleId: busA.id, driverId: ann.id },
      }),
      200,
    );
    // Before the window closes, nothing goes.
    expect(await sendDueChangeMails(deps(), new Date())).toBe(0);

    // A job form save in the same window: the first departure moves (both drivers' time).
    const saved = expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);
    expectJson(
      await t.asManager('PUT', `/api/jobs/${job.id}`, {
        title: saved.title,
        status: saved.status,
        serviceDate: saved.serviceDate,
        version: saved.version,
        legs: [
          {
            originAddress: 'Central Station, Sydney',
            destinationAddress: 'Taronga Zoo, Mosman',
            departureTime: '09:00',
            arrivalTime: '09:45',
          },
        ],
        vehicles: saved.vehicles.map((s) => ({ id: s.id, vehicleId: s.vehicleId, driverId: s.driverId })),
      }),
      200,
    );
    expect(await afterWindow()).toBe(2);
    await t.smtp.waitFor(ann.email);
    await t.smtp.waitFor(bob.email);
    const annMail = t.smtp.last(ann.email);
    expect(annMail.subject).toBe(`Job updated: ${job.jobNumber} Change mails`);
    expect(annMail.text).toContain('Your work on this job has changed:');
    expect(annMail.text).toContain(`Vehicle: ${busA.registrationNumber} → ${busC.registrationNumber}`);
    expect(annMail.text).toContain('Start: 08:30 → 09:00');
    expect(annMail.text).toContain('Finish: 09:15 → 09:45');
    const bobMail = t.smtp.last(bob.email);
    expect(bobMail.text).toContain('Start: 08:30 → 09:00');
    expect(bobMail.text).not.toContain('Vehicle:');
    expect(bobMail.text).not.toContain(busB.registrationNumber ?? '-');
    await expect.poll(() => updateRows(job.id, ann.id)).toEqual([{ emailType: 'update', status: 'sent' }]);
    // Once: a second run finds nothing.
    expect(await afterWindow()).toBe(0);
    expect(t.smtp.to(ann.email)).toHaveLength(1);
  });

  it('tell a driver taken off the job, and nobody of a change that is not their work', async () => {
    const { job, busB, ann, bob, bobSlot } = await twoDriverJob('2027-05-05');
    expectJson(
      await move(job.id, bobSlot.id, {
        vehicleId: busB.id,
        driverId: null,
        was: { vehicleId: busB.id, driverId: bob.id },
      }),
      200,
    );
    // The title and the driver notes are not a driver's work: no window for Ann.
    const saved = expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);
    expectJson(
      await t.asManager('PUT', `/api/jobs/${job.id}`, {
        title: 'A new title',
        notesDriver: '<p>Bring a jacket</p>',
        status: saved.status,
        serviceDate: saved.serviceDate,
        version: saved.version,
        legs: saved.legs.map(({ id: _id, legNumber: _n, ...leg }) => leg),
        vehicles: saved.vehicles.map((s) => ({ id: s.id, vehicleId: s.vehicleId, driverId: s.driverId })),
      }),
      200,
    );
    expect(await afterWindow()).toBe(1);
    await t.smtp.waitFor(bob.email);
    expect(t.smtp.last(bob.email).text).toContain('You are no longer on this job.');
    expect(await updateRows(job.id, ann.id)).toEqual([]);
  });

  it('mail a cancellation once the window closes, and nothing for drafts', async () => {
    const { job, ann } = await twoDriverJob('2027-05-06');
    expectJson(await t.asManager('PATCH', `/api/jobs/${job.id}/status`, { status: 'cancelled' }), 200);
    expect(await afterWindow()).toBe(2);
    await t.smtp.waitFor(ann.email);
    expect(t.smtp.last(ann.email).subject).toBe(`Job cancelled: ${job.jobNumber} Change mails`);

    const bus = await createVehicle(t.db);
    const other = await createVehicle(t.db);
    const carol = await createDriver(t.db);
    const draft = await createJob(
      t.db,
      { serviceDate: '2027-05-06', status: 'draft' },
      { vehicleId: bus.id, driverId: carol.id },
    );
    const [slot] = await slotsOf(draft.id);
    expectJson(
      await move(draft.id, slot!.id, {
        vehicleId: other.id,
        driverId: carol.id,
        was: { vehicleId: bus.id, driverId: carol.id },
      }),
      200,
    );
    expect(
      await t.db.select().from(driverChangeNotices).where(eq(driverChangeNotices.jobId, draft.id)),
    ).toEqual([]);
  });
});

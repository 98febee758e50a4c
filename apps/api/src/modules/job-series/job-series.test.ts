import {
  addDays,
  dateInZone,
  type Job,
  type JobSeriesDetail,
  jobInputFrom,
  SERIES_CHECKS_MESSAGE,
  SERIES_DATE_TAKEN,
} from '@dms/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceOverrides,
  emailNotifications,
  jobOffers,
  jobs,
  jobVehicles,
  vehicleCategoriesNew,
} from '../../db/schema';
import { createCategory, createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { notifyAboutJob } from '../notifications';
import { extendSeries } from './index';

// Recurring jobs (issue 27, ADR 36): a series' dates after its exclusions, its occurrences up to the
// horizon and their daily extension, and the allocation checks run for every date.

let t: RoleTestApp;
const TZ = 'Australia/Sydney';
const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';

const job = (extra: object = {}) => ({
  title: 'School run',
  legs: [
    { originAddress: 'Depot', destinationAddress: 'School', departureTime: '07:30', arrivalTime: '08:30' },
  ],
  basePrice: 300,
  ...extra,
});

const setHorizon = async (horizonWeeks: number) =>
  expectJson(
    await t.asManager('PUT', '/api/settings/recurring-jobs', { horizonWeeks, holidaysRegion: 'AU-NSW' }),
    200,
  );

/** An HR licence, and a medical current until `medicalExpiry`. */
const qualify = async (driverId: string, medicalExpiry = '2040-01-01') =>
  expectJson(
    await t.asManager('PUT', `/api/drivers/${driverId}/compliance`, {
      licenceClass: 'HR',
      licenceExpiry: '2040-01-01',
      medicalExpiry,
    }),
    200,
  );

/** The compliance overrides recorded on these jobs. */
const overridesOf = (jobIds: string[]) =>
  t.db.select().from(complianceOverrides).where(inArray(complianceOverrides.jobId, jobIds));

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

describe('creating a series', () => {
  it('expands across the operator’s daylight-saving changes without moving or dropping a date', async () => {
    // Sydney's clocks go back on Sunday 5 April 2026 and forward on Sunday 4 October 2026.
    const preview = async (start: string, until: string) =>
      expectJson<{ dates: string[] }>(
        await t.asManager('POST', '/api/job-series/preview', {
          recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA,SU,MO', start, until },
          exclude: { holidaysRegion: null },
        }),
        200,
      ).dates;
    expect(await preview('2026-04-04', '2026-04-06')).toEqual(['2026-04-04', '2026-04-05', '2026-04-06']);
    expect(await preview('2026-10-03', '2026-10-05')).toEqual(['2026-10-03', '2026-10-04', '2026-10-05']);
  });

  it('leaves out listed dates, the region’s public holidays and days out of term, and creates every date with no horizon', async () => {
    await setHorizon(0);
    const term = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/settings/school-terms', {
        year: 2027,
        name: 'Term 1',
        startDate: '2027-01-25',
        endDate: '2027-02-12',
      }),
      201,
    );
    const created = await t.asManager('POST', '/api/job-series', {
      job: job(),
      recurrence: { rrule: WEEKDAYS, start: '2027-01-18', until: '2027-02-19' },
      exclude: { dates: ['2027-02-03'], holidaysRegion: 'AU-NSW', schoolTerms: 'in' },
    });
    const body = expectJson<{ series: { id: string }; jobs: { serviceDate: string; jobNumber: string }[] }>(
      created,
      201,
    );
    // Term 1: 15 weekdays, less Australia Day (Tuesday 26 January) and the listed 3 February.
    expect(body.jobs).toHaveLength(13);
    const dates = body.jobs.map((j) => j.serviceDate);
    expect(dates[0]).toBe('2027-01-25');
    expect(dates).not.toContain('2027-01-26');
    expect(dates).not.toContain('2027-02-03');
    expect(dates.at(-1)).toBe('2027-02-12');
    expect(new Set(body.jobs.map((j) => j.jobNumber)).size).toBe(13);

    const detail = expectJson<JobSeriesDetail>(
      await t.asManager('GET', `/api/job-series/${body.series.id}`),
      200,
    );
    expect(detail.dates.map((d) => d.date)).toEqual(dates);
    expect(detail.dates.every((d) => d.jobId)).toBe(true);

    // The job list filters by series and each row names its series.
    const list = expectJson<{ total: number; items: { seriesId: string }[] }>(
      await t.asManager('GET', `/api/jobs?seriesId=${body.series.id}&limit=50`),
      200,
    );
    expect(list.total).toBe(13);
    expect(list.items.every((i) => i.seriesId === body.series.id)).toBe(true);
    expectJson(await t.asManager('DELETE', `/api/settings/school-terms/${term.id}`), 200);
  });

  it('creates only the dates within the horizon; the daily extension adds those that enter it, once', async () => {
    await setHorizon(2);
    const today = dateInZone(new Date(), TZ);
    const created = expectJson<{ series: { id: string }; jobs: { serviceDate: string }[] }>(
      await t.asManager('POST', '/api/job-series', {
        job: job({ title: 'Staff shuttle' }),
        recurrence: { rrule: 'FREQ=DAILY', start: today, count: 30 },
        exclude: { holidaysRegion: null },
      }),
      201,
    );
    const horizon = addDays(today, 14);
    expect(created.jobs).toHaveLength(15);
    expect(created.jobs.every((j) => j.serviceDate <= horizon)).toBe(true);
    const before = expectJson<JobSeriesDetail>(
      await t.asManager('GET', `/api/job-series/${created.series.id}`),
      200,
    );
    expect(before.dates).toHaveLength(30);
    expect(before.dates.filter((d) => d.jobId)).toHaveLength(15);

    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await extendSeries(t.db, TZ, undefined, inAWeek);
    await extendSeries(t.db, TZ, undefined, inAWeek);
    const after = expectJson<JobSeriesDetail>(
      await t.asManager('GET', `/api/job-series/${created.series.id}`),
      200,
    );
    expect(after.jobs).toHaveLength(22);
    expect(after.dates.filter((d) => d.jobId)).toHaveLength(22);

    // Ending it cancels the occurrences after today that have not started.
    const ended = expectJson<{ cancelled: number }>(
      await t.asManager('POST', `/api/job-series/${created.series.id}/end`),
      200,
    );
    expect(ended.cancelled).toBe(21);
    const statuses = await t.db
      .select({ status: jobs.status, date: jobs.serviceDate })
      .from(jobs)
      .where(eq(jobs.seriesId, created.series.id));
    expect(statuses.find((s) => s.date === today)?.status).toBe('draft');
    await extendSeries(t.db, TZ, undefined, new Date(Date.now() + 30 * 86_400_000));
    expect(await t.db.$count(jobs, eq(jobs.seriesId, created.series.id))).toBe(22);
  });

  it('refuses a rule without an end, a bad rule, and drivers', async () => {
    const noEnd = await t.asManager('POST', '/api/job-series', {
      job: job(),
      recurrence: { rrule: WEEKDAYS, start: '2027-03-01' },
    });
    expect(noEnd.statusCode).toBe(400);
    const bad = await t.asManager('POST', '/api/job-series', {
      job: job(),
      recurrence: { rrule: 'FREQ=MINUTELY', start: '2027-03-01', count: 3 },
    });
    expect(bad.statusCode).toBe(400);
    const driver = await t.asDriver('POST', '/api/job-series', {
      job: job(),
      recurrence: { rrule: WEEKDAYS, start: '2027-03-01', count: 3 },
    });
    expect(driver.statusCode).toBe(403);
  });
});

describe('checks for every date', () => {
  it('lists each date a check refuses; leaves those slots open, or records the one reason for each date', async () => {
    await setHorizon(0);
    const coach = await createCategory(t.db, 'Series Coach');
    await t.db
      .update(vehicleCategoriesNew)
      .set({ requiredLicenceClass: 'HR' })
      .where(eq(vehicleCategoriesNew.id, coach.id));
    const vehicle = await createVehicle(t.db, { categoryId: coach.id });
    expectJson(await t.asManager('PUT', `/api/vehicles/${vehicle.id}/compliance`, {}), 200);
    const driver = await createDriver(t.db, { firstName: 'Sam', lastName: 'Series' });
    // The medical lapses mid-series: the last two dates fail.
    await qualify(driver.id, '2031-05-07');
    const body = (extra: object) => ({
      job: job({ title: 'Checked run', vehicles: [{ vehicleId: vehicle.id, driverId: driver.id }] }),
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', start: '2031-05-05', count: 5 },
      exclude: { holidaysRegion: null },
      ...extra,
    });
    const before = await t.db.$count(jobs);
    const refused = await t.asManager('POST', '/api/job-series', body({}));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SERIES_CHECKS_MESSAGE);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '2031-05-09',
      '2031-05-12',
      '2031-05-14',
    ]);
    expect(refused.json().errors[0].message).toContain('Medical');
    expect(await t.db.$count(jobs)).toBe(before);

    const open = expectJson<{ jobs: { id: string; serviceDate: string }[] }>(
      await t.asManager('POST', '/api/job-series', body({ leaveFailingOpen: true })),
      201,
    );
    const slots = await t.db
      .select({ jobId: jobVehicles.jobId, driverId: jobVehicles.driverId })
      .from(jobVehicles)
      .where(
        inArray(
          jobVehicles.jobId,
          open.jobs.map((j) => j.id),
        ),
      );
    const driverOn = new Map(slots.map((s) => [s.jobId, s.driverId]));
    expect(open.jobs.map((j) => (driverOn.get(j.id) ? j.serviceDate : null)).filter(Boolean)).toEqual([
      '2031-05-05',
      '2031-05-07',
    ]);
    // Those first dates are now this driver's: the override series below is in another week.

    const overridden = expectJson<{ jobs: { id: string }[] }>(
      await t.asManager(
        'POST',
        '/api/job-series',
        body({
          recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH', start: '2031-05-13', count: 2 },
          overrideReason: 'Medical booked, letter on file',
        }),
      ),
      201,
    );
    const recorded = await overridesOf(overridden.jobs.map((j) => j.id));
    expect(recorded.map((o) => o.checkedFor).sort()).toEqual(['2031-05-13', '2031-05-15']);
    expect(recorded.every((o) => o.reason === 'Medical booked, letter on file')).toBe(true);
  });
});

describe('editing an occurrence', () => {
  it('"this and following" changes later occurrences not started and splits the series; "this" changes one; started ones never change', async () => {
    await setHorizon(0);
    const created = expectJson<{ series: { id: string }; jobs: { id: string; serviceDate: string }[] }>(
      await t.asManager('POST', '/api/job-series', {
        job: job({ title: 'Before' }),
        recurrence: { rrule: 'FREQ=DAILY', start: '2032-03-01', count: 6 },
        exclude: { holidaysRegion: null },
      }),
      201,
    );
    const ids = created.jobs.map((j) => j.id);
    const read = async (id: string) => expectJson<Job>(await t.asManager('GET', `/api/jobs/${id}`), 200);
    // The fifth has been completed: it is history, whatever the series says now.
    await t.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, ids[4]!));
    // Cancelling one day leaves the series as it was.
    expectJson(await t.asManager('PATCH', `/api/jobs/${ids[5]}/status`, { status: 'cancelled' }), 200);

    const third = await read(ids[2]!);
    const saved = expectJson<Job>(
      await t.asManager('PUT', `/api/jobs/${third.id}?scope=following`, {
        ...jobInputFrom(third),
        version: third.version,
        title: 'After',
      }),
      200,
    );
    expect(saved.title).toBe('After');
    const titles = await Promise.all(ids.map(async (id) => (await read(id)).title));
    expect(titles).toEqual(['Before', 'Before', 'After', 'After', 'Before', 'Before']);

    const old = expectJson<JobSeriesDetail>(
      await t.asManager('GET', `/api/job-series/${created.series.id}`),
      200,
    );
    expect(old.untilDate).toBe('2032-03-02');
    expect(old.dates.map((d) => d.date)).toEqual(['2032-03-01', '2032-03-02']);
    const newId = (await read(ids[2]!)).seriesId!;
    expect(newId).not.toBe(created.series.id);
    const next = expectJson<JobSeriesDetail>(await t.asManager('GET', `/api/job-series/${newId}`), 200);
    expect(next.previousSeriesId).toBe(created.series.id);
    expect(next.dates.map((d) => d.jobId)).toEqual(ids.slice(2));

    const fourth = await read(ids[3]!);
    expectJson(
      await t.asManager('PUT', `/api/jobs/${fourth.id}?scope=this`, {
        ...jobInputFrom(fourth),
        version: fourth.version,
        title: 'Only this',
      }),
      200,
    );
    expect((await read(ids[2]!)).title).toBe('After');
    expect((await read(ids[3]!)).title).toBe('Only this');

    // Moving an occurrence onto its sibling's date is refused, not a database error.
    const moved = await t.asManager('PUT', `/api/jobs/${fourth.id}`, {
      ...jobInputFrom(await read(ids[3]!)),
      version: (await read(ids[3]!)).version,
      serviceDate: '2032-03-03',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(SERIES_DATE_TAKEN);
  });
});

describe('"this and following" with a driver', () => {
  it('names each later date the checks refuse, changes nothing, and saves every date with the reason', async () => {
    await setHorizon(0);
    const vehicle = await createVehicle(t.db, {});
    const driver = await createDriver(t.db, { firstName: 'Fay', lastName: 'Following' });
    // The medical lapses after the second date: dates three and four fail.
    await qualify(driver.id, '2033-09-08');
    const created = expectJson<{ jobs: { id: string }[] }>(
      await t.asManager('POST', '/api/job-series', {
        job: job({ title: 'Unstaffed', vehicles: [{ vehicleId: vehicle.id }] }),
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', start: '2033-09-05', count: 4 },
        exclude: { holidaysRegion: null },
      }),
      201,
    );
    const first = expectJson<Job>(await t.asManager('GET', `/api/jobs/${created.jobs[0]!.id}`), 200);
    const input = jobInputFrom(first);
    const edit = (extra: object) =>
      t.asManager('PUT', `/api/jobs/${first.id}?scope=following`, {
        ...input,
        version: first.version,
        vehicles: input.vehicles?.map((s) => ({ ...s, driverId: driver.id })),
        ...extra,
      });
    const refused = await edit({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SERIES_CHECKS_MESSAGE);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['2033-09-12', '2033-09-14']);
    expect(refused.json().errors[0].message).toContain('Medical');
    const ids = created.jobs.map((j) => j.id);
    const driversOn = async () =>
      (await t.db.select().from(jobVehicles).where(inArray(jobVehicles.jobId, ids))).map((s) => s.driverId);
    expect((await driversOn()).every((d) => d === null)).toBe(true);

    expectJson(await edit({ complianceOverrideReason: 'Medical renewal booked for the 10th' }), 200);
    expect((await driversOn()).every((d) => d === driver.id)).toBe(true);
    const recorded = await overridesOf(ids);
    expect(recorded.map((o) => o.checkedFor).sort()).toEqual(['2033-09-12', '2033-09-14']);
  });
});

describe('hours across the dates of one series', () => {
  it('checks each date against the others: a daily run leaves no 24 h rest in 7 days, a weekday run does', async () => {
    await setHorizon(0);
    const vehicle = await createVehicle(t.db, {});
    const driver = await createDriver(t.db, { firstName: 'Ada', lastName: 'Daily' });
    await qualify(driver.id);
    const body = (rrule: string, start: string) => ({
      job: job({
        title: 'Two-hour run',
        legs: [
          {
            originAddress: 'Depot',
            destinationAddress: 'Mine',
            departureTime: '07:00',
            arrivalTime: '09:00',
          },
        ],
        vehicles: [{ vehicleId: vehicle.id, driverId: driver.id }],
      }),
      recurrence: { rrule, start, count: 14 },
      exclude: { holidaysRegion: null },
    });
    // No single day breaks anything: two hours' work. Only the dates together leave no day off.
    const daily = await t.asManager('POST', '/api/job-series', body('FREQ=DAILY', '2032-06-07'));
    expect(daily.statusCode).toBe(409);
    const failing = daily.json().errors as { path: string; message: string }[];
    expect(failing).toHaveLength(14);
    expect(failing.every((e) => e.message.includes('no stationary rest in 7 days'))).toBe(true);

    const weekdays = await t.asManager('POST', '/api/job-series', body(WEEKDAYS, '2032-08-02'));
    expect(weekdays.statusCode).toBe(201);
  });
});

describe('offers of a series', () => {
  it('offers a driver the series with one mail, and one answer accepts every open offer of it', async () => {
    await setHorizon(0);
    const vehicle = await createVehicle(t.db, {});
    const driverId = t.driver.user.id;
    await qualify(driverId);
    const created = expectJson<{ jobs: { id: string }[] }>(
      await t.asManager('POST', '/api/job-series', {
        job: job({
          title: 'Offered run',
          status: 'confirmed',
          vehicles: [{ vehicleId: vehicle.id, driverId }],
        }),
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO', start: '2033-05-02', count: 3 },
        exclude: { holidaysRegion: null },
        overrideReason: 'Checked by the office',
      }),
      201,
    );
    const ids = created.jobs.map((j) => j.id);
    const offers = await t.db.select().from(jobOffers).where(inArray(jobOffers.jobId, ids));
    expect(offers.map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);
    const mails = await t.db.select().from(emailNotifications).where(inArray(emailNotifications.jobId, ids));
    expect(mails.length).toBeLessThanOrEqual(1);

    expectJson(
      await t.asDriver('PATCH', `/api/job-offers/${offers[1]!.id}`, { status: 'accepted', series: true }),
      200,
    );
    const after = await t.db.select().from(jobOffers).where(inArray(jobOffers.jobId, ids));
    expect(after.map((o) => o.status)).toEqual(['accepted', 'accepted', 'accepted']);
    const statuses = await t.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(statuses.every((s) => s.status === 'assigned')).toBe(true);
    // My Jobs shows the occurrences as ordinary jobs.
    const mine = expectJson<{ items: { id: string }[] }>(await t.asDriver('GET', '/api/jobs?limit=50'), 200);
    expect(ids.every((id) => mine.items.some((i) => i.id === id))).toBe(true);
  });
});

describe('a driver’s answer to a series stands for the occurrences created later', () => {
  const offerMail = (
    tx: Parameters<typeof notifyAboutJob>[0]['db'],
    job: Job,
    driverId: string,
    expiresAt: Date,
  ) =>
    notifyAboutJob(
      { db: tx, mailer: t.app.mailer, publicUrl: t.app.config.publicUrl, timeZone: TZ, log: t.app.log },
      job,
      [driverId],
      { type: 'offer', expiresAt },
    );

  /** A weekly series of a published job with the test driver on it, two weeks created. */
  async function seriesWithDriver(title: string) {
    await setHorizon(2);
    const vehicle = await createVehicle(t.db, {});
    const today = dateInZone(new Date(), TZ);
    const created = expectJson<{ series: { id: string }; jobs: { id: string }[] }>(
      await t.asManager('POST', '/api/job-series', {
        job: job({
          title,
          status: 'confirmed',
          vehicles: [{ vehicleId: vehicle.id, driverId: t.driver.user.id }],
        }),
        recurrence: { rrule: 'FREQ=DAILY', start: addDays(today, 1), count: 30 },
        exclude: { holidaysRegion: null },
        overrideReason: 'Checked by the office',
      }),
      201,
    );
    const offers = await t.db
      .select()
      .from(jobOffers)
      .where(
        inArray(
          jobOffers.jobId,
          created.jobs.map((j) => j.id),
        ),
      );
    return { seriesId: created.series.id, firstJobs: created.jobs.map((j) => j.id), offers };
  }

  const extendBy = (days: number) =>
    extendSeries(t.db, TZ, undefined, new Date(Date.now() + days * 86_400_000), offerMail);

  async function laterOccurrences(seriesId: string, firstJobs: string[]) {
    const rows = await t.db
      .select({ id: jobs.id, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.seriesId, seriesId));
    const later = rows.filter((r) => !firstJobs.includes(r.id));
    const ids = later.map((r) => r.id);
    const offers = ids.length ? await t.db.select().from(jobOffers).where(inArray(jobOffers.jobId, ids)) : [];
    const slots = ids.length
      ? await t.db.select().from(jobVehicles).where(inArray(jobVehicles.jobId, ids))
      : [];
    const mails = ids.length
      ? await t.db.select().from(emailNotifications).where(inArray(emailNotifications.jobId, ids))
      : [];
    return { later, offers, slots, mails };
  }

  it('puts a driver who accepted the series on the new dates, accepted, without asking again', async () => {
    await qualify(t.driver.user.id);
    const { seriesId, firstJobs, offers } = await seriesWithDriver('Accepted shuttle');
    expectJson(
      await t.asDriver('PATCH', `/api/job-offers/${offers[0]!.id}`, { status: 'accepted', series: true }),
      200,
    );
    expect(await extendBy(7)).toBeGreaterThan(0);
    const { later, offers: laterOffers, mails } = await laterOccurrences(seriesId, firstJobs);
    expect(later.length).toBe(7);
    expect(laterOffers).toHaveLength(7);
    expect(laterOffers.every((o) => o.status === 'accepted' && o.driverId === t.driver.user.id)).toBe(true);
    expect(later.every((j) => j.status === 'assigned')).toBe(true);
    expect(mails).toHaveLength(0);
    await t.asManager('POST', `/api/job-series/${seriesId}/end`);
  });

  it('leaves a driver who declined the series, or let it lapse, off the new dates', async () => {
    const declined = await seriesWithDriver('Declined shuttle');
    expectJson(
      await t.asDriver('PATCH', `/api/job-offers/${declined.offers[0]!.id}`, {
        status: 'rejected',
        series: true,
      }),
      200,
    );
    await extendBy(7);
    const after = await laterOccurrences(declined.seriesId, declined.firstJobs);
    expect(after.later.length).toBe(7);
    expect(after.offers).toHaveLength(0);
    expect(after.slots.every((s) => s.driverId === null)).toBe(true);
    await t.asManager('POST', `/api/job-series/${declined.seriesId}/end`);

    // A week on, offers made today have run out (48 hours) unanswered: the office heard then.
    const lapsed = await seriesWithDriver('Lapsed shuttle');
    await extendBy(7);
    const unanswered = await laterOccurrences(lapsed.seriesId, lapsed.firstJobs);
    expect(unanswered.later.length).toBe(7);
    expect(unanswered.offers).toHaveLength(0);
    expect(unanswered.mails).toHaveLength(0);
    await t.asManager('POST', `/api/job-series/${lapsed.seriesId}/end`);
  });

  it('offers the new dates quietly while the series waits for an answer; one date declined is not the series', async () => {
    const oneDay = await seriesWithDriver('One day declined');
    expectJson(
      await t.asDriver('PATCH', `/api/job-offers/${oneDay.offers[0]!.id}`, { status: 'rejected' }),
      200,
    );
    await extendBy(1);
    const quiet = await laterOccurrences(oneDay.seriesId, oneDay.firstJobs);
    expect(quiet.later.length).toBe(1);
    expect(quiet.offers.map((o) => o.status)).toEqual(['pending']);
    expect(quiet.mails).toHaveLength(0);
    // Answering the series now answers the new date too.
    expectJson(
      await t.asDriver('PATCH', `/api/job-offers/${oneDay.offers[1]!.id}`, {
        status: 'accepted',
        series: true,
      }),
      200,
    );
    const answered = await laterOccurrences(oneDay.seriesId, oneDay.firstJobs);
    expect(answered.offers.map((o) => o.status)).toEqual(['accepted']);
    await t.asManager('POST', `/api/job-series/${oneDay.seriesId}/end`);
  });

  it('mails a driver never offered the series once about the new dates', async () => {
    const { seriesId, firstJobs } = await seriesWithDriver('Never offered');
    // As if the office had put the driver on the series' template after its first dates were made.
    await t.db.delete(jobOffers).where(inArray(jobOffers.jobId, firstJobs));
    await extendBy(1);
    const { offers, mails } = await laterOccurrences(seriesId, firstJobs);
    expect(offers.map((o) => o.status)).toEqual(['pending']);
    expect(mails).toHaveLength(1);
    await t.asManager('POST', `/api/job-series/${seriesId}/end`);
  });
});

describe('school terms', () => {
  it('refuses a term ending before it starts and one overlapping another', async () => {
    const backwards = await t.asManager('POST', '/api/settings/school-terms', {
      year: 2028,
      name: 'Term 9',
      startDate: '2028-03-01',
      endDate: '2028-02-01',
    });
    expect(backwards.statusCode).toBe(400);
    const first = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/settings/school-terms', {
        year: 2028,
        name: 'Term 1',
        startDate: '2028-01-31',
        endDate: '2028-04-07',
      }),
      201,
    );
    const overlap = await t.asManager('POST', '/api/settings/school-terms', {
      year: 2028,
      name: 'Term 2',
      startDate: '2028-04-01',
      endDate: '2028-06-30',
    });
    expect(overlap.statusCode).toBe(409);
    expectJson(
      await t.asManager('PUT', `/api/settings/school-terms/${first.id}`, {
        year: 2028,
        name: 'Term 1',
        startDate: '2028-02-01',
        endDate: '2028-04-07',
      }),
      200,
    );
    expectJson(await t.asManager('DELETE', `/api/settings/school-terms/${first.id}`), 200);
    expect((await t.asDriver('GET', '/api/settings/school-terms')).statusCode).toBe(403);
  });
});

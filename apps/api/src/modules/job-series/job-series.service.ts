import {
  addDays,
  dateInZone,
  expandSeries,
  type Job,
  type JobInputParsed,
  JobInputSchema,
  type JobSeriesDetail,
  type JobSeriesInputParsed,
  type SchoolTerm,
  SERIES_MESSAGES,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { HoursContext } from '../driver-hours';
import { acceptPendingOffersForSeries, seriesStandings } from '../job-offers';
import {
  cancelSeriesJobs,
  createOccurrences,
  jobsOfSeries,
  type OccurrencesOutcome,
  settleStaffedStatus,
} from '../jobs';
import {
  getSeriesRow,
  getSeriesSettings,
  insertSeries,
  listSchoolTerms,
  type SeriesRow,
  seriesToExtend,
  toSeries,
  updateSeriesRow,
} from './job-series.repository';
import { publicHolidays } from './public-holidays';

export const SERIES_NOT_FOUND = 'Series not found';

/** The far end of "no horizon": every remaining occurrence is created. */
const NO_HORIZON = '9999-12-31';

type SeriesRule = Pick<
  SeriesRow,
  'rrule' | 'startDate' | 'untilDate' | 'count' | 'excludeDates' | 'holidaysRegion' | 'schoolTerms'
>;

/** Every date of a series after its exclusions (its holidays read for the years it spans). */
export function datesOf(series: SeriesRule, terms: readonly SchoolTerm[]): string[] {
  const firstYear = Number(series.startDate.slice(0, 4));
  const lastYear = series.untilDate ? Number(series.untilDate.slice(0, 4)) : firstYear + 3;
  return expandSeries({
    rule: series.rrule,
    start: series.startDate,
    until: series.untilDate,
    count: series.count,
    excludeDates: series.excludeDates,
    holidays: series.holidaysRegion ? publicHolidays(series.holidaysRegion, firstYear, lastYear) : [],
    schoolTerms: series.schoolTerms,
    terms,
  });
}

const termsFor = async (db: Db, series: SeriesRule) => (series.schoolTerms ? listSchoolTerms(db) : []);

/** The job form's body every occurrence repeats: no date, number, version or override reasons. */
function templateOf(job: JobInputParsed): Record<string, unknown> {
  const {
    serviceDate: _date,
    jobNumber: _number,
    version: _version,
    hoursOverrideReason: _hours,
    complianceOverrideReason: _compliance,
    ...template
  } = job;
  return template;
}

const jobInputOf = (series: SeriesRow): JobInputParsed => JobInputSchema.parse(series.template);

/** The last day occurrences are created up to, from today and the horizon (0 weeks: none). */
async function horizonEnd(db: Db, today: string): Promise<string> {
  const { horizonWeeks } = await getSeriesSettings(db);
  return horizonWeeks === 0 ? NO_HORIZON : addDays(today, horizonWeeks * 7);
}

export interface SeriesContext {
  userId: string | null;
  timeZone: string;
  hours?: HoursContext;
  now?: Date;
}

/** A customer typed into the form is created once, with the first occurrences; later ones name it. */
async function settleTemplate(tx: Db, series: SeriesRow, outcome: OccurrencesOutcome): Promise<void> {
  const first = outcome.jobs[0];
  if (!first || !series.template.newCustomer) return;
  const { newCustomer: _new, ...template } = series.template;
  await updateSeriesRow(tx, series.id, {
    template: { ...template, customerId: first.customerId, contactId: first.contactId },
  });
}

export async function createSeries(tx: Db, input: JobSeriesInputParsed, ctx: SeriesContext) {
  const now = ctx.now ?? new Date();
  const settings = await getSeriesSettings(tx);
  const rule: SeriesRule = {
    rrule: input.recurrence.rrule.replace(/^RRULE:/i, '').toUpperCase(),
    startDate: input.recurrence.start,
    untilDate: input.recurrence.until,
    count: input.recurrence.count,
    excludeDates: [...new Set(input.exclude.dates)].sort(),
    // Not sent: the operator's region; null: no holidays left out.
    holidaysRegion:
      input.exclude.holidaysRegion === undefined ? settings.holidaysRegion : input.exclude.holidaysRegion,
    schoolTerms: input.exclude.schoolTerms ?? null,
  };
  const dates = datesOf(rule, await termsFor(tx, rule));
  if (dates.length === 0) {
    throw new HttpError(400, SERIES_MESSAGES.noDates, [
      { path: 'recurrence', message: SERIES_MESSAGES.noDates },
    ]);
  }
  if (dates.length > 400) {
    throw new HttpError(400, SERIES_MESSAGES.tooMany, [
      { path: 'recurrence', message: SERIES_MESSAGES.tooMany },
    ]);
  }
  const end = await horizonEnd(tx, dateInZone(now, ctx.timeZone));
  const last = dates.at(-1) ?? rule.startDate;
  const row = await insertSeries(tx, {
    ...rule,
    template: templateOf(input.job),
    createdThrough: [last, end].sort()[0],
    createdBy: ctx.userId,
  });
  const outcome = await createOccurrences(
    tx,
    input.job,
    dates.filter((d) => d <= end),
    {
      seriesId: row.id,
      userId: ctx.userId,
      hours: ctx.hours,
      leaveFailingOpen: input.leaveFailingOpen,
      overrideReason: input.overrideReason,
      now,
    },
  );
  await settleTemplate(tx, row, outcome);
  return { series: toSeries(row), outcome };
}

export async function seriesDetail(db: Db, id: string): Promise<JobSeriesDetail> {
  const row = await getSeriesRow(db, id);
  if (!row) throw new HttpError(404, SERIES_NOT_FOUND);
  const dates = datesOf(row, await termsFor(db, row));
  const jobs = await jobsOfSeries(db, [id]);
  const jobOn = new Map(jobs.map((j) => [j.serviceDate, j.id]));
  return {
    ...toSeries(row),
    dates: dates.map((date) => ({ date, jobId: jobOn.get(date) ?? null })),
    jobs: jobs.map(({ seriesId: _s, ...j }) => j),
  };
}

/**
 * Ends a series: no further occurrences, and those after today that have not started are cancelled
 * (today's may already be on the road). Ending twice answers the same.
 */
export async function endSeries(tx: Db, id: string, timeZone: string, now = new Date()) {
  const row = await getSeriesRow(tx, id, true);
  if (!row) throw new HttpError(404, SERIES_NOT_FOUND);
  const today = dateInZone(now, timeZone);
  const cancelledJobIds = await cancelSeriesJobs(tx, id, addDays(today, 1));
  if (!row.endedAt) {
    const until = row.untilDate && row.untilDate < today ? row.untilDate : today;
    await updateSeriesRow(tx, id, { endedAt: now, untilDate: until, count: null });
  }
  return { series: toSeries((await getSeriesRow(tx, id))!), cancelledJobIds };
}

/** Mails a driver newly offered a series' occurrences, once, naming the first (the routes' notifier). */
export type SeriesOfferMail = (tx: Db, job: Job, driverId: string, expiresAt: Date) => Promise<void>;

/**
 * A driver's answer to a series stands for the occurrences the extension creates later: one who
 * accepted it is put on them accepted; one who declined it, or let its offers run out unanswered
 * (the office heard at the time), is left off them and the slot stays open. One with an offer of it
 * still open is offered the new dates quietly (answering the series answers them too). Only a
 * driver never offered the series is mailed, once, naming the first new date.
 */
async function offerByStandingAnswers(
  tx: Db,
  row: SeriesRow,
  input: JobInputParsed,
  create: (input: JobInputParsed) => Promise<OccurrencesOutcome>,
  now: Date,
  mail?: SeriesOfferMail,
): Promise<OccurrencesOutcome> {
  const seriesIds = row.previousSeriesId ? [row.id, row.previousSeriesId] : [row.id];
  const earlier = (await jobsOfSeries(tx, seriesIds)).map((j) => j.id);
  const drivers = [...new Set(input.vehicles.map((v) => v.driverId).filter((d): d is string => !!d))];
  const standings = await seriesStandings(tx, earlier, drivers, now);
  const leftOff = (driverId: string) => ['rejected', 'lapsed'].includes(standings.get(driverId) ?? '');
  const outcome = await create({
    ...input,
    vehicles: input.vehicles.map((v) => (v.driverId && leftOff(v.driverId) ? { ...v, driverId: null } : v)),
  });
  const byId = new Map(outcome.jobs.map((j) => [j.id, j]));
  for (const [driverId, jobIds] of outcome.offers) {
    const standing = standings.get(driverId);
    if (standing === 'accepted') {
      await acceptPendingOffersForSeries(tx, jobIds, driverId, now);
      for (const id of jobIds) await settleStaffedStatus(tx, id);
      continue;
    }
    const first = byId.get(jobIds[0] ?? '');
    if (!standing && mail && first && outcome.offerExpiresAt) {
      await mail(tx, first, driverId, outcome.offerExpiresAt);
    }
  }
  return outcome;
}

/**
 * The daily extension: each running series gets the occurrences that entered the horizon. A date
 * whose checks fail is left open (no manager is there to give a reason); a run repeated the same
 * day creates nothing (created_through, and one occurrence a series and date).
 */
export async function extendSeries(
  db: Db,
  timeZone: string,
  hours?: HoursContext,
  now = new Date(),
  mail?: SeriesOfferMail,
) {
  const end = await horizonEnd(db, dateInZone(now, timeZone));
  let created = 0;
  for (const candidate of await seriesToExtend(db, end)) {
    created += await db.transaction(async (tx) => {
      const row = await getSeriesRow(tx, candidate.id, true);
      if (!row || row.endedAt) return 0;
      const after = row.createdThrough ?? addDays(row.startDate, -1);
      const dates = datesOf(row, await termsFor(tx, row)).filter((d) => d > after && d <= end);
      const outcome = await offerByStandingAnswers(
        tx,
        row,
        jobInputOf(row),
        (input) =>
          createOccurrences(tx, input, dates, {
            seriesId: row.id,
            userId: row.createdBy,
            hours,
            leaveFailingOpen: true,
            overrideReason: null,
            now,
          }),
        now,
        mail,
      );
      await settleTemplate(tx, row, outcome);
      await updateSeriesRow(tx, row.id, { createdThrough: end < NO_HORIZON ? end : (dates.at(-1) ?? after) });
      return outcome.jobs.length;
    });
  }
  return created;
}

/**
 * "This and following" (wired into the jobs module's port): the old series ends the day before
 * `from`; a new one, linked to it, runs from `from` with the edited body and the rest of the rule.
 * A count is shared out: the new part keeps the occurrences the old one had from that date on.
 */
export async function splitSeriesAt(
  tx: Db,
  seriesId: string,
  from: string,
  template: JobInputParsed,
  userId: string | null,
): Promise<string> {
  const row = await getSeriesRow(tx, seriesId, true);
  if (!row) throw new HttpError(404, SERIES_NOT_FOUND);
  const dates = datesOf(row, await termsFor(tx, row));
  const kept = dates.filter((d) => d >= from).length;
  const next = await insertSeries(tx, {
    rrule: row.rrule,
    startDate: from,
    untilDate: row.untilDate,
    count: row.count ? kept : null,
    excludeDates: row.excludeDates.filter((d) => d >= from),
    holidaysRegion: row.holidaysRegion,
    schoolTerms: row.schoolTerms,
    template: templateOf(template),
    createdThrough: row.createdThrough,
    createdBy: userId,
    endedAt: row.endedAt,
    previousSeriesId: row.id,
  });
  await updateSeriesRow(tx, row.id, {
    untilDate: addDays(from, -1),
    count: null,
    excludeDates: row.excludeDates.filter((d) => d < from),
  });
  return next.id;
}

import { formatJobNumber, type Job, type JobInputParsed, type SeriesDateProblem } from '@dms/domain';
import type { Db } from '../../db/client';
import type { HttpError } from '../../http/errors';
import type { HoursContext } from '../driver-hours';
import { guardOccurrences, newAllocations, refusalProblems, seriesRefusal } from './allocation-guard';
import {
  insertLegsAndSlots,
  insertOccurrenceRows,
  nextJobSequences,
  openSlotsOf,
  takenJobNumbers,
} from './job-occurrences.repository';
import { settleStaffedStatus } from './job-staffing.repository';
import { getJobsByIds } from './jobs.repository';
import {
  checkedReferences,
  createCustomerFrom,
  jobValues,
  offerJobsToTheirDrivers,
  slotValues,
} from './jobs.service';

// The occurrences of a series, created as ordinary jobs in the caller's transaction (issue 27, ADR 36).

export interface OccurrenceOptions {
  seriesId: string;
  userId: string | null;
  /** With it, the hours and compliance checks run for every date (routes and the daily extension pass it). */
  hours?: HoursContext;
  /** Dates whose checks fail get their slots left open instead of refusing the whole series. */
  leaveFailingOpen: boolean;
  /** One reason for every date's refusals, recorded for each date (ADR 34). */
  overrideReason: string | null;
  now?: Date;
}

export interface OccurrencesOutcome {
  jobs: Job[];
  /** Dates whose checks refused: left open, or overridden with the reason. */
  problems: SeriesDateProblem[];
  /** The drivers offered work, each with the occurrences offered to them. */
  offers: Map<string, string[]>;
  offerExpiresAt: Date | null;
}

async function freshJobNumbers(tx: Db, n: number): Promise<string[]> {
  const numbers: string[] = [];
  // A number typed by hand may already hold a generated one: skip past it (rarely a second round).
  for (let round = 0; numbers.length < n && round < 10; round++) {
    const candidates = (await nextJobSequences(tx, n - numbers.length)).map(formatJobNumber);
    const taken = await takenJobNumbers(tx, candidates);
    numbers.push(...candidates.filter((c) => !taken.has(c)));
  }
  if (numbers.length < n) throw new Error('could not allocate job numbers');
  return numbers;
}

/**
 * Creates one job a date from the template: a constant few statements for the rows, then the
 * allocation checks of each date. A date whose check refuses is collected; with neither
 * `leaveFailingOpen` nor a reason, the whole series is refused with a 409 listing every such date.
 */
export async function createOccurrences(
  tx: Db,
  input: JobInputParsed,
  dates: readonly string[],
  options: OccurrenceOptions,
): Promise<OccurrencesOutcome> {
  const none: OccurrencesOutcome = { jobs: [], problems: [], offers: new Map(), offerExpiresAt: null };
  if (dates.length === 0) return none;
  const now = options.now ?? new Date();
  const refs = await checkedReferences(tx, input);
  const { customerId, contactId } = await createCustomerFrom(tx, input);
  const numbers = await freshJobNumbers(tx, dates.length);
  const values = jobValues(input, customerId, contactId);
  const rows = await insertOccurrenceRows(
    tx,
    dates.map((serviceDate, i) => ({
      ...values,
      serviceDate,
      jobNumber: numbers[i] ?? '',
      createdBy: options.userId,
      seriesId: options.seriesId,
    })),
  );
  if (rows.length === 0) return none;
  const ids = rows.map((r) => r.id);
  const slots = (await slotValues(tx, input, refs, new Set())).map(({ id: _id, ...s }) => s);
  await insertLegsAndSlots(tx, ids, input.legs, slots);

  let byId = await getJobsByIds(tx, ids);
  const problems: SeriesDateProblem[] = [];
  const failing: string[] = [];
  const allocated = slots.some((s) => s.driverId || s.vehicleId);
  if (options.hours && allocated) {
    const reasons = {
      ...input,
      hoursOverrideReason: options.overrideReason,
      complianceOverrideReason: options.overrideReason,
    };
    // Every date is checked at once, against the others and what the drivers already hold: one
    // load of work and records, not a few statements a date (ADR 36).
    const occurrences = ids.map((id) => byId.get(id)).filter((j): j is Job => !!j);
    const first = occurrences[0];
    const refused = first
      ? await guardOccurrences(
          tx,
          options.hours,
          occurrences,
          {
            newDriverIds: [...new Set(first.vehicles.map((s) => s.driverId).filter((d): d is string => !!d))],
            allocations: newAllocations(null, first),
          },
          reasons,
          options.userId,
          now,
        )
      : new Map<string, HttpError>();
    for (const job of occurrences) {
      const error = refused.get(job.id);
      if (!error) continue;
      problems.push({ date: job.serviceDate ?? '', problems: refusalProblems(error) });
      failing.push(job.id);
    }
    if (failing.length > 0) {
      if (!options.leaveFailingOpen) throw seriesRefusal(problems);
      await openSlotsOf(tx, failing);
      byId = await getJobsByIds(tx, ids);
    }
  }

  const offers = new Map<string, string[]>();
  let offerExpiresAt: Date | null = null;
  if (input.status !== 'draft') {
    const offered = await offerJobsToTheirDrivers.run(
      tx,
      ids.map((id) => byId.get(id)).filter((j): j is Job => !!j),
      options.userId,
      now,
    );
    offerExpiresAt = offered.byDriver.size > 0 ? offered.expiresAt : null;
    for (const [driverId, jobIds] of offered.byDriver) offers.set(driverId, jobIds);
    await settleStaffedStatus(tx, ids);
    byId = await getJobsByIds(tx, ids);
  }
  const jobs = ids.map((id) => byId.get(id)).filter((j): j is Job => !!j);
  return { jobs, problems, offers, offerExpiresAt };
}

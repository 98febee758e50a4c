import type { JobStatus } from '@dms/domain';
import { and, asc, eq, gte, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { jobLegs, jobRequirements, jobs, jobVehicles } from '../../db/schema';
import { type JobValues, type LegValues, requirementRow, type SlotValues, slotRow } from './jobs.repository';

// The occurrences of a series (issue 27, ADR 36), written a batch at a time: however many dates, a
// constant few statements (one multi-row insert per table), so a school year is not 200 round trips.

/** Statuses of an occurrence that has started or ended: "this and following" and ending leave them be. */
export const STARTED_STATUSES: readonly JobStatus[] = ['in_progress', 'completed', 'cancelled'];

/** `n` fresh job numbers' sequence values in one statement. */
export async function nextJobSequences(tx: Db, n: number): Promise<number[]> {
  const result = (await tx.execute(
    sql`select nextval('job_number_seq') as n from generate_series(1, ${n})`,
  )) as unknown as { rows: { n: string | number }[] };
  return result.rows.map((r) => Number(r.n));
}

export async function takenJobNumbers(tx: Db, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx
    .select({ n: jobs.jobNumber })
    .from(jobs)
    .where(inArray(jobs.jobNumber, [...numbers]));
  return new Set(rows.map((r) => r.n));
}

/** Inserts the rows; a date the series already has is skipped (the daily extension may run twice). */
export async function insertOccurrenceRows(
  tx: Db,
  rows: readonly (JobValues & { seriesId: string })[],
): Promise<{ id: string; serviceDate: string }[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(jobs)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: jobs.id, serviceDate: jobs.serviceDate });
  return inserted.map((r) => ({ id: r.id, serviceDate: r.serviceDate ?? '' }));
}

/** The same legs and slots on every job given, one insert per table. */
export async function insertLegsAndSlots(
  tx: Db,
  jobIds: readonly string[],
  legs: readonly LegValues[],
  slots: readonly Omit<SlotValues, 'id'>[],
): Promise<void> {
  if (jobIds.length === 0) return;
  if (legs.length > 0) {
    await tx
      .insert(jobLegs)
      .values(jobIds.flatMap((jobId) => legs.map((leg, i) => ({ ...leg, jobId, legNumber: i + 1 }))));
  }
  if (slots.length === 0) return;
  const pairs = jobIds.flatMap((jobId) => slots.map((s, i) => ({ jobId, s, position: i + 1 })));
  const requirements = await tx
    .insert(jobRequirements)
    .values(pairs.map(({ jobId, s }) => requirementRow(jobId, s)))
    .returning({ id: jobRequirements.id });
  await tx
    .insert(jobVehicles)
    .values(
      pairs.map(({ jobId, s, position }, i) => slotRow(jobId, s, requirements[i]?.id ?? null, position)),
    );
}

/** Leaves every slot of these jobs open: the dates whose checks failed and the manager chose so. */
export async function openSlotsOf(tx: Db, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx
    .update(jobVehicles)
    .set({ driverId: null, vehicleId: null })
    .where(inArray(jobVehicles.jobId, [...jobIds]));
}

export interface SeriesJobRow {
  id: string;
  jobNumber: string;
  serviceDate: string | null;
  status: JobStatus;
  seriesId: string | null;
}

const occurrenceColumns = {
  id: jobs.id,
  jobNumber: jobs.jobNumber,
  serviceDate: jobs.serviceDate,
  status: jobs.status,
  seriesId: jobs.seriesId,
};

// One series' occurrences are read on every open of its page: built and planned once.
const occurrencesOfOneSeries = preparedPerDatabase((db) =>
  db
    .select(occurrenceColumns)
    .from(jobs)
    .where(eq(jobs.seriesId, sql.placeholder('seriesId')))
    .orderBy(asc(jobs.serviceDate))
    .prepare('series_occurrences'),
);

/** The occurrences of these series, by date. */
export async function jobsOfSeries(
  db: Db,
  seriesIds: readonly string[],
  from?: string,
): Promise<SeriesJobRow[]> {
  if (seriesIds.length === 0) return [];
  if (seriesIds.length === 1 && !from) return occurrencesOfOneSeries(db).execute({ seriesId: seriesIds[0] });
  const conditions: SQL[] = [inArray(jobs.seriesId, [...seriesIds])];
  if (from) conditions.push(gte(jobs.serviceDate, from));
  return db
    .select(occurrenceColumns)
    .from(jobs)
    .where(and(...conditions))
    .orderBy(asc(jobs.serviceDate));
}

/** Cancels the occurrences on or after `from` that have not started; answers their ids. */
export async function cancelSeriesJobs(tx: Db, seriesId: string, from: string): Promise<string[]> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'cancelled', hasUpdates: 1, version: sql`${jobs.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(jobs.seriesId, seriesId),
        gte(jobs.serviceDate, from),
        notInArray(jobs.status, [...STARTED_STATUSES]),
      ),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** Moves the occurrences on or after `from` to another series (the part split off). */
export async function moveSeriesJobs(
  tx: Db,
  fromSeriesId: string,
  toSeriesId: string,
  from: string,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ seriesId: toSeriesId })
    .where(and(eq(jobs.seriesId, fromSeriesId), gte(jobs.serviceDate, from)));
}

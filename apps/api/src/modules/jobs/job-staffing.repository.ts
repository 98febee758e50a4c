import { AVAILABLE_JOBS_COUNT_AHEAD, type Job, type JobStatus } from '@dms/domain';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { boundedCountQuery, pageWithBoundedTotal } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { preparedPerShape, shapeKey } from '../../db/prepared';
import { jobs, jobVehicles } from '../../db/schema';
import { qualified } from '../../db/sql-helpers';
import { jobsByIds } from './job-documents.repository';
import { pageIdsQuery, windowValues } from './jobs.repository';

// Who drives a job: the open driver positions of staffed jobs, and the conditional updates that fill
// and free them (offers, requests, the board). Other modules reach it through the jobs front door.

export async function driverHoldsJob(db: Db, jobId: string, driverId: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobVehicles.id })
    .from(jobVehicles)
    .where(and(eq(jobVehicles.jobId, jobId), eq(jobVehicles.driverId, driverId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A published job reads Assigned once every slot's driver has accepted (an accepted offer, or an
 * approved request), and Confirmed while a slot is open or an answer is awaited (ADR 28). Run after
 * every change of staffing, in its transaction; jobs in other statuses are left as they are.
 */
export async function settleStaffedStatus(tx: Db, jobIds: string | readonly string[]): Promise<void> {
  const ids = typeof jobIds === 'string' ? [jobIds] : [...jobIds];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update jobs j set status = case
      when exists (select 1 from job_vehicles v where v.job_id = j.id)
        and not exists (
          select 1 from job_vehicles v
          where v.job_id = j.id
            and (v.driver_id is null or not (
              exists (select 1 from job_offers o
                      where o.job_id = j.id and o.driver_id = v.driver_id and o.status = 'accepted')
              or exists (select 1 from job_requests q
                         where q.job_id = j.id and q.driver_id = v.driver_id and q.status = 'approved'))))
      then 'assigned'::job_status else 'confirmed'::job_status end
    where j.id in ${ids} and j.status in ('confirmed', 'assigned')`);
}

/** Statuses in which drivers are asked for: offers are answered and open positions requested. */
export const STAFFING_STATUSES = ['confirmed', 'assigned'] as const;

/** A placeholder holding a JSON array: one statement text, however many values (db/prepared.ts). */
const jsonList = (name: string) => sql`(select json_array_elements_text(${sql.placeholder(name)}::json))`;

// A slot is an open driver position when it has a vehicle and no driver (a driver needs a vehicle).
// The driver is shown one whose vehicle's category needs no class, or a class the licence covers (the
// placeholder `classes`): the allocation check (ADR 33) would refuse the others. Asked as an EXISTS,
// not a count per job: PostgreSQL reads the few open slots once from their partial index.
const qualifiedOpenSlots = sql`job_vehicles s join vehicles v on v.id = s.vehicle_id
    left join vehicle_categories_new c on c.id = v.category_id
    where s.driver_id is null and s.vehicle_id is not null
      and (c.required_licence_class is null or c.required_licence_class in ${jsonList('classes')})`;

const hasQualifiedOpenSlot = (jobId: SQL | typeof jobs.id, probe: SQL) =>
  sql`exists (select 1 from ${qualifiedOpenSlots} and s.job_id = ${jobId}${probe})`;

/**
 * For a count that stops early: `offset 0` keeps each EXISTS a probe of the job's own open slots
 * (their partial index), read job by job until the bound. Left to itself PostgreSQL hashes every open
 * slot of every date first, 40 ms at 100,000 jobs (bench/NOTES.md §18). The page, which sorts every
 * match by its first departure, is better served by that hash: it keeps the plain EXISTS.
 */
const PROBE = sql` offset 0`;

interface AvailableJobsFilter {
  driverId: string;
  today: string;
  limit: number;
  offset: number;
  /** The driver's licence (issue 26): only jobs with an open slot it lets them take are listed. */
  qualification: { coveredClasses: string[]; licenceExpiry: string | null };
}

// Available Jobs' four statements, built once for each shape (whether the licence has an expiry) and
// prepared by name: Drizzle building them cost the server about 1 ms of a page's 5.5 (bench/NOTES.md
// §24). Every value is a placeholder.
const availableStatements = preparedPerShape(
  (filter: AvailableJobsFilter) => shapeKey({ licenceExpiry: filter.qualification.licenceExpiry }),
  (db, filter, name) => {
    const where = (probe: SQL) =>
      and(
        inArray(jobs.status, [...STAFFING_STATUSES]),
        or(gte(jobs.serviceDate, sql.placeholder('today')), sql`${jobs.serviceDate} is null`),
        hasQualifiedOpenSlot(qualified(jobs.id), probe),
        filter.qualification.licenceExpiry
          ? or(sql`${jobs.serviceDate} is null`, lte(jobs.serviceDate, sql.placeholder('licenceExpiry')))
          : undefined,
        sql`not exists (select 1 from job_vehicles h where h.job_id = ${qualified(jobs.id)} and h.driver_id = ${sql.placeholder('driverId')})`,
      );
    return {
      ids: pageIdsQuery(db, where(sql``), false).prepare(name('available_job_ids')),
      // Counted only when the page is full, and then no further than five pages past it (ADR 42).
      count: boundedCountQuery(
        db,
        db
          .select({ one: sql`1` })
          .from(jobs)
          .where(where(PROBE))
          .limit(sql.placeholder('countTo'))
          .as('matches'),
      ).prepare(name('available_job_count')),
      // How many open slots of each job of the page the licence lets the driver take.
      openSlots: db
        .select({ jobId: sql<string>`s.job_id`, open: sql<number>`count(*)::int` })
        .from(sql`${qualifiedOpenSlots} and s.job_id in ${jsonList('ids')} group by s.job_id`)
        .prepare(name('available_open_slots')),
    };
  },
);

/**
 * Jobs a driver may request: staffed statuses, today or later (or not yet dated), with an open
 * position their licence lets them take, and not already held by the driver. Sorted like the job list.
 */
export async function listAvailableJobs(
  db: Db,
  filter: AvailableJobsFilter,
): Promise<{ items: { job: Job; openSlots: number }[]; total: number; totalIsLowerBound: boolean }> {
  const statements = availableStatements(db, filter);
  const { coveredClasses, licenceExpiry } = filter.qualification;
  const values = {
    ...windowValues(filter),
    driverId: filter.driverId,
    classes: JSON.stringify(coveredClasses),
    licenceExpiry: licenceExpiry ?? undefined,
  };
  // A driver at a large operator could request thousands of coming jobs, and reads a page of 20.
  const { items: ids, ...total } = await pageWithBoundedTotal(
    filter,
    async () => (await statements.ids.execute(values)).map((r) => r.id),
    async (countTo) => Number((await statements.count.execute({ ...values, countTo }))[0]?.n ?? 0),
    AVAILABLE_JOBS_COUNT_AHEAD,
  );
  if (ids.length === 0) return { items: [], ...total };
  const [list, open] = await Promise.all([
    jobsByIds(db, ids),
    statements.openSlots.execute({ classes: values.classes, ids: JSON.stringify(ids) }),
  ]);
  // Only the slots this driver could take count: the others the allocation check would refuse them.
  const openOf = new Map(open.map((r) => [r.jobId, Number(r.open)]));
  return { items: list.map((job) => ({ job, openSlots: openOf.get(job.id) ?? 0 })), ...total };
}

/** Takes the driver off the job's slots (a declined or expired offer); answers how many slots opened. */
export async function freeDriverSlots(tx: Db, jobId: string, driverId: string): Promise<number> {
  const rows = await tx
    .update(jobVehicles)
    .set({ driverId: null, updatedAt: new Date() })
    .where(and(eq(jobVehicles.jobId, jobId), eq(jobVehicles.driverId, driverId)))
    .returning({ id: jobVehicles.id });
  return rows.length;
}

/**
 * Puts the driver on an open slot of the job (the named one, else the first by position), if one is
 * still open: a conditional update, so two approvals racing for the last position cannot both win.
 * Answers the slot's id, or null when no open slot was left.
 */
export async function fillOpenSlot(
  tx: Db,
  jobId: string,
  driverId: string,
  slotId?: string | null,
): Promise<string | null> {
  const candidate = tx
    .select({ id: jobVehicles.id })
    .from(jobVehicles)
    .where(
      and(
        eq(jobVehicles.jobId, jobId),
        sql`${jobVehicles.driverId} is null`,
        sql`${jobVehicles.vehicleId} is not null`,
        slotId ? eq(jobVehicles.id, slotId) : undefined,
      ),
    )
    .orderBy(asc(jobVehicles.slotPosition))
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(jobVehicles)
    .set({ driverId, updatedAt: new Date() })
    .where(and(inArray(jobVehicles.id, candidate), sql`${jobVehicles.driverId} is null`))
    .returning({ id: jobVehicles.id });
  return rows[0]?.id ?? null;
}

export async function openSlotCount(db: Db, jobId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobVehicles)
    .where(
      and(
        eq(jobVehicles.jobId, jobId),
        sql`${jobVehicles.driverId} is null`,
        sql`${jobVehicles.vehicleId} is not null`,
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** The job's status, or undefined when there is no such job. */
export async function jobStatusOf(db: Db, jobId: string): Promise<JobStatus | undefined> {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return row?.status;
}

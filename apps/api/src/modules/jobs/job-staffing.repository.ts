import { AVAILABLE_JOBS_COUNT_AHEAD, type Job, type JobStatus } from '@dms/domain';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { boundedCountQuery, pageWithBoundedTotal } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { jobs, jobVehicles } from '../../db/schema';
import { qualified } from '../../db/sql-helpers';
import { jobsByIds } from './job-documents.repository';
import { pageOfJobIds } from './jobs.repository';

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

/**
 * A slot is an open driver position when it has a vehicle and no driver (a driver needs a vehicle).
 * An EXISTS, not a count per job: PostgreSQL reads the few open slots once from their partial index.
 */
const hasOpenSlot = (jobId: SQL | typeof jobs.id, probe: SQL) =>
  sql`exists (select 1 from job_vehicles s where s.job_id = ${jobId} and s.driver_id is null and s.vehicle_id is not null${probe})`;

// An open slot whose vehicle's category needs no class, or one the licence covers: the allocation
// check (ADR 33) would refuse the others, so the driver is not shown them.
const qualifiedOpenSlots = (coveredClasses: readonly string[]) =>
  sql`job_vehicles s join vehicles v on v.id = s.vehicle_id
    left join vehicle_categories_new c on c.id = v.category_id
    where s.driver_id is null and s.vehicle_id is not null
      and (c.required_licence_class is null${
        coveredClasses.length
          ? sql` or c.required_licence_class in (${sql.join(
              coveredClasses.map((c) => sql`${c}`),
              sql`, `,
            )})`
          : sql``
      })`;

const hasQualifiedOpenSlot = (jobId: SQL | typeof jobs.id, coveredClasses: readonly string[], probe: SQL) =>
  sql`exists (select 1 from ${qualifiedOpenSlots(coveredClasses)} and s.job_id = ${jobId}${probe})`;

/**
 * For a count that stops early: `offset 0` keeps each EXISTS a probe of the job's own open slots
 * (their partial index), read job by job until the bound. Left to itself PostgreSQL hashes every open
 * slot of every date first, 40 ms at 100,000 jobs (bench/NOTES.md §18). The page, which sorts every
 * match by its first departure, is better served by that hash: it keeps the plain EXISTS.
 */
const PROBE = sql` offset 0`;

/** How many open slots of each job the driver's licence lets them take: one query for the page. */
async function countQualifiedOpenSlots(
  db: Db,
  jobIds: readonly string[],
  coveredClasses: readonly string[],
): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const result = (await db.execute(
    sql`select s.job_id, count(*)::int as open from ${qualifiedOpenSlots(coveredClasses)}
      and s.job_id in (${sql.join(
        jobIds.map((id) => sql`${id}`),
        sql`, `,
      )}) group by s.job_id`,
  )) as unknown as { rows: { job_id: string; open: number }[] };
  return new Map(result.rows.map((r) => [r.job_id, Number(r.open)]));
}

/**
 * Jobs a driver may request: staffed statuses, today or later (or not yet dated), with an open
 * position, and not already held by the driver. Sorted like the job list.
 */
export async function listAvailableJobs(
  db: Db,
  filter: {
    driverId: string;
    today: string;
    limit: number;
    offset: number;
    /** The driver's licence (issue 26): only jobs with an open slot it lets them take are listed. */
    qualification?: { coveredClasses: string[]; licenceExpiry: string | null };
  },
): Promise<{ items: { job: Job; openSlots: number }[]; total: number; totalIsLowerBound: boolean }> {
  const q = filter.qualification;
  const where = (probe: SQL) =>
    and(
      inArray(jobs.status, [...STAFFING_STATUSES]),
      or(gte(jobs.serviceDate, filter.today), sql`${jobs.serviceDate} is null`),
      q
        ? hasQualifiedOpenSlot(qualified(jobs.id), q.coveredClasses, probe)
        : hasOpenSlot(qualified(jobs.id), probe),
      q?.licenceExpiry
        ? or(sql`${jobs.serviceDate} is null`, lte(jobs.serviceDate, q.licenceExpiry))
        : undefined,
      sql`not exists (select 1 from job_vehicles h where h.job_id = ${qualified(jobs.id)} and h.driver_id = ${filter.driverId})`,
    );
  // Counted only when the page is full, and then no further than five pages past it (ADR 42): a
  // driver at a large operator could request thousands of coming jobs, and reads a page of 20.
  const { items: ids, ...total } = await pageWithBoundedTotal(
    filter,
    () => pageOfJobIds(db, where(sql``), filter, false),
    async (countTo) => {
      const matches = db
        .select({ one: sql`1` })
        .from(jobs)
        .where(where(PROBE))
        .limit(sql.placeholder('countTo'));
      const [row] = await boundedCountQuery(db, matches.as('matches')).execute({ countTo });
      return Number(row?.n ?? 0);
    },
    AVAILABLE_JOBS_COUNT_AHEAD,
  );
  const list = await jobsByIds(db, ids);
  // Only the slots this driver could take count: the others the allocation check would refuse them.
  const open = q ? await countQualifiedOpenSlots(db, ids, q.coveredClasses) : null;
  return {
    items: list.map((job) => ({
      job,
      openSlots: open
        ? (open.get(job.id) ?? 0)
        : job.vehicles.filter((s) => s.vehicleId && !s.driverId).length,
    })),
    ...total,
  };
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

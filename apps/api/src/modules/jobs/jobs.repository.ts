import type { DriverJob, Job, JobStatus } from '@dms/domain';
import { and, eq, exists, gte, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { boundedCountQuery, boundedTotal, countToFor, pageWithBoundedTotal } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { preparedPerShape, shapeKey } from '../../db/prepared';
import { customers, jobLegs, jobRequirements, jobs, jobVehicles, users } from '../../db/schema';
import { containsPattern, qualified } from '../../db/sql-helpers';
import { jobsByIds } from './job-documents.repository';
import { jobListRowsText, jobSummariesByIds } from './job-summaries.repository';

// The jobs table with its legs, requirements and vehicle slots. A page of jobs is read in three
// statements whatever its size: its ids, its count (bounded, ADR 38), and the jobs themselves (job-documents.repository).

export interface JobFilter {
  from?: string | null;
  to?: string | null;
  driverId?: string | null;
  status?: JobStatus | null;
  seriesId?: string | null;
  /** Quotes the customer viewed and has not answered (issue 24). */
  quote?: 'viewed_unanswered' | null;
  search?: string;
  /** Only the jobs on which this driver holds a slot. */
  heldBy?: string;
  /** The operator's today: jobs from today on come first (soonest first), then past ones (latest first). */
  today: string;
  limit: number;
  offset: number;
}

/** The first leg's departure: the list's second sort key and its Time column. */
const firstDeparture = sql<
  string | null
>`(select ${sql.identifier('l')}.departure_time from job_legs l where l.job_id = ${qualified(jobs.id)} order by l.leg_number limit 1)`;

/**
 * The list's filter as SQL whose values are placeholders (filled from filterValues): one text per
 * combination of filters, so each combination is built and planned once (bench/NOTES.md §16).
 */
function jobWhere(db: Db, filter: JobFilter): SQL | undefined {
  const value = (name: keyof ReturnType<typeof filterValues>) => sql.placeholder(name);
  const conditions: (SQL | undefined)[] = [];
  if (filter.from) conditions.push(gte(jobs.serviceDate, value('from')));
  if (filter.to) conditions.push(lte(jobs.serviceDate, value('to')));
  if (filter.status) conditions.push(eq(jobs.status, value('status')));
  if (filter.seriesId) conditions.push(eq(jobs.seriesId, value('seriesId')));
  // A read model of the quote-links module's table (ADR 25): an open link is the newest one.
  if (filter.quote === 'viewed_unanswered') {
    conditions.push(
      sql`exists (select 1 from quote_links q where q.job_id = ${jobs.id} and q.viewed_at is not null
        and q.accepted_at is null and q.declined_at is null and q.revoked_at is null and q.expires_at > now())`,
    );
  }
  for (const [driverId, name] of [
    [filter.driverId, 'driverId'],
    [filter.heldBy, 'heldBy'],
  ] as const) {
    if (!driverId) continue;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(jobVehicles)
          .where(and(eq(jobVehicles.jobId, jobs.id), eq(jobVehicles.driverId, value(name)))),
      ),
    );
  }
  if (filter.search) {
    const pattern = value('pattern');
    const legMatches = db
      .select({ one: sql`1` })
      .from(jobLegs)
      .where(
        and(
          eq(jobLegs.jobId, jobs.id),
          or(ilike(jobLegs.originAddress, pattern), ilike(jobLegs.destinationAddress, pattern)),
        ),
      );
    const customerMatches = db
      .select({ one: sql`1` })
      .from(customers)
      .where(and(eq(customers.id, jobs.customerId), ilike(customers.companyName, pattern)));
    conditions.push(
      or(
        ilike(jobs.jobNumber, pattern),
        ilike(jobs.title, pattern),
        exists(customerMatches),
        exists(legMatches),
      ),
    );
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

function filterValues(filter: JobFilter) {
  return {
    from: filter.from,
    to: filter.to,
    status: filter.status,
    seriesId: filter.seriesId,
    driverId: filter.driverId,
    heldBy: filter.heldBy,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
  };
}

/** Which filters a page has: the key of its prepared statements. */
function shapeOf(filter: JobFilter): string {
  return shapeKey({ ...filterValues(filter), quote: filter.quote });
}

/** What a driver sees of a job: no prices, no contact, only the slots they hold. */
/** A driver sees the customer's name and phone, not where the customer is based. */
function withoutAddress({
  address: _address,
  ...customer
}: NonNullable<Job['customer']>): DriverJob['customer'] {
  return customer;
}

export function toDriverJob(job: Job, driverId: string): DriverJob {
  return {
    id: job.id,
    jobNumber: job.jobNumber,
    title: job.title,
    status: job.status,
    serviceDate: job.serviceDate,
    seriesId: job.seriesId ?? null,
    paxCount: job.paxCount,
    serviceDescription: job.serviceDescription,
    notesDriver: job.notesDriver,
    mapsLink: job.mapsLink,
    hasUpdates: job.hasUpdates,
    customer: job.customer ? withoutAddress(job.customer) : null,
    vehicles: job.vehicles.filter((s) => s.driverId === driverId),
    legs: job.legs,
    updatedAt: job.updatedAt,
  };
}

/**
 * The ids of one page in the order a dispatcher looks at first: today's and coming jobs, soonest
 * first; then undated drafts; then past jobs, the latest first; within a day, by first departure,
 * then job number. Each of the three parts is read on its own, walking the (service date, status)
 * index and stopping after offset + limit rows, instead of sorting every matching job to keep one page
 * (bench/NOTES.md). `withPast` is false when the condition already rules out past jobs: PostgreSQL
 * would still walk them all.
 */
export function pageIdsQuery(db: Db, condition: SQL | undefined, withPast: boolean) {
  const part = (bucket: 0 | 1 | 2, range: SQL, dateOrder: SQL) =>
    sql`(select ${jobs.id} as id, ${sql.raw(String(bucket))} as bucket, ${jobs.serviceDate} as d, ${firstDeparture} as t, ${jobs.jobNumber} as n
       from ${jobs} where ${condition ? and(condition, range) : range}
       order by ${dateOrder} t asc nulls last, ${jobs.jobNumber} asc limit ${sql.placeholder('enough')})`;
  const today = sql.placeholder('today');
  return db
    .select({ id: sql<string>`page.id` })
    .from(sql`(
      ${part(0, gte(jobs.serviceDate, today), sql`${jobs.serviceDate} asc,`)}
      union all ${part(1, sql`${jobs.serviceDate} is null`, sql``)}
      ${withPast ? sql`union all ${part(2, sql`${jobs.serviceDate} < ${today}`, sql`${jobs.serviceDate} desc,`)}` : sql``}
    ) page`)
    .orderBy(sql`bucket, case when bucket = 0 then d end asc, d desc nulls last, t asc nulls last, n asc`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

export const windowValues = ({ today, limit, offset }: { today: string; limit: number; offset: number }) => ({
  today,
  limit,
  offset,
  enough: offset + limit,
});

/**
 * How many jobs match, counted no further than LIST_COUNT_AHEAD past the page (ADR 38): counting
 * every match of a broad filter cost more than the page itself.
 */
const countQuery = (db: Db, condition: SQL | undefined) =>
  boundedCountQuery(
    db,
    db.select({ one: sql`1` }).from(jobs).where(condition).limit(sql.placeholder('countTo')).as('matches'),
  );

// The list's two statements for each shape of filter, prepared by name: building them with Drizzle
// cost the server more than PostgreSQL's planning they save (bench/NOTES.md §16).
const listStatements = preparedPerShape(shapeOf, (db, filter: JobFilter, name) => {
  const condition = jobWhere(db, filter);
  return {
    ids: pageIdsQuery(db, condition, true).prepare(name('job_page_ids')),
    count: countQuery(db, condition).prepare(name('job_page_count')),
  };
});

async function pageOfJobs<I>(
  db: Db,
  filter: JobFilter,
  read: (db: Db, ids: readonly string[]) => Promise<I>,
): Promise<{ items: I; total: number; totalIsLowerBound: boolean }> {
  const statements = listStatements(db, filter);
  const values = { ...filterValues(filter), ...windowValues(filter) };
  const countMatches = async (countTo: number) =>
    Number((await statements.count.execute({ ...values, countTo }))[0]?.n ?? 0);
  const pageIds = async () => (await statements.ids.execute(values)).map((r) => r.id);
  // A driver's list reads its page first: My Jobs (a few dozen of 200) then needs no count, which
  // walks every job the driver ever held. The manager's page is mostly full: it counts alongside.
  if (filter.heldBy) {
    const page = await pageWithBoundedTotal(filter, pageIds, countMatches);
    return { ...page, items: await read(db, page.items) };
  }
  const [ids, n] = await Promise.all([pageIds(), countMatches(countToFor(filter.offset))]);
  return { items: await read(db, ids), ...boundedTotal(n, filter.offset) };
}

/** A page of whole jobs (a driver's lists: each is shown from its list item). */
export const listJobs = (db: Db, filter: JobFilter) => pageOfJobs(db, filter, jobsByIds);

/** A page of the manager's job list: summaries, the whole job is read when one is opened. */
export const listJobSummaries = (db: Db, filter: JobFilter) => pageOfJobs(db, filter, jobSummariesByIds);

/** The same page as the list screen reads it: its rows of cells as one JSON text (ADR 40). */
export const listJobRowsText = (db: Db, filter: JobFilter) => pageOfJobs(db, filter, jobListRowsText);

export async function getJob(db: Db, id: string): Promise<Job | undefined> {
  const [job] = await jobsByIds(db, [id]);
  return job;
}

/** The job's stored version and status, read with a row lock inside a save's transaction. */
export async function lockJob(
  tx: Db,
  id: string,
): Promise<{ version: number; status: JobStatus; loyaltyAwarded: number } | undefined> {
  const [row] = await tx
    .select({ version: jobs.version, status: jobs.status, loyaltyAwarded: jobs.loyaltyAwarded })
    .from(jobs)
    .where(eq(jobs.id, id))
    .for('update');
  return row;
}

export async function loyaltyFacts(tx: Db, id: string) {
  const [row] = await tx
    .select({
      status: jobs.status,
      loyaltyAwarded: jobs.loyaltyAwarded,
      customerId: jobs.customerId,
      totalPrice: jobs.totalPrice,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row ? { ...row, totalPrice: Number(row.totalPrice) } : undefined;
}

export async function nextJobSequence(tx: Db): Promise<number> {
  // Both drivers answer execute() with a result that carries `rows`.
  const result = (await tx.execute(sql`select nextval('job_number_seq') as n`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]?.n);
}

export async function jobNumberTaken(tx: Db, jobNumber: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      exceptId ? and(eq(jobs.jobNumber, jobNumber), ne(jobs.id, exceptId)) : eq(jobs.jobNumber, jobNumber),
    )
    .limit(1);
  return rows.length > 0;
}

export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export async function insertJobRow(tx: Db, values: JobValues): Promise<string> {
  const [row] = await tx.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('insert into jobs returned no row');
  return row.id;
}

/** Writes the job and bumps its version (the caller has checked the version under a row lock). */
export async function updateJobRow(tx: Db, id: string, values: Partial<JobValues>): Promise<void> {
  await tx
    .update(jobs)
    .set({ ...values, version: sql`${jobs.version} + 1`, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

export interface LegValues {
  originAddress: string | null;
  destinationAddress: string | null;
  departureTime: string | null;
  arrivalTime: string | null;
  notes: string | null;
}

/** Replaces the job's legs, numbered from 1 in the order given. */
export async function replaceLegs(tx: Db, jobId: string, legs: readonly LegValues[]): Promise<void> {
  await tx.delete(jobLegs).where(eq(jobLegs.jobId, jobId));
  if (legs.length === 0) return;
  await tx.insert(jobLegs).values(legs.map((leg, i) => ({ ...leg, jobId, legNumber: i + 1 })));
}

export interface SlotValues {
  /** Kept when the slot already belonged to this job, so clients keep stable keys. */
  id: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  vehicleId: string | null;
  driverId: string | null;
  vehicleNotes: string | null;
  startingDepotId: string | null;
  endingDepotId: string | null;
}

/** A slot's requirement row: its category, one vehicle. */
export const requirementRow = (jobId: string, s: Omit<SlotValues, 'id'>) => ({
  jobId,
  categoryId: s.categoryId,
  categoryName: s.categoryName,
  quantity: 1,
  color: s.categoryColor,
  categoryColor: s.categoryColor,
  vehicleNotes: s.vehicleNotes,
});

/** A slot's job_vehicles row, under its requirement, at its 1-based position. */
export const slotRow = (
  jobId: string,
  s: Omit<SlotValues, 'id'>,
  requirementId: string | null,
  position: number,
) => ({
  jobId,
  requirementId,
  vehicleId: s.vehicleId,
  driverId: s.driverId,
  slotPosition: position,
  vehicleNotes: s.vehicleNotes,
  startingDepotId: s.startingDepotId,
  endingDepotId: s.endingDepotId,
});

/** Replaces the job's vehicle slots: one requirement (its category) and one job_vehicles row a slot. */
export async function replaceSlots(tx: Db, jobId: string, slots: readonly SlotValues[]): Promise<void> {
  await tx.delete(jobVehicles).where(eq(jobVehicles.jobId, jobId));
  await tx.delete(jobRequirements).where(eq(jobRequirements.jobId, jobId));
  if (slots.length === 0) return;
  const requirements = await tx
    .insert(jobRequirements)
    .values(slots.map((s) => requirementRow(jobId, s)))
    .returning({ id: jobRequirements.id });
  await tx.insert(jobVehicles).values(
    slots.map((s, i) => ({
      ...(s.id ? { id: s.id } : {}),
      ...slotRow(jobId, s, requirements[i]?.id ?? null, i + 1),
    })),
  );
}

/** The ids of this job's current slots (to tell an edited slot from a foreign id). */
export async function slotIdsOf(tx: Db, jobId: string): Promise<Set<string>> {
  const rows = await tx.select({ id: jobVehicles.id }).from(jobVehicles).where(eq(jobVehicles.jobId, jobId));
  return new Set(rows.map((r) => r.id));
}

export async function deleteJobRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Bookkeeping flags (hasUpdates, loyaltyAwarded): no version bump, since they change nothing a
 * manager edited and must not turn an open form stale. False when there is no such job.
 */
export async function setJobFlags(
  db: Db,
  id: string,
  values: { hasUpdates?: 0 | 1; loyaltyAwarded?: 0 | 1 },
): Promise<boolean> {
  const rows = await db.update(jobs).set(values).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Drivers on the job's slots, with their mail address and notification preferences. */
export async function driversOnJob(db: Db, jobId: string) {
  return db
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(jobVehicles)
    .innerJoin(users, eq(users.id, jobVehicles.driverId))
    .where(eq(jobVehicles.jobId, jobId));
}

export async function getJobsByIds(db: Db, ids: readonly string[]): Promise<Map<string, Job>> {
  const list = await jobsByIds(db, [...new Set(ids)]);
  return new Map(list.map((j) => [j.id, j]));
}

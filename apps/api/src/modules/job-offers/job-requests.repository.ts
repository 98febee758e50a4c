import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { type JobRequestStatus, jobRequests, users } from '../../db/schema';

// Drivers' requests for open positions, and the manager's decisions on them.

const requestColumns = {
  id: jobRequests.id,
  jobId: jobRequests.jobId,
  driverId: jobRequests.driverId,
  status: jobRequests.status,
  message: jobRequests.message,
  createdAt: jobRequests.createdAt,
};

export async function insertRequest(
  db: Db,
  values: { jobId: string; driverId: string; message: string | null },
) {
  const [row] = await db.insert(jobRequests).values(values).returning(requestColumns);
  if (!row) throw new Error('insert into job_requests returned no row');
  return row;
}

export async function getRequest(db: Db, id: string) {
  const [row] = await db.select(requestColumns).from(jobRequests).where(eq(jobRequests.id, id));
  return row;
}

/** Decides a pending request; undefined when it was decided already (two managers racing). */
export async function decidePendingRequest(tx: Db, id: string, status: Exclude<JobRequestStatus, 'pending'>) {
  const [row] = await tx
    .update(jobRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(jobRequests.id, id), eq(jobRequests.status, 'pending')))
    .returning(requestColumns);
  return row;
}

/** Turns down the job's other pending requests (its last open position was just filled). */
export async function rejectOtherPendingRequests(tx: Db, jobId: string, exceptId: string) {
  return tx
    .update(jobRequests)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(jobRequests.jobId, jobId), eq(jobRequests.status, 'pending'), ne(jobRequests.id, exceptId)))
    .returning(requestColumns);
}

/** The requests for a job, oldest first, with the drivers' names. */
export async function requestsOfJob(db: Db, jobId: string) {
  return db
    .select({ ...requestColumns, driverFirstName: users.firstName, driverLastName: users.lastName })
    .from(jobRequests)
    .innerJoin(users, eq(users.id, jobRequests.driverId))
    .where(eq(jobRequests.jobId, jobId))
    .orderBy(asc(jobRequests.createdAt));
}

// Available Jobs asks this for every page: built once and prepared by name, the page's ids as one
// JSON array.
const requestedOfJobs = preparedPerDatabase((db) =>
  db
    .select({ jobId: jobRequests.jobId })
    .from(jobRequests)
    .where(
      and(
        eq(jobRequests.driverId, sql.placeholder('driverId')),
        sql`${jobRequests.jobId} in (select json_array_elements_text(${sql.placeholder('ids')}::json))`,
      ),
    )
    .prepare('requested_job_ids'),
);

/** Which of these jobs the driver has requested already. */
export async function requestedJobIds(
  db: Db,
  driverId: string,
  jobIds: readonly string[],
): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await requestedOfJobs(db).execute({ driverId, ids: JSON.stringify(jobIds) });
  return new Set(rows.map((r) => r.jobId));
}

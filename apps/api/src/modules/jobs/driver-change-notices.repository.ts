import type { DriverWork } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driverChangeNotices } from '../../db/schema';

/**
 * Opens a driver's change window on a job, unless one is open already: the first change of the
 * window sets what the driver's work was; later ones leave it (ADR 28).
 */
export async function openChangeNotice(
  tx: Db,
  row: { jobId: string; driverId: string; was: DriverWork | null; dueAt: Date },
): Promise<void> {
  await tx
    .insert(driverChangeNotices)
    .values(row)
    .onConflictDoNothing({ target: [driverChangeNotices.jobId, driverChangeNotices.driverId] });
}

export interface DueChangeNotice {
  jobId: string;
  driverId: string;
  was: DriverWork | null;
}

/**
 * Takes the notices whose window has closed (up to `limit`), deleting them in the caller's
 * transaction: the mails they lead to commit with the deletion, and two instances never take the
 * same notice (SKIP LOCKED).
 */
export async function takeDueChangeNotices(tx: Db, now: Date, limit = 100): Promise<DueChangeNotice[]> {
  const result = (await tx.execute(sql`
    delete from driver_change_notices
    where id in (
      select id from driver_change_notices
      where due_at <= ${now}::timestamptz
      order by due_at
      limit ${limit}
      for update skip locked
    )
    returning job_id, driver_id, was`)) as unknown as {
    rows: { job_id: string; driver_id: string; was: DriverWork | null }[];
  };
  return result.rows.map((r) => ({ jobId: r.job_id, driverId: r.driver_id, was: r.was }));
}

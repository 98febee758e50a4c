import { driverWorkOf, type Job, sameDriverWork } from '@dms/domain';
import type { Db } from '../../db/client';
import { type NotificationDeps, notifyAboutJob } from '../notifications';
import { openChangeNotice, takeDueChangeNotices } from './driver-change-notices.repository';
import { getJobsByIds } from './jobs.repository';

const driverIdsOf = (job: Job | null) => job?.vehicles.flatMap((s) => (s.driverId ? [s.driverId] : [])) ?? [];

/**
 * After a save of a published job, in its transaction: each driver whose own work changed (ADR 28)
 * gets a change window, unless one is open. A driver just offered the job hears of it from the offer.
 */
export async function noteDriverChanges(
  tx: Db,
  change: { before: Job | null; after: Job; offered: readonly string[] },
  now: Date,
  windowMs: number,
): Promise<void> {
  const { before, after } = change;
  if (!before || before.status === 'draft' || after.status === 'draft') return;
  const dueAt = new Date(now.getTime() + windowMs);
  for (const driverId of new Set([...driverIdsOf(before), ...driverIdsOf(after)])) {
    const was = driverWorkOf(before, driverId);
    const is = driverWorkOf(after, driverId);
    if (sameDriverWork(was, is)) continue;
    if (was === null && change.offered.includes(driverId)) continue;
    await openChangeNotice(tx, { jobId: after.id, driverId, was, dueAt });
  }
}

/**
 * Mails each driver whose change window has closed what changed in their work since it opened, once;
 * nothing when the changes undid each other. Run every minute by the background queue.
 */
export async function sendDueChangeMails(deps: NotificationDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await takeDueChangeNotices(tx, now);
    if (due.length === 0) return 0;
    const jobs = await getJobsByIds(
      tx,
      due.map((d) => d.jobId),
    );
    let mailed = 0;
    for (const notice of due) {
      const job = jobs.get(notice.jobId);
      if (!job) continue;
      const is = driverWorkOf(job, notice.driverId);
      if (sameDriverWork(notice.was, is)) continue;
      const cancelled = is?.cancelled && !notice.was?.cancelled;
      await notifyAboutJob(
        { ...deps, db: tx },
        job,
        [notice.driverId],
        cancelled ? { type: 'cancellation' } : { type: 'update', was: notice.was, is },
      );
      mailed++;
    }
    return mailed;
  });
}

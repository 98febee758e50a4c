import { type NotificationDeps, notifyAboutJob } from '../notifications';
import { dueReminders } from './job-reminders.repository';
import { getJobsByIds } from './jobs.repository';

/**
 * Sends the reminders that are due (spec 1 §3: reminderHours before the job's first departure),
 * each once; answers how many drivers were reminded or skipped by preference. Run periodically by
 * the background queue.
 */
export async function sendDueReminders(deps: NotificationDeps, now = new Date()): Promise<number> {
  const due = await dueReminders(deps.db, now, deps.timeZone);
  if (due.length === 0) return 0;
  const jobs = await getJobsByIds(
    deps.db,
    due.map((d) => d.job_id),
  );
  const driversByJob = new Map<string, string[]>();
  for (const { job_id, driver_id } of due)
    driversByJob.set(job_id, [...(driversByJob.get(job_id) ?? []), driver_id]);
  for (const [jobId, driverIds] of driversByJob) {
    const job = jobs.get(jobId);
    if (job) await notifyAboutJob(deps, job, driverIds, { type: 'reminder' });
  }
  return due.length;
}

import { dateInZone } from './dates';

/** The operator's wall clock 'HH:mm' at an instant. */
function clockInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

export type DriverStart =
  /** Clocked in that day: when. */
  | { state: 'clocked_in'; at: string }
  /** The job is today, its first departure has passed, and the driver has not clocked in. */
  | { state: 'late' }
  /** Not clocked in, and not late (yet, or any more: a past day). */
  | { state: 'waiting' };

const RUNNING = ['confirmed', 'assigned', 'in_progress'];

/**
 * The home screen's Start Time for one driver of a job (issue 29): their actual clock-in time that
 * day, or Late once the job's first departure has passed today without one.
 */
export function driverStart(
  job: { status: string; serviceDate: string | null; legs: readonly { departureTime: string | null }[] },
  clockedInAt: string | null,
  now: Date,
  timeZone: string,
): DriverStart {
  if (clockedInAt) return { state: 'clocked_in', at: clockedInAt };
  const departs = job.legs
    .map((l) => l.departureTime)
    .filter((t): t is string => Boolean(t))
    .sort()[0];
  if (!departs || !job.serviceDate || !RUNNING.includes(job.status)) return { state: 'waiting' };
  if (job.serviceDate !== dateInZone(now, timeZone)) return { state: 'waiting' };
  return clockInZone(now, timeZone) >= departs.slice(0, 5) ? { state: 'late' } : { state: 'waiting' };
}

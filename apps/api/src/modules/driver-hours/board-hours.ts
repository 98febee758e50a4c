import type { PlannedJob } from '@dms/domain';
import type { DriverWork } from './driver-hours.repository';
import { breachesFor, type HoursSettings, hoursContextOf, workByDriver } from './hours-checks';

/** What a dispatch board's hours checks need: plain data, sent to the worker thread as it is. */
export interface BoardHoursInput {
  settings: HoursSettings;
  timeZone: string;
  /** The board's service date. */
  date: string;
  bars: readonly { jobId: string; driverId: string | null; legs: PlannedJob['legs'] }[];
  /** The bars' drivers' work in the 15 days either side of `date`. */
  work: DriverWork;
  /** Epoch ms: an open shift runs until now. */
  now: number;
}

/** Per bar, in order: the breaches its job would cause for its driver (none for a bar without one). */
export type BoardHours = { label: string; text: string }[][];

export function boardHours(input: BoardHoursInput): BoardHours {
  const ctx = hoursContextOf(input.settings, input.timeZone);
  const work = workByDriver(ctx, input.work);
  const now = new Date(input.now);
  return input.bars.map((bar) =>
    bar.driverId
      ? breachesFor(
          ctx,
          { id: bar.jobId, serviceDate: input.date, legs: bar.legs },
          bar.driverId,
          work,
          now,
        ).map(({ label, text }) => ({ label, text }))
      : [],
  );
}

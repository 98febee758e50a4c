import {
  addDays,
  checkDriverHours,
  createFormatters,
  describeBreach,
  getHoursRuleSet,
  type HoursRuleSet,
  type HoursWarning,
  mergeWork,
  type PlannedJob,
  type SignOnOff,
  type WorkInterval,
  workPeriodsFromJobs,
} from '@dms/domain';
import type { DriverWork } from './driver-hours.repository';

// The hours checks themselves, on work already loaded: no database here, so that the dispatch
// board's worker thread (board-hours.worker.ts) bundles only these and the domain.

export interface HoursContext {
  ruleSet: HoursRuleSet;
  timeZone: string;
  signOnMinutes: number;
  signOffMinutes: number;
  formatDateTime: (d: Date) => string;
}

/** The settings an hours check reads: plain data, so a worker thread can be sent them. */
export interface HoursSettings {
  hoursRuleSet: string;
  signOnMinutes: number;
  signOffMinutes: number;
  currency: string;
  locale: string;
}

export function hoursContextOf(s: HoursSettings, timeZone: string): HoursContext {
  const format = createFormatters({ currency: s.currency, locale: s.locale, timeZone });
  return {
    ruleSet: getHoursRuleSet(s.hoursRuleSet),
    timeZone,
    signOnMinutes: s.signOnMinutes,
    signOffMinutes: s.signOffMinutes,
    formatDateTime: (d) => format.dateTime(d),
  };
}

/**
 * A job's legs as stretches of duty: where a driver arrives and departs again with time to sign off,
 * rest at least a quarter-hour and sign on again (a school excursion's wait at the museum), the job
 * is two stretches; otherwise it is one, first departure to last arrival (ADR 0017). A later time
 * than the one before it is on the next day, as workPeriodsFromJobs reads it.
 */
export function dutyStretches(job: PlannedJob, allowances: Required<SignOnOff>): PlannedJob[] {
  const breakMinutes = allowances.signOffMinutes + allowances.signOnMinutes + 15;
  // Every time of the job on one running clock (minutes from the service date's midnight).
  let day = 0;
  let previous: number | null = null;
  const clock = (t: string | null): number | null => {
    if (!t || !/^\d{2}:\d{2}$/.test(t)) return null;
    const m = Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    if (previous !== null && m < previous % (24 * 60)) day += 1;
    previous = day * 24 * 60 + m;
    return previous;
  };
  const legs = job.legs.map((leg) => ({
    leg,
    departs: clock(leg.departureTime),
    arrives: clock(leg.arrivalTime),
  }));
  const stretches: { firstAt: number | null; legs: PlannedJob['legs'][number][] }[] = [];
  let lastEnd: number | null = null;
  for (const { leg, departs, arrives } of legs) {
    const begins = departs ?? arrives;
    const current = stretches.at(-1);
    if (!current || (begins !== null && lastEnd !== null && begins - lastEnd >= breakMinutes)) {
      stretches.push({ firstAt: begins, legs: [leg] });
    } else {
      current.legs.push(leg);
      current.firstAt ??= begins;
    }
    lastEnd = arrives ?? departs ?? lastEnd;
  }
  return stretches.map((st) => {
    const day = Math.floor((st.firstAt ?? 0) / (24 * 60));
    // Most stretches begin on the job's own date: addDays parses and prints a date.
    return { serviceDate: day === 0 ? job.serviceDate : addDays(job.serviceDate, day), legs: st.legs };
  });
}

/** Planned work of jobs, stretch by stretch. */
export function plannedWork(jobs: readonly PlannedJob[], ctx: HoursContext) {
  const allowances = { signOnMinutes: ctx.signOnMinutes, signOffMinutes: ctx.signOffMinutes };
  return workPeriodsFromJobs(
    jobs.flatMap((j) => dutyStretches(j, allowances)),
    ctx.timeZone,
    allowances,
  );
}

/** The job as the check needs it: which one (never counted twice) and when it runs. */
export interface CheckedJob extends PlannedJob {
  id: string | null;
}

/** Loaded work, read per driver once: a board checks many bars of the same drivers against it. */
export interface WorkByDriver {
  of(driverId: string): { shifts: DriverWork['shifts']; jobs: { jobId: string; periods: WorkInterval[] }[] };
}

function byDriver<T extends { driverId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.driverId);
    if (list) list.push(row);
    else out.set(row.driverId, [row]);
  }
  return out;
}

/** Indexes `work` by driver, each driver's jobs turned into planned periods when first asked for. */
export function workByDriver(ctx: HoursContext, work: DriverWork): WorkByDriver {
  const shifts = byDriver(work.shifts);
  const jobs = byDriver(work.jobs);
  const read = new Map<string, ReturnType<WorkByDriver['of']>>();
  return {
    of(driverId) {
      let mine = read.get(driverId);
      if (!mine) {
        mine = {
          shifts: shifts.get(driverId) ?? [],
          jobs: (jobs.get(driverId) ?? []).map((j) => ({ jobId: j.jobId, periods: plannedWork([j], ctx) })),
        };
        read.set(driverId, mine);
      }
      return mine;
    },
  };
}

/**
 * The breaches `job` would cause for one driver, from work already loaded (the job itself is
 * left out of `work` if it is there). Pure: the board checks every bar of a day with one load.
 */
export function breachesFor(
  ctx: HoursContext,
  job: CheckedJob,
  driverId: string,
  work: WorkByDriver,
  now = new Date(),
): HoursWarning['breaches'] {
  const proposed = plannedWork([job], ctx);
  if (proposed.length === 0) return [];
  const mine = work.of(driverId);
  const planned = mine.jobs.filter((j) => j.jobId !== job.id).flatMap((j) => j.periods);
  const result = checkDriverHours({
    work: mergeWork(mine.shifts, planned, now),
    ruleSet: ctx.ruleSet,
    timeZone: ctx.timeZone,
    proposed,
    reportExisting: false,
  });
  return result.breaches.map((b) => ({
    label: b.label,
    text: describeBreach(b, ctx.formatDateTime),
    nextLegalAt: b.nextLegalAt ? b.nextLegalAt.toISOString() : null,
  }));
}

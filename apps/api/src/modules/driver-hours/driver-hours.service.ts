import {
  addDays,
  checkDriverHours,
  createFormatters,
  type Driver,
  dateInZone,
  describeBreach,
  getHoursRuleSet,
  type HoursRuleSet,
  type HoursWarning,
  hoursSummary,
  mergeWork,
  type PlannedJob,
  type SignOnOff,
  type WorkInterval,
  workPeriodsFromJobs,
} from '@dms/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hoursOverrides, users } from '../../db/schema';
import { getAppSettings } from '../settings';
import { type DriverWork, driverWork } from './driver-hours.repository';

// Dispatch safety: would putting these drivers on this job break the operator's hours rule set?
// Recorded shifts and held jobs from 15 days either side count: the longest window is 14 days.

export interface HoursContext {
  ruleSet: HoursRuleSet;
  timeZone: string;
  signOnMinutes: number;
  signOffMinutes: number;
  formatDateTime: (d: Date) => string;
}

export async function loadHoursContext(db: Db, timeZone: string): Promise<HoursContext> {
  const s = await getAppSettings(db, timeZone);
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
function plannedWork(jobs: readonly PlannedJob[], ctx: HoursContext) {
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

/** What the drivers recorded and hold in the 15 days either side of `serviceDate`. */
export async function workAround(
  db: Db,
  driverIds: readonly string[],
  serviceDate: string,
  exceptJobId: string | null,
): Promise<DriverWork> {
  const fromDate = addDays(serviceDate, -15);
  const toDate = addDays(serviceDate, 15);
  return driverWork(
    db,
    driverIds,
    { from: new Date(`${fromDate}T00:00:00Z`), to: new Date(`${toDate}T23:59:59Z`), fromDate, toDate },
    exceptJobId,
  );
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

/** The work of a loaded range that falls in the 15 days either side of `serviceDate`. */
function workWithin(work: DriverWork, serviceDate: string): DriverWork {
  const fromDate = addDays(serviceDate, -15);
  const toDate = addDays(serviceDate, 15);
  const from = new Date(`${fromDate}T00:00:00Z`).getTime();
  const to = new Date(`${toDate}T23:59:59Z`).getTime();
  return {
    jobs: work.jobs.filter((j) => j.serviceDate >= fromDate && j.serviceDate <= toDate),
    // As driverWork reads them: begun before the range ends, and open or ended after it begins.
    shifts: work.shifts.filter((s) => s.start.getTime() < to && (s.end === null || s.end.getTime() > from)),
  };
}

/** The drivers among `driverIds` this job would put over a window, with what and until when. */
export async function hoursWarnings(
  db: Db,
  ctx: HoursContext,
  job: CheckedJob,
  driverIds: readonly string[],
  now = new Date(),
): Promise<HoursWarning[]> {
  // A job not saved yet (the form's check) has no id: its answer is under ''.
  return (await hoursWarningsForJobs(db, ctx, [job], driverIds, now)).get(job.id ?? '') ?? [];
}

/**
 * The same for each of `jobs`, from one load of the drivers' work around all their dates: a series'
 * occurrences are checked at once (ADR 36), each against the others and what the drivers already hold.
 */
export async function hoursWarningsForJobs(
  db: Db,
  ctx: HoursContext,
  jobs: readonly CheckedJob[],
  driverIds: readonly string[],
  now = new Date(),
): Promise<Map<string, HoursWarning[]>> {
  const out = new Map<string, HoursWarning[]>();
  const ids = [...new Set(driverIds)];
  const checked = jobs.filter((job) => plannedWork([job], ctx).length > 0);
  const dates = checked.map((job) => job.serviceDate).sort();
  const [first, last] = [dates[0], dates.at(-1)];
  if (ids.length === 0 || !first || !last) return out;
  const fromDate = addDays(first, -15);
  const toDate = addDays(last, 15);
  const work = await driverWork(
    db,
    ids,
    { from: new Date(`${fromDate}T00:00:00Z`), to: new Date(`${toDate}T23:59:59Z`), fromDate, toDate },
    // One job checked: its own rows are not read at all; several: each is left out of its own check.
    checked.length === 1 ? (checked[0]?.id ?? null) : null,
  );
  const names = new Map(
    (
      await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || 'Driver']),
  );
  for (const job of checked) {
    // Each date sees the 15 days either side, as a single check loads them: a year of a series
    // is not weighed against every one of its dates.
    const around = workByDriver(ctx, checked.length === 1 ? work : workWithin(work, job.serviceDate));
    const warnings: HoursWarning[] = [];
    for (const driverId of ids) {
      const breaches = breachesFor(ctx, job, driverId, around, now);
      if (breaches.length > 0)
        warnings.push({ driverId, driverName: names.get(driverId) ?? 'Driver', breaches });
    }
    if (warnings.length > 0) out.set(job.id ?? '', warnings);
  }
  return out;
}

/** Work this week and the next required rest of each driver, for the driver cards. */
export async function hoursSummaries(
  db: Db,
  ctx: HoursContext,
  driverIds: readonly string[],
  now = new Date(),
): Promise<Map<string, NonNullable<Driver['hours']>>> {
  const out = new Map<string, NonNullable<Driver['hours']>>();
  if (driverIds.length === 0) return out;
  const today = dateInZone(now, ctx.timeZone);
  const fromDate = addDays(today, -15);
  const toDate = addDays(today, 1);
  const work = await driverWork(
    db,
    driverIds,
    { from: new Date(`${fromDate}T00:00:00Z`), to: now, fromDate, toDate },
    null,
  );
  for (const driverId of driverIds) {
    const planned = plannedWork(
      work.jobs.filter((j) => j.driverId === driverId),
      ctx,
    ).filter((p) => p.start.getTime() < now.getTime());
    const merged = mergeWork(
      work.shifts.filter((s) => s.driverId === driverId),
      planned,
      now,
    );
    const summary = hoursSummary(merged, ctx.ruleSet, ctx.timeZone, now);
    // A rest only means something to a driver who has worked lately: one who has been off for a
    // day starts fresh, and a 'rest by' line on every idle driver would be noise.
    const recent = merged.some((w) => w.end.getTime() > now.getTime() - 24 * 60 * 60_000);
    out.set(driverId, {
      workedThisWeekMinutes: summary.workedThisWeekMinutes,
      nextRest:
        summary.nextRequiredRest && recent
          ? {
              label: summary.nextRequiredRest.label,
              dueBy: summary.nextRequiredRest.dueBy.toISOString(),
              minMinutes: summary.nextRequiredRest.minMinutes,
            }
          : null,
    });
  }
  return out;
}

/**
 * Records the hours breaches a manager allowed with `reason`, inside the allocation's transaction.
 * The combined allocation guard (jobs module) decides when: it refuses hours and compliance together.
 */
export async function recordHoursOverrides(
  tx: Db,
  overrides: readonly { jobId: string; warnings: readonly HoursWarning[] }[],
  reason: string,
  userId: string | null,
): Promise<void> {
  const rows = overrides.flatMap(({ jobId, warnings }) =>
    warnings.map((w) => ({
      jobId,
      driverId: w.driverId,
      reason: reason.trim(),
      breaches: w.breaches.map((b) => ({ label: b.label, text: b.text })),
      createdBy: userId,
    })),
  );
  if (rows.length > 0) await tx.insert(hoursOverrides).values(rows);
}

/** The refusal's words for one or more drivers over their hours: the 409's message names each. */
export function hoursRefusalDetail(warnings: readonly HoursWarning[]): string {
  return warnings.map((w) => `${w.driverName}: ${w.breaches.map((b) => b.text).join('; ')}`).join(' ');
}

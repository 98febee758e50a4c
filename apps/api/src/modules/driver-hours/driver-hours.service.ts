import { addDays, type Driver, dateInZone, type HoursWarning, hoursSummary, mergeWork } from '@dms/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hoursOverrides, users } from '../../db/schema';
import { getAppSettings } from '../settings';
import type { BoardHours, BoardHoursInput } from './board-hours';
import { boardHoursOffThread } from './board-hours-thread';
import { type DriverWork, driverWork } from './driver-hours.repository';
import {
  breachesFor,
  type CheckedJob,
  type HoursContext,
  hoursContextOf,
  plannedWork,
  workByDriver,
} from './hours-checks';

// Dispatch safety: would putting these drivers on this job break the operator's hours rule set?
// Recorded shifts and held jobs from 15 days either side count: the longest window is 14 days.

export async function loadHoursContext(db: Db, timeZone: string): Promise<HoursContext> {
  return hoursContextOf(await getAppSettings(db, timeZone), timeZone);
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

/**
 * The hours breaches of each bar of a dispatch board, in order: one load of the drivers' work, checked
 * in the worker thread (board-hours-thread.ts) so that the event loop goes on answering others.
 */
export async function hoursOfBars(
  db: Db,
  timeZone: string,
  date: string,
  bars: BoardHoursInput['bars'],
): Promise<BoardHours> {
  const driverIds = [...new Set(bars.map((b) => b.driverId).filter((id): id is string => !!id))];
  if (driverIds.length === 0) return bars.map(() => []);
  const [s, work] = await Promise.all([getAppSettings(db, timeZone), workAround(db, driverIds, date, null)]);
  return boardHoursOffThread({
    settings: {
      hoursRuleSet: s.hoursRuleSet,
      signOnMinutes: s.signOnMinutes,
      signOffMinutes: s.signOffMinutes,
      currency: s.currency,
      locale: s.locale,
    },
    timeZone,
    date,
    // Only what the checks read: a bar's addresses and names stay on this side.
    bars: bars.map(({ jobId, driverId, legs }) => ({
      jobId,
      driverId,
      legs: legs.map(({ departureTime, arrivalTime }) => ({ departureTime, arrivalTime })),
    })),
    work,
    now: Date.now(),
  });
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

import { and, asc, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobLegs, jobs, jobVehicles, shifts } from '../../db/schema';

export interface DriverWork {
  shifts: { driverId: string; start: Date; end: Date | null }[];
  jobs: {
    driverId: string;
    jobId: string;
    serviceDate: string;
    legs: { departureTime: string | null; arrivalTime: string | null }[];
  }[];
}

/**
 * What the drivers recorded at the terminal (shifts) and hold (jobs, not cancelled) between two
 * instants / service dates, without `exceptJobId` (the job being checked). Three queries whatever
 * the number of drivers.
 */
export async function driverWork(
  db: Db,
  driverIds: readonly string[],
  range: { from: Date; to: Date; fromDate: string; toDate: string },
  exceptJobId: string | null,
): Promise<DriverWork> {
  if (driverIds.length === 0) return { shifts: [], jobs: [] };
  const ids = [...driverIds];
  const shiftRows = await db
    .select({ driverId: shifts.driverId, start: shifts.startTime, end: shifts.endTime })
    .from(shifts)
    .where(
      and(
        inArray(shifts.driverId, ids),
        lt(shifts.startTime, range.to),
        or(isNull(shifts.endTime), gt(shifts.endTime, range.from)),
      ),
    );
  const held = await db
    .selectDistinct({ driverId: jobVehicles.driverId, jobId: jobs.id, serviceDate: jobs.serviceDate })
    .from(jobVehicles)
    .innerJoin(jobs, sql`${jobs.id} = ${jobVehicles.jobId}`)
    .where(
      and(
        inArray(jobVehicles.driverId, ids),
        ne(jobs.status, 'cancelled'),
        sql`${jobs.serviceDate} between ${range.fromDate} and ${range.toDate}`,
        exceptJobId ? ne(jobs.id, exceptJobId) : undefined,
      ),
    );
  const jobIds = [...new Set(held.map((h) => h.jobId))];
  const legs =
    jobIds.length === 0
      ? []
      : await db
          .select({
            jobId: jobLegs.jobId,
            departureTime: jobLegs.departureTime,
            arrivalTime: jobLegs.arrivalTime,
          })
          .from(jobLegs)
          .where(inArray(jobLegs.jobId, jobIds))
          .orderBy(asc(jobLegs.jobId), asc(jobLegs.legNumber));
  const legsOf = new Map<string, DriverWork['jobs'][number]['legs']>();
  for (const l of legs) {
    const list = legsOf.get(l.jobId) ?? [];
    list.push({ departureTime: l.departureTime, arrivalTime: l.arrivalTime });
    legsOf.set(l.jobId, list);
  }
  return {
    shifts: shiftRows,
    jobs: held
      .filter(
        (h): h is typeof h & { driverId: string; serviceDate: string } => !!h.driverId && !!h.serviceDate,
      )
      .map((h) => ({ ...h, legs: legsOf.get(h.jobId) ?? [] })),
  };
}

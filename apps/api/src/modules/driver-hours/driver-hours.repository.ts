import { and, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
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
 * instants / service dates, without `exceptJobId` (the job being checked). Two queries whatever
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
  // Each job's legs come with it, as the JSON text of [departure, arrival] pairs: a third query by a
  // thousand job ids as parameters cost more to build and to run, and jsonb objects a third more to
  // write (bench/NOTES.md §20).
  const held = await db
    .selectDistinct({
      driverId: jobVehicles.driverId,
      jobId: jobs.id,
      serviceDate: jobs.serviceDate,
      legs: sql<string | null>`(
        select json_agg(array[l.departure_time, l.arrival_time] order by l.leg_number)::text
          from ${jobLegs} l where l.job_id = ${jobs.id})`,
    })
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
  return {
    shifts: shiftRows,
    jobs: held
      .filter(
        (h): h is typeof h & { driverId: string; serviceDate: string } => !!h.driverId && !!h.serviceDate,
      )
      .map((h) => ({
        ...h,
        legs: h.legs
          ? (JSON.parse(h.legs) as [string | null, string | null][]).map(([departureTime, arrivalTime]) => ({
              departureTime,
              arrivalTime,
            }))
          : [],
      })),
  };
}

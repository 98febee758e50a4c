import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import { shiftCorrections, shifts, users, vehicles } from '../../db/schema';

// Timesheets (spec 2 §2.7): the shifts of a bounded range of days, with their corrections.

const corrector = alias(users, 'corrector');

export async function listTimesheet(
  db: Db,
  filter: { startDate: string; endDate: string; driverId?: string },
) {
  const rows = await db
    .select({
      id: shifts.id,
      driverId: shifts.driverId,
      firstName: users.firstName,
      lastName: users.lastName,
      vehicle: sql<
        string | null
      >`nullif(concat_ws(' · ', ${vehicles.registrationNumber}, ${vehicles.nickname}), '')`,
      shiftDate: shifts.shiftDate,
      startTime: shifts.startTime,
      endTime: shifts.endTime,
      notes: shifts.notes,
      endOfShiftSkipped: shifts.endOfShiftSkipped,
    })
    .from(shifts)
    .leftJoin(users, eq(users.id, shifts.driverId))
    .leftJoin(vehicles, eq(vehicles.id, shifts.vehicleId))
    .where(
      and(
        gte(shifts.shiftDate, filter.startDate),
        lte(shifts.shiftDate, filter.endDate),
        filter.driverId ? eq(shifts.driverId, filter.driverId) : undefined,
      ),
    )
    .orderBy(asc(shifts.shiftDate), asc(shifts.startTime));
  const ids = rows.map((r) => r.id);
  const corrections =
    ids.length > 0
      ? await db
          .select({
            id: shiftCorrections.id,
            shiftId: shiftCorrections.shiftId,
            originalStart: shiftCorrections.originalStart,
            originalEnd: shiftCorrections.originalEnd,
            correctedStart: shiftCorrections.correctedStart,
            correctedEnd: shiftCorrections.correctedEnd,
            reason: shiftCorrections.reason,
            correctorFirst: corrector.firstName,
            correctorLast: corrector.lastName,
            createdAt: shiftCorrections.createdAt,
          })
          .from(shiftCorrections)
          .leftJoin(corrector, eq(corrector.id, shiftCorrections.correctedBy))
          .where(inArray(shiftCorrections.shiftId, ids))
          .orderBy(asc(shiftCorrections.createdAt))
      : [];
  return rows.map((r) => ({
    ...r,
    corrections: corrections.filter((c) => c.shiftId === r.id),
  }));
}

/**
 * Totals per driver and day of a range, summed in the database: one row per driver-day instead of
 * every shift with its corrections (issue 28).
 */
// The timesheet's totals per driver and day (TimesheetSummarySchema) as ONE JSON text written by
// PostgreSQL and sent on as it is, as the job list's rows are (ADR 40): a week of a large office is
// about 900 driver-days, and mapping and checking them as objects was most of the request's cost
// (bench/NOTES.md §19). A day's flags appear only when true (json_strip_nulls of nullif).
const summaryStatements = preparedPerShape(
  (filter: { driverId?: string }) => (filter.driverId ? 'driver' : 'all'),
  (db, filter, name) =>
    db
      .select({
        json: sql<string>`'{"drivers":' || coalesce(json_agg((
            select row_to_json(o) from (select r.driver_id as "driverId",
              case when r.first_name is null and r.last_name is null then null
                else (select row_to_json(n) from (select r.first_name as "firstName", r.last_name as "lastName") n)
              end as driver,
              r.days, r.shifts, r.seconds) o
          ) order by r.first_name, r.last_name, r.driver_id)::text, '[]')
          || ',"shifts":' || coalesce(sum(r.shifts), 0) || ',"seconds":' || coalesce(sum(r.seconds), 0) || '}'`,
      })
      .from(
        sql`(
          with days as (
            select s.driver_id, s.shift_date as date, count(*)::int as shifts,
                   coalesce(round(sum(extract(epoch from s.end_time - s.start_time))), 0)::int as seconds,
                   bool_or(s.end_time is null) as active,
                   bool_or(exists (select 1 from ${shiftCorrections} c where c.shift_id = s.id)) as corrected,
                   bool_or(s.end_of_shift_skipped) as skipped
              from ${shifts} s
             where s.shift_date >= ${sql.placeholder('startDate')} and s.shift_date <= ${sql.placeholder('endDate')}
               ${filter.driverId ? sql`and s.driver_id = ${sql.placeholder('driverId')}` : sql``}
             group by s.driver_id, s.shift_date
          )
          select d.driver_id, u.first_name, u.last_name,
                 json_agg((select json_strip_nulls(row_to_json(x)) from (select d.date, d.shifts, d.seconds,
                   nullif(d.active, false) as active, nullif(d.corrected, false) as corrected,
                   nullif(d.skipped, false) as "endOfShiftSkipped") x) order by d.date) as days,
                 sum(d.shifts)::int as shifts, sum(d.seconds)::bigint as seconds
            from days d
            left join ${users} u on u.id = d.driver_id
           group by d.driver_id, u.first_name, u.last_name
        ) r`,
      )
      .prepare(name('timesheet_summary')),
);

/** The totals per driver and day of a range, as the JSON text of TimesheetSummarySchema. */
export async function timesheetSummaryText(
  db: Db,
  filter: { startDate: string; endDate: string; driverId?: string },
): Promise<string> {
  const [row] = await summaryStatements(db, filter).execute({
    startDate: filter.startDate,
    endDate: filter.endDate,
    driverId: filter.driverId,
  });
  return row?.json ?? '{"drivers":[],"shifts":0,"seconds":0}';
}

export async function lockShift(db: Db, id: string) {
  const [row] = await db
    .select({ startTime: shifts.startTime, endTime: shifts.endTime })
    .from(shifts)
    .where(eq(shifts.id, id))
    .for('update');
  return row;
}

export async function correctShift(
  db: Db,
  id: string,
  values: {
    originalStart: Date;
    originalEnd: Date | null;
    correctedStart: Date;
    correctedEnd: Date | null;
    reason: string;
    correctedBy: string;
  },
) {
  await db.insert(shiftCorrections).values({ shiftId: id, ...values });
  await db
    .update(shifts)
    .set({ startTime: values.correctedStart, endTime: values.correctedEnd, updatedAt: new Date() })
    .where(eq(shifts.id, id));
}

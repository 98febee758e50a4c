import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
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
export async function timesheetTotals(
  db: Db,
  filter: { startDate: string; endDate: string; driverId?: string },
) {
  const corrected = sql<boolean>`bool_or(exists (select 1 from ${shiftCorrections} where ${shiftCorrections.shiftId} = ${shifts.id}))`;
  return db
    .select({
      driverId: shifts.driverId,
      firstName: users.firstName,
      lastName: users.lastName,
      date: shifts.shiftDate,
      shifts: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(round(sum(extract(epoch from ${shifts.endTime} - ${shifts.startTime}))), 0)::int`,
      active: sql<boolean>`bool_or(${shifts.endTime} is null)`,
      corrected,
      endOfShiftSkipped: sql<boolean>`bool_or(${shifts.endOfShiftSkipped})`,
    })
    .from(shifts)
    .leftJoin(users, eq(users.id, shifts.driverId))
    .where(
      and(
        gte(shifts.shiftDate, filter.startDate),
        lte(shifts.shiftDate, filter.endDate),
        filter.driverId ? eq(shifts.driverId, filter.driverId) : undefined,
      ),
    )
    .groupBy(shifts.driverId, users.firstName, users.lastName, shifts.shiftDate)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(shifts.driverId), asc(shifts.shiftDate));
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

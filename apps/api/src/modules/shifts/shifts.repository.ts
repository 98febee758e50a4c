import type { Shift } from '@dms/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shifts, users, vehicles } from '../../db/schema';

const shiftColumns = {
  id: shifts.id,
  driverId: shifts.driverId,
  vehicleId: shifts.vehicleId,
  shiftDate: shifts.shiftDate,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  endOfShiftSkipped: shifts.endOfShiftSkipped,
  vehicleRego: vehicles.registrationNumber,
  vehicleNickname: vehicles.nickname,
};

type ShiftRow = {
  id: string;
  driverId: string;
  vehicleId: string | null;
  shiftDate: string;
  startTime: Date;
  endTime: Date | null;
  endOfShiftSkipped: boolean;
  vehicleRego: string | null;
  vehicleNickname: string | null;
};

const toShift = (r: ShiftRow): Shift => ({
  id: r.id,
  driverId: r.driverId,
  vehicleId: r.vehicleId,
  vehicle: r.vehicleId
    ? { id: r.vehicleId, registrationNumber: r.vehicleRego, nickname: r.vehicleNickname }
    : null,
  shiftDate: r.shiftDate,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime?.toISOString() ?? null,
  endOfShiftSkipped: r.endOfShiftSkipped,
});

/** The driver's open shift (at most one: a partial unique index sees to it). */
export async function getActiveShift(db: Db, driverId: string): Promise<Shift | undefined> {
  const [row] = await db
    .select(shiftColumns)
    .from(shifts)
    .leftJoin(vehicles, eq(vehicles.id, shifts.vehicleId))
    .where(and(eq(shifts.driverId, driverId), isNull(shifts.endTime)));
  return row ? toShift(row) : undefined;
}

export async function getShift(db: Db, id: string): Promise<Shift | undefined> {
  const [row] = await db
    .select(shiftColumns)
    .from(shifts)
    .leftJoin(vehicles, eq(vehicles.id, shifts.vehicleId))
    .where(eq(shifts.id, id));
  return row ? toShift(row) : undefined;
}

export async function insertShift(
  db: Db,
  values: { driverId: string; vehicleId: string; shiftDate: string; startTime: Date },
): Promise<string> {
  const [row] = await db.insert(shifts).values(values).returning({ id: shifts.id });
  return row!.id;
}

/**
 * Ends the driver's open shift; false when it is not theirs or already ended. `endOfShiftSkipped`
 * records a clock-out without the end-of-shift inspection (ADR 27).
 */
export async function endShift(
  db: Db,
  id: string,
  driverId: string,
  endTime: Date,
  endOfShiftSkipped = false,
): Promise<boolean> {
  const rows = await db
    .update(shifts)
    .set({ endTime, updatedAt: endTime, endOfShiftSkipped })
    .where(and(eq(shifts.id, id), eq(shifts.driverId, driverId), isNull(shifts.endTime)))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

/**
 * A company-owned, active vehicle (the only kind a driver clocks in with, spec 1 §2), locked for the
 * clock-in's transaction: two drivers clocking in with it at once take turns.
 */
export async function clockInVehicle(db: Db, id: string) {
  const [row] = await db
    .select({ id: vehicles.id, registrationNumber: vehicles.registrationNumber, nickname: vehicles.nickname })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.type, 'company_owned'), eq(vehicles.isActive, 1)))
    .for('update');
  return row;
}

/** Who holds an open shift on the vehicle, if anyone (at most one: a partial unique index sees to it). */
export async function openShiftOnVehicle(db: Db, vehicleId: string) {
  const [row] = await db
    .select({ driverId: shifts.driverId, firstName: users.firstName, lastName: users.lastName })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.driverId))
    .where(and(eq(shifts.vehicleId, vehicleId), isNull(shifts.endTime)));
  return row;
}

/** Shifts driven with the vehicle (its delete rule asks, via record-links.ts). */
export async function countShiftsOfVehicle(db: Db, vehicleId: string): Promise<number> {
  return db.$count(shifts, eq(shifts.vehicleId, vehicleId));
}

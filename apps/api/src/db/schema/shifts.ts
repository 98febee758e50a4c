import { relations, sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, instant, timestamps } from './columns';
import { vehicles } from './fleet';

// Driver shifts (clock in / clock out at the terminal). A shift with no endTime is active.

export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    // restrict (no action): timesheets are records; drivers are deactivated, not deleted.
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: text('vehicle_id').references(() => vehicles.id),
    startTime: instant('start_time').notNull().defaultNow(),
    endTime: instant('end_time'),
    /** The operator's calendar day the shift started on. */
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    /** Clocked out without the end-of-shift inspection (allowed only on a shift that carried no job, ADR 27). */
    endOfShiftSkipped: boolean('end_of_shift_skipped').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // One open shift per driver.
    uniqueIndex('shifts_one_open_per_driver_uq').on(t.driverId).where(sql`${t.endTime} is null`),
    // One open shift per vehicle: a co-driver is a job's second slot, not a second shift.
    uniqueIndex('shifts_one_open_per_vehicle_uq')
      .on(t.vehicleId)
      .where(sql`${t.endTime} is null and ${t.vehicleId} is not null`),
    index('shifts_driver_id_start_time_idx').on(t.driverId, t.startTime),
    // With the driver: the job list's Start Time finds a driver's shift on a day by both (ADR 38).
    index('shifts_shift_date_driver_id_idx').on(t.shiftDate, t.driverId),
    index('shifts_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const shiftsRelations = relations(shifts, ({ one }) => ({
  driver: one(users, { fields: [shifts.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [shifts.vehicleId], references: [vehicles.id] }),
}));

export type Shift = typeof shifts.$inferSelect;
export type NewShift = typeof shifts.$inferInsert;

/**
 * A manager's correction of a shift's times (issue 10): the shift row takes the corrected times, and
 * this row keeps what they were, who changed them and why. Nothing is overwritten silently.
 */
export const shiftCorrections = pgTable(
  'shift_corrections',
  {
    id: id(),
    shiftId: text('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    originalStart: instant('original_start').notNull(),
    originalEnd: instant('original_end'),
    correctedStart: instant('corrected_start').notNull(),
    correctedEnd: instant('corrected_end'),
    reason: text('reason').notNull(),
    correctedBy: text('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('shift_corrections_shift_id_idx').on(t.shiftId)],
);

export type ShiftCorrectionRow = typeof shiftCorrections.$inferSelect;

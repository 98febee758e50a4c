import { relations, sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    ...timestamps(),
  },
  (t) => [
    // One open shift per driver.
    uniqueIndex('shifts_one_open_per_driver_uq').on(t.driverId).where(sql`${t.endTime} is null`),
    index('shifts_driver_id_start_time_idx').on(t.driverId, t.startTime),
    index('shifts_shift_date_idx').on(t.shiftDate),
    index('shifts_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const shiftsRelations = relations(shifts, ({ one }) => ({
  driver: one(users, { fields: [shifts.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [shifts.vehicleId], references: [vehicles.id] }),
}));

export type Shift = typeof shifts.$inferSelect;
export type NewShift = typeof shifts.$inferInsert;

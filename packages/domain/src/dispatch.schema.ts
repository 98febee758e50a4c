import { z } from 'zod';
import { LapsedDriverSchema, LapsedVehicleSchema } from './compliance-lapses.schema';
import { VEHICLE_TYPES } from './fleet.schema';
import { JOB_STATUSES } from './job.schema';

// The dispatch board (issue 16): one day of vehicles and the job slots on them.

export const DISPATCH_DATE_MESSAGE = 'Date must be a day written YYYY-MM-DD, like 2026-03-31';

/** GET /api/dispatch?date=YYYY-MM-DD: a real calendar date, required. */
export const DispatchQuerySchema = z.object({
  date: z
    .string({ error: DISPATCH_DATE_MESSAGE })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DISPATCH_DATE_MESSAGE })
    .refine((d) => isCalendarDate(d), { error: DISPATCH_DATE_MESSAGE }),
});
export type DispatchQuery = z.input<typeof DispatchQuerySchema>;

/** 'YYYY-MM-DD' that names a real day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

export const DispatchVehicleSchema = z.object({
  id: z.string(),
  registrationNumber: z.string().nullable(),
  nickname: z.string().nullable(),
  /** company_owned vehicles are listed every day; subcontracted (partner) ones only when in use. */
  type: z.enum(VEHICLE_TYPES),
  depotId: z.string().nullable(),
  depotName: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  openDefect: z.object({ summary: z.string() }).nullable(),
});
export type DispatchVehicle = z.infer<typeof DispatchVehicleSchema>;

export const DispatchLegSchema = z.object({
  legNumber: z.number().int(),
  departureTime: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
});
export type DispatchLeg = z.infer<typeof DispatchLegSchema>;

/** One vehicle slot (job_vehicles row) of a job of the day. */
export const DispatchBarSchema = z.object({
  jobId: z.string(),
  jobNumber: z.string(),
  title: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  customerName: z.string().nullable(),
  slotId: z.string(),
  /** Null: the slot has no vehicle yet (the Unallocated row). */
  vehicleId: z.string().nullable(),
  /** Null: an open driver position. */
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  /** First departure and last arrival ('HH:mm'); null when the job has no times (the whole day). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  legs: z.array(DispatchLegSchema),
  /** The same vehicle or driver is on another job's bar of the day at an overlapping time. */
  clash: z.boolean(),
  /** What this job breaks of the driver hours rules for its driver (empty when nothing). */
  hours: z.array(z.object({ label: z.string(), text: z.string() })).default([]),
});
export type DispatchBar = z.infer<typeof DispatchBarSchema>;

/** An active driver with no slot on the day's jobs: the board's side list, to drop onto a bar. */
export const DispatchDriverSchema = z.object({ id: z.string(), name: z.string() });
export type DispatchDriver = z.infer<typeof DispatchDriverSchema>;

/** The board's side list is bounded; `freeDriversTotal` says how many more there are. */
export const DISPATCH_FREE_DRIVERS_LIMIT = 200;

export const DispatchDaySchema = z.object({
  date: z.string(),
  vehicles: z.array(DispatchVehicleSchema),
  bars: z.array(DispatchBarSchema),
  freeDrivers: z.array(DispatchDriverSchema).default([]),
  freeDriversTotal: z.number().int().default(0),
  /** Vehicles and drivers with a compliance record lapsed on the day (issue 26): the board marks them. */
  lapses: z
    .object({ vehicles: z.array(LapsedVehicleSchema), drivers: z.array(LapsedDriverSchema) })
    .default({ vehicles: [], drivers: [] }),
});
export type DispatchDay = z.infer<typeof DispatchDaySchema>;

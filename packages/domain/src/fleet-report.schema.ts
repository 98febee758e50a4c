import { z } from 'zod';
import { addDays } from './dates';
import { isCalendarDate } from './dispatch.schema';

// Fleet Overview (issue 16): four charts over a range of the operator's calendar, each computed in one
// SQL query on the server (ADR 0019). The range is bounded so that no chart reads more than a year.

export const FLEET_CHARTS = ['fuel-economy', 'inspection-fail-rate', 'driver-hours', 'open-defects'] as const;
export type FleetChart = (typeof FLEET_CHARTS)[number];

/** At most a year (a leap year's 366 days) in one range. */
export const MAX_FLEET_RANGE_DAYS = 366;
/** Vehicles one chart answers at most, worst first; the response says when more were left out. */
export const FLEET_VEHICLE_LIMIT = 200;
/** The default range: this week and the eleven before it. */
export const DEFAULT_FLEET_WEEKS = 12;

export const FLEET_RANGE_TOO_LONG = `Choose at most ${MAX_FLEET_RANGE_DAYS} days`;
export const FLEET_RANGE_BACKWARDS = 'The end date is before the start date';
export const FLEET_DATE_MESSAGE = 'Use a date like 2026-03-31';

/** The Monday (YYYY-MM-DD) of the week a date falls in. */
export function mondayOf(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The default range from the operator's `today`: from the Monday eleven weeks back, to today. */
export function defaultFleetRange(today: string): { from: string; to: string } {
  return { from: addDays(mondayOf(today), -7 * (DEFAULT_FLEET_WEEKS - 1)), to: today };
}

/** A calendar date both engines and every browser take (PostgreSQL has no year 0). */
const isReportDate = (value: string) =>
  isCalendarDate(value) && value >= '1900-01-01' && value <= '2999-12-31';

/** What is wrong with a range, as the API's validation error would say it, or null. */
export function fleetRangeProblem(from: string, to: string): { path: 'from' | 'to'; message: string } | null {
  if (!isReportDate(from)) return { path: 'from', message: FLEET_DATE_MESSAGE };
  if (!isReportDate(to)) return { path: 'to', message: FLEET_DATE_MESSAGE };
  if (to < from) return { path: 'to', message: FLEET_RANGE_BACKWARDS };
  if (to > addDays(from, MAX_FLEET_RANGE_DAYS - 1)) return { path: 'to', message: FLEET_RANGE_TOO_LONG };
  return null;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const calendarDate = z.preprocess(
  blankToUndefined,
  z.string().refine(isReportDate, { error: FLEET_DATE_MESSAGE }).optional(),
);

/**
 * from/to: dates of the operator's calendar, both included. Either may be left out: `to` is then
 * today, `from` the Monday eleven weeks before `to`. The route checks the range once both are known.
 */
export const FleetRangeQuerySchema = z.object({ from: calendarDate, to: calendarDate });
export type FleetRangeQuery = z.input<typeof FleetRangeQuerySchema>;

const range = { from: z.string(), to: z.string() };
const vehicleList = {
  ...range,
  /** Vehicles there were in all; more than `limit` means the list was cut. */
  total: z.number().int(),
  limit: z.number().int(),
  truncated: z.boolean(),
};

export const FuelEconomyRowSchema = z.object({
  vehicleId: z.string(),
  vehicle: z.string(),
  /** Fuel logs with a trusted odometer reading in the range. */
  fills: z.number().int(),
  /** Litres put in after the first trusted fill (the first one refilled what was used before the range). */
  litres: z.number(),
  /** Highest minus lowest trusted reading; null with fewer than two readings. */
  distanceKm: z.number().int().nullable(),
  /** null when there is no distance to divide by. */
  litresPer100Km: z.number().nullable(),
});
export type FuelEconomyRow = z.infer<typeof FuelEconomyRowSchema>;
export const FuelEconomySchema = z.object({ ...vehicleList, items: z.array(FuelEconomyRowSchema) });
export type FuelEconomy = z.infer<typeof FuelEconomySchema>;

export const InspectionWeekSchema = z.object({
  /** Monday of the week, operator's calendar. */
  weekStart: z.string(),
  forms: z.number().int(),
  failed: z.number().int(),
  /** failed / forms, 0 to 1; null in a week without forms. */
  failRate: z.number().nullable(),
});
export type InspectionWeek = z.infer<typeof InspectionWeekSchema>;
export const InspectionFailRateSchema = z.object({ ...range, weeks: z.array(InspectionWeekSchema) });
export type InspectionFailRate = z.infer<typeof InspectionFailRateSchema>;

export const DriverHoursWeekSchema = z.object({
  weekStart: z.string(),
  /** Closed shifts that started in the week. */
  shifts: z.number().int(),
  /** Their length in hours, two decimals. */
  hours: z.number(),
});
export type DriverHoursWeek = z.infer<typeof DriverHoursWeekSchema>;
export const DriverHoursSchema = z.object({ ...range, weeks: z.array(DriverHoursWeekSchema) });
export type DriverHours = z.infer<typeof DriverHoursSchema>;

export const OpenDefectsRowSchema = z.object({
  vehicleId: z.string(),
  vehicle: z.string(),
  openDefects: z.number().int(),
  /** ISO instant of the oldest of them. */
  oldestReportedAt: z.string(),
});
export type OpenDefectsRow = z.infer<typeof OpenDefectsRowSchema>;
export const OpenDefectsSchema = z.object({ ...vehicleList, items: z.array(OpenDefectsRowSchema) });
export type OpenDefects = z.infer<typeof OpenDefectsSchema>;

export interface FleetChartData {
  'fuel-economy': FuelEconomy;
  'inspection-fail-rate': InspectionFailRate;
  'driver-hours': DriverHours;
  'open-defects': OpenDefects;
}

import { addDays } from './dates';
import { daysBetween } from './invoice-totals';

// When a compliance record is current, when a service falls due, and what is wrong for a driver and a
// vehicle on a date (issue 26, ADR 33). Pure: the API's due list and the allocation checks both call
// these, so the rule is written once.

/**
 * An expiry date is the last day the record is good for: a registration that expires on 12 Dec
 * still covers a job on 12 Dec, not one on 13 Dec. No date recorded is not current.
 */
export function isCurrentOn(expiry: string | null | undefined, date: string): boolean {
  return !!expiry && date <= expiry;
}

/**
 * `months` calendar months after a YYYY-MM-DD date, held to the month's last day: six months after
 * 31 Aug is 28 Feb (29 in a leap year), never 3 Mar.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The safety inspection's due date: the certificate's own date if recorded, else the last inspection plus its interval. */
export function inspectionDueDate(record: {
  inspectionDue?: string | null;
  lastInspectionDate?: string | null;
  inspectionIntervalMonths?: number | null;
}): string | null {
  if (record.inspectionDue) return record.inspectionDue;
  if (record.lastInspectionDate && record.inspectionIntervalMonths) {
    return addMonths(record.lastInspectionDate, record.inspectionIntervalMonths);
  }
  return null;
}

export const DUE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** Overdue after the expiry, due soon within `withinDays` of it (inclusive), else ok. */
export function dueState(expiry: string, today: string, withinDays: number): DueState {
  const left = daysBetween(today, expiry);
  if (left < 0) return 'overdue';
  return left <= withinDays ? 'due_soon' : 'ok';
}

/** A service is due soon this close to its distance: a tenth of the interval. */
export function serviceDueSoonKm(intervalKm: number): number {
  return Math.max(1, Math.round(intervalKm / 10));
}

export interface ServiceInterval {
  serviceIntervalKm: number | null;
  serviceIntervalMonths: number | null;
  lastServiceDate: string | null;
  lastServiceOdometer: number | null;
}

export interface ServiceStatus {
  /** 'unknown' when no interval, or nothing to count it from, is recorded. */
  state: DueState | 'unknown';
  /** The date the time interval ends (null without a months interval). */
  dueDate: string | null;
  /** The odometer reading the distance interval ends at (null without a km interval). */
  dueOdometer: number | null;
  /** Kilometres left before dueOdometer (negative when past it); null without a reading. */
  kmLeft: number | null;
  /** Days left before dueDate (negative when past it). */
  daysLeft: number | null;
  /** Which limit decides the state: the worse one, 'km' or 'months'. */
  by: 'km' | 'months' | null;
}

/**
 * Service due by distance or by time, whichever comes first. The distance counts from the last
 * service's odometer to `currentOdometer` (the latest fuel-log reading).
 */
export function serviceStatus(
  interval: ServiceInterval,
  currentOdometer: number | null,
  today: string,
  withinDays: number,
): ServiceStatus {
  const rank: Record<DueState, number> = { ok: 0, due_soon: 1, overdue: 2 };
  let state: DueState | 'unknown' = 'unknown';
  let by: ServiceStatus['by'] = null;
  let dueDate: string | null = null;
  let daysLeft: number | null = null;
  let dueOdometer: number | null = null;
  let kmLeft: number | null = null;
  const consider = (s: DueState, which: 'km' | 'months') => {
    if (state === 'unknown' || rank[s] > rank[state]) {
      state = s;
      by = which;
    }
  };
  if (interval.serviceIntervalMonths && interval.lastServiceDate) {
    dueDate = addMonths(interval.lastServiceDate, interval.serviceIntervalMonths);
    daysLeft = daysBetween(today, dueDate);
    consider(dueState(dueDate, today, withinDays), 'months');
  }
  if (interval.serviceIntervalKm && interval.lastServiceOdometer !== null) {
    dueOdometer = interval.lastServiceOdometer + interval.serviceIntervalKm;
    if (currentOdometer !== null) {
      kmLeft = dueOdometer - currentOdometer;
      const s: DueState =
        kmLeft < 0 ? 'overdue' : kmLeft <= serviceDueSoonKm(interval.serviceIntervalKm) ? 'due_soon' : 'ok';
      consider(s, 'km');
    }
  }
  return { state, dueDate, dueOdometer, kmLeft, daysLeft, by };
}

/** The end of a due-soon window: today plus N days. */
export const dueHorizon = (today: string, days: number) => addDays(today, days);

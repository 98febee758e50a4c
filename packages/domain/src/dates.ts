import { dateFormat } from './format';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone, e.g. "today" for the operator. */
export function dateInZone(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const JOB_LIST_PERIODS = ['today', 'week', 'month', 'upcoming'] as const;
export type JobListPeriod = (typeof JOB_LIST_PERIODS)[number];

/** Day of the week of a YYYY-MM-DD date, Monday 0 … Sunday 6. */
function mondayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The service dates a period covers, from the operator's `today`: this week runs Monday to Sunday
 * (spec 2 §9), this month from its first to its last day, upcoming from tomorrow on.
 */
export function periodRange(period: JobListPeriod, today: string): { from: string; to: string | null } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const from = addDays(today, -mondayIndex(today));
      return { from, to: addDays(from, 6) };
    }
    case 'month': {
      const from = `${today.slice(0, 8)}01`;
      const next = new Date(`${from}T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
    }
    case 'upcoming':
      return { from: addDays(today, 1), to: null };
  }
}

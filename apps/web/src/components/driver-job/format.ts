import type { Formatters } from '@dms/domain';

// A job's date of service on the cards and dialogs: a calendar day, never moved by a time zone.
export function serviceDateLabel(format: Formatters, date: string | null): string {
  return date ? format.longServiceDate(date) : 'Date to be confirmed';
}

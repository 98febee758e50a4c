// Dates and times on the driver's cards. A date of service is a calendar date ('YYYY-MM-DD'):
// formatted in UTC so that no time zone moves it to another day.

const LOCALE = 'en-AU';

export function formatServiceDate(date: string | null, style: 'long' | 'short' = 'long'): string {
  if (!date) return 'Date to be confirmed';
  return new Intl.DateTimeFormat(LOCALE, {
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export function formatInstant(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

// Money and date formatting for the documents, kept in one place so the shared formatters of
// packages/domain (issue 13) can replace it.

export interface PdfFormat {
  money(amount: number): string;
  /** A service date 'YYYY-MM-DD', shown as that calendar day whatever the time zone. */
  serviceDate(date: string | null): string;
  /** An instant (ISO text or Date) as a calendar day in the operator's time zone. */
  instantDate(instant: string | Date): string;
  percent(rate: number): string;
}

export function pdfFormat(locale: string, timeZone: string, currency: string): PdfFormat {
  const moneyFormat = safe(
    () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
    () => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }),
  );
  const dayFormat = (zone: string) =>
    safe(
      () =>
        new Intl.DateTimeFormat(locale, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: zone,
        }),
      () =>
        new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );
  const serviceDay = dayFormat('UTC');
  const instantDay = dayFormat(timeZone);
  const percentFormat = safe(
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
    () => new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 }),
  );
  return {
    money: (amount) => moneyFormat.format(amount),
    serviceDate: (date) => {
      if (!date) return 'To be confirmed';
      const day = new Date(`${date}T00:00:00Z`);
      return Number.isNaN(day.getTime()) ? date : serviceDay.format(day);
    },
    instantDate: (instant) => {
      const day = typeof instant === 'string' ? new Date(instant) : instant;
      return Number.isNaN(day.getTime()) ? '' : instantDay.format(day);
    },
    percent: (rate) => `${percentFormat.format(rate)}%`,
  };
}

/** An unknown locale, currency or time zone falls back rather than failing the whole document. */
function safe<T>(make: () => T, fallback: () => T): T {
  try {
    return make();
  } catch {
    return fallback();
  }
}

// Money, numbers, dates and times in the operator's terms (issue 13, ADR 0013). Every screen, mail,
// PDF and CSV export formats through here, so an operator's currency, locale and time zone are
// applied once. Intl does the work: no hand-made symbol or month tables.

/** What the operator formats in: their currency (ISO 4217), locale (BCP 47) and time zone (IANA). */
export interface OperatorFormat {
  currency: string;
  locale: string;
  timeZone: string;
}

export const DEFAULT_OPERATOR_CURRENCY = 'AUD';
export const DEFAULT_OPERATOR_LOCALE = 'en-AU';
export const DEFAULT_OPERATOR_TIME_ZONE = 'Australia/Sydney';

export const DEFAULT_OPERATOR_FORMAT: OperatorFormat = {
  currency: DEFAULT_OPERATOR_CURRENCY,
  locale: DEFAULT_OPERATOR_LOCALE,
  timeZone: DEFAULT_OPERATOR_TIME_ZONE,
};

export const CURRENCY_MESSAGE = 'Currency must be a 3-letter code such as AUD';
export const LOCALE_MESSAGE = 'Locale must be a language and region such as en-AU';

/** The locales offered in General settings (any tag Intl knows is accepted by the API). */
export const OPERATOR_LOCALES = [
  'en-AU',
  'en-NZ',
  'en-GB',
  'en-IE',
  'en-US',
  'en-CA',
  'en-ZA',
  'en-SG',
  'en-IN',
  'fr-FR',
  'de-DE',
  'es-ES',
  'it-IT',
  'nl-NL',
] as const;

let knownCurrencies: Set<string> | undefined;

/** An ISO 4217 code this runtime can format, e.g. 'AUD' (upper case only). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

/** A well-formed BCP 47 tag this runtime has data for, e.g. 'en-AU'. */
export function isLocale(tag: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return false;
  // The runtime's locale data never changes while it runs, and the operator's own locale is asked
  // about on most requests: the answer is kept (the pattern above bounds what may be kept).
  const known = localeAnswers.get(tag);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    answer = Intl.NumberFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    answer = false;
  }
  if (localeAnswers.size < 256) localeAnswers.set(tag, answer);
  return answer;
}
const localeAnswers = new Map<string, boolean>();

/** The currencies an operator may choose, by code. */
export function currencyCodes(): string[] {
  return Intl.supportedValuesOf('currency');
}

// Building an Intl formatter costs far more than using one: keep each one made.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** A date formatter for these options, made once (dates.ts uses it for `dateInZone`). */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, f);
  }
  return f;
}

/** A usable locale: the given one, else the default (a bad stored value must not break a screen). */
function safeLocale(locale: string): string {
  return isLocale(locale) ? locale : DEFAULT_OPERATOR_LOCALE;
}

/** Zones asked about before: making a formatter to test one was 5 % of a PIN sign-in's CPU (bench/NOTES.md §20). */
const usableZones = new Map<string, string>();

/** A usable time zone: the given one, else the default. */
function safeTimeZone(timeZone: string): string {
  let usable = usableZones.get(timeZone);
  if (usable === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      usable = timeZone;
    } catch {
      usable = DEFAULT_OPERATOR_TIME_ZONE;
    }
    // Whatever a stored setting holds, the answers kept stay few.
    if (usableZones.size >= 200) usableZones.clear();
    usableZones.set(timeZone, usable);
  }
  return usable;
}

/**
 * An amount in a currency, rounded to the currency's minor unit: '$31,620.00', '-$12.50', '£0.00'.
 * With `showCode`, the ISO code stands in for the symbol ('USD 1,200.00'), for an amount in a
 * currency other than the reader's own. An unknown code is shown as code and number.
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale: string = DEFAULT_OPERATOR_LOCALE,
  { showCode = false }: { showCode?: boolean } = {},
): string {
  const value = Number.isFinite(amount) ? amount : 0;
  if (!isCurrencyCode(currency)) return `${currency} ${value.toFixed(2)}`;
  const f = numberFormat(safeLocale(locale), {
    style: 'currency',
    currency,
    // The narrow symbol: '£' for GBP even in en-AU, where the plain symbol would read 'GBP'. The
    // code is shown wherever two dollars could be confused (showCode).
    currencyDisplay: showCode ? 'code' : 'narrowSymbol',
  });
  // '-$0.00' for an amount that rounds to nothing reads as a debt: show it as zero.
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value);
}

type Instant = string | number | Date;

function toDate(instant: Instant): Date | null {
  const d = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The formatters of one operator: call once per operator (or per render) and use everywhere. */
export function createFormatters(operator: OperatorFormat) {
  const locale = safeLocale(operator.locale);
  const timeZone = safeTimeZone(operator.timeZone);
  const at = (options: Intl.DateTimeFormatOptions) => (instant: Instant | null | undefined) => {
    const d = instant === null || instant === undefined ? null : toDate(instant);
    return d ? dateFormat(locale, { ...options, timeZone }).format(d) : '';
  };
  // A service date is a calendar day, not an instant: format it in UTC so no zone moves it.
  const day = (options: Intl.DateTimeFormatOptions) => (date: string | null | undefined) => {
    if (!date) return '';
    const d = toDate(`${date.slice(0, 10)}T00:00:00Z`);
    return d ? dateFormat(locale, { ...options, timeZone: 'UTC' }).format(d) : date;
  };
  return {
    operator: { ...operator, locale, timeZone },
    /** An amount in the operator's currency (customer revenue, totals across jobs). */
    money: (amount: number) => formatMoney(amount, operator.currency, locale),
    /** A job's amount in the job's own currency, with its ISO code when that is not the operator's. */
    jobMoney: (amount: number, currency: string) =>
      formatMoney(amount, currency, locale, { showCode: currency !== operator.currency }),
    /** A count or measure: '12,345', or with the given fraction digits at most. */
    number: (value: number, maximumFractionDigits = 0) =>
      numberFormat(locale, { maximumFractionDigits }).format(value),
    /** A measure with exactly `digits` fraction digits in the locale: '1,234.50' (en-AU), '1.234,50' (de-DE). */
    decimal: (value: number, digits: number) =>
      numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
    /** '23 Nov 2026' */
    date: at({ dateStyle: 'medium' }),
    /** '9:05 am' (the locale's clock) */
    time: at({ timeStyle: 'short' }),
    /** '09:05', a 24-hour clock (timesheets). */
    clock: at({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    /** '23 Nov 2026, 9:05 am' */
    dateTime: at({ dateStyle: 'medium', timeStyle: 'short' }),
    /** 'Monday, 23 November 2026' */
    longDate: at({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    /** 'an hour ago', '3 days ago', 'in 5 minutes' (minutes under an hour, hours under a day). */
    relative: (instant: Instant, now: number = Date.now()) => {
      const d = toDate(instant);
      if (!d) return '';
      const rtf = relativeFormat(locale);
      const minutes = Math.round((now - d.getTime()) / 60_000);
      if (Math.abs(minutes) < 60) return rtf.format(-minutes, 'minute');
      const hours = Math.round(minutes / 60);
      if (Math.abs(hours) < 24) return rtf.format(-hours, 'hour');
      return rtf.format(-Math.round(hours / 24), 'day');
    },
    /** A service date 'YYYY-MM-DD' as '23 Nov 2026'. */
    serviceDate: day({ dateStyle: 'medium' }),
    /** A date 'YYYY-MM-DD' without its year, as 'Mon 23 Nov' or 'Monday 23 Nov'. */
    dayLabel: (date: string, weekday: 'long' | 'short' = 'long') =>
      day({ weekday, day: 'numeric', month: 'short' })(date),
    /** A service date 'YYYY-MM-DD' as 'Monday, 23 November 2026'. */
    longServiceDate: day({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    /**
     * A report's date and time (ADR 27): the locale's numeric date and a 24-hour clock, in the
     * operator's zone: '23/11/2026, 09:05' (en-AU), '11/23/2026, 09:05' (en-US), '23.11.2026, 09:05'
     * (de-DE). Spec 2 §2.6's 'MMM dd, yyyy HH:mm' read as American in a product that says 23/11/2026.
     */
    reportDateTime: at({
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
  };
}

export type Formatters = ReturnType<typeof createFormatters>;

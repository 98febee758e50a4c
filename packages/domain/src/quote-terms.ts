// What a quote says about tax and how long it holds (issue 29, ADR 29): the name of the tax on the
// tax line and the "valid until" date. Both are document settings; these are their defaults.

/** How many days a quote holds when the settings do not say. */
export const DEFAULT_QUOTE_VALID_DAYS = 14;
export const QUOTE_VALID_DAYS_MAX = 365;
export const QUOTE_VALID_DAYS_MESSAGE = `Valid for must be a whole number of days from 1 to ${QUOTE_VALID_DAYS_MAX}`;
export const TAX_LABEL_MAX_LENGTH = 20;

// Where the tax on a coach charter is called GST or VAT; anywhere else it is 'Tax'.
const GST_REGIONS = new Set(['AU', 'NZ', 'CA', 'SG', 'IN', 'MY']);
const VAT_REGIONS = new Set([
  'GB',
  'IE',
  'ZA',
  'AE',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'NO',
  'CH',
]);

/** The usual name of the tax in the operator's locale: 'GST' for en-AU, 'VAT' for en-GB, else 'Tax'. */
export function defaultTaxLabel(locale: string | null | undefined): string {
  let region: string | undefined;
  try {
    region = locale ? new Intl.Locale(locale).maximize().region : undefined;
  } catch {
    region = undefined;
  }
  if (region && GST_REGIONS.has(region)) return 'GST';
  if (region && VAT_REGIONS.has(region)) return 'VAT';
  return 'Tax';
}

/** The label printed on the tax line: the setting when there is one, else the locale's usual name. */
export function taxLabelFor(setting: string | null | undefined, locale: string | null | undefined): string {
  return setting?.trim() || defaultTaxLabel(locale);
}

/** The last day a quote issued on `issued` ('YYYY-MM-DD') holds: `days` later, as 'YYYY-MM-DD'. */
export function quoteValidUntil(issued: string, days: number): string {
  const date = new Date(`${issued}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

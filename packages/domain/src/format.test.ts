import { describe, expect, it } from 'vitest';
import { createFormatters, formatMoney, isCurrencyCode, isLocale } from './format';

// Intl separates a currency code from its number with a no-break space.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('formats AUD, GBP and USD in their operators’ locales', () => {
    expect(formatMoney(31620, 'AUD', 'en-AU')).toBe('$31,620.00');
    expect(formatMoney(31620, 'GBP', 'en-GB')).toBe('£31,620.00');
    expect(formatMoney(31620, 'USD', 'en-US')).toBe('$31,620.00');
    // An operator in Australia who bills in pounds still reads '£'.
    expect(formatMoney(31620, 'GBP', 'en-AU')).toBe('£31,620.00');
  });

  it('formats negative and zero amounts, never as a negative zero', () => {
    expect(formatMoney(-12.5, 'AUD', 'en-AU')).toBe('-$12.50');
    expect(formatMoney(-1234.56, 'GBP', 'en-GB')).toBe('-£1,234.56');
    expect(formatMoney(0, 'AUD', 'en-AU')).toBe('$0.00');
    expect(formatMoney(-0, 'AUD', 'en-AU')).toBe('$0.00');
    expect(formatMoney(-0.004, 'USD', 'en-US')).toBe('$0.00');
  });

  it('rounds to cents, half away from zero', () => {
    expect(formatMoney(10.125, 'AUD', 'en-AU')).toBe('$10.13');
    expect(formatMoney(-10.125, 'AUD', 'en-AU')).toBe('-$10.13');
    expect(formatMoney(99.994, 'USD', 'en-US')).toBe('$99.99');
    expect(formatMoney(1 / 3, 'GBP', 'en-GB')).toBe('£0.33');
  });

  it('shows the ISO code instead of the symbol when asked, and a currency without cents whole', () => {
    expect(plain(formatMoney(1200, 'USD', 'en-AU', { showCode: true }))).toBe('USD 1,200.00');
    expect(formatMoney(1200.4, 'JPY', 'en-AU')).toBe('¥1,200');
  });

  it('shows an unknown code as code and number instead of failing', () => {
    expect(formatMoney(5, 'XYZ', 'en-AU')).toBe('XYZ 5.00');
    expect(formatMoney(5, 'AUD', 'not a locale')).toBe('$5.00');
  });
});

describe('createFormatters', () => {
  const sydney = createFormatters({ currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' });
  const london = createFormatters({ currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' });

  it('shows a job’s amount with its code only when it is not the operator’s currency', () => {
    expect(sydney.jobMoney(980, 'AUD')).toBe('$980.00');
    expect(plain(sydney.jobMoney(980, 'NZD'))).toBe('NZD 980.00');
    expect(london.money(31620)).toBe('£31,620.00');
    expect(plain(london.jobMoney(980, 'AUD'))).toBe('AUD 980.00');
  });

  it('formats instants in the operator’s time zone and locale', () => {
    // 22:30 UTC on 22 Nov is 09:30 on 23 Nov in Sydney (daylight time) and still 22 Nov in London.
    const instant = '2026-11-22T22:30:00Z';
    expect(sydney.date(instant)).toBe('23 Nov 2026');
    expect(london.date(instant)).toBe('22 Nov 2026');
    // Reports: the locale's numeric date and a 24-hour clock, never 'Nov 23, 2026' (ADR 27).
    expect(sydney.reportDateTime(instant)).toBe('23/11/2026, 09:30');
    expect(london.reportDateTime(instant)).toBe('22/11/2026, 22:30');
    expect(
      createFormatters({ currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' }).reportDateTime(
        instant,
      ),
    ).toBe('11/22/2026, 17:30');
    expect(
      createFormatters({ currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' }).reportDateTime(
        instant,
      ),
    ).toBe('22.11.2026, 23:30');
    expect(sydney.decimal(1234.5, 2)).toBe('1,234.50');
    expect(sydney.time(instant)).toMatch(/^9:30\s?am$/);
    expect(sydney.date(null)).toBe('');
    expect(sydney.date('not a date')).toBe('');
  });

  it('says how long ago in words', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(sydney.relative('2026-11-23T09:55:00Z', now)).toBe('5 minutes ago');
    expect(sydney.relative('2026-11-23T07:00:00Z', now)).toBe('3 hours ago');
    expect(sydney.relative('2026-11-22T10:00:00Z', now)).toBe('yesterday');
    expect(sydney.relative('2026-11-23T10:00:00Z', now)).toBe('this minute');
  });

  it('keeps a service date on its calendar day whatever the zone', () => {
    expect(sydney.serviceDate('2026-11-23')).toBe('23 Nov 2026');
    expect(london.longServiceDate('2026-11-23')).toBe('Monday, 23 November 2026');
    const newYork = createFormatters({ currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' });
    expect(newYork.longServiceDate('2026-11-23')).toBe('Monday, November 23, 2026');
    expect(newYork.serviceDate('2026-11-23')).toBe('Nov 23, 2026');
  });

  it('falls back to the defaults for an unusable locale or zone', () => {
    const broken = createFormatters({ currency: 'AUD', locale: '??', timeZone: 'Mars/Olympus' });
    expect(broken.money(1)).toBe('$1.00');
    expect(broken.serviceDate('2026-11-23')).toBe('23 Nov 2026');
  });

  it('keeps each zone its own answer when asked again, the unusable and the usable alike', () => {
    for (let round = 0; round < 2; round++) {
      expect(
        createFormatters({ currency: 'AUD', locale: 'en-AU', timeZone: 'Mars/Olympus' }).operator.timeZone,
      ).toBe('Australia/Sydney');
      expect(
        createFormatters({ currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' }).operator.timeZone,
      ).toBe('Europe/London');
    }
  });
});

describe('validation helpers', () => {
  it('knows ISO currency codes and locale tags', () => {
    expect(isCurrencyCode('AUD')).toBe(true);
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('aud')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isLocale('en-AU')).toBe(true);
    expect(isLocale('en-GB')).toBe(true);
    expect(isLocale('english')).toBe(false);
    expect(isLocale('')).toBe(false);
  });
});

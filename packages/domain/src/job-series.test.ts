import { describe, expect, it } from 'vitest';
import { expandSeries, parseSeriesRule, weeklyRule } from './job-series';

const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
// The domain package carries no Node types; the tests run in Node, where TZ may change at run time.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

describe('expandSeries', () => {
  it('keeps every date across the Australia/Sydney daylight-saving changes (April and October)', () => {
    const previous = env.TZ;
    env.TZ = 'Australia/Sydney';
    try {
      // Clocks go back on Sunday 5 April 2026 and forward on Sunday 4 October 2026.
      expect(expandSeries({ rule: 'FREQ=DAILY', start: '2026-04-03', until: '2026-04-07' })).toEqual([
        '2026-04-03',
        '2026-04-04',
        '2026-04-05',
        '2026-04-06',
        '2026-04-07',
      ]);
      expect(expandSeries({ rule: 'FREQ=WEEKLY;BYDAY=SU', start: '2026-09-20', count: 3 })).toEqual([
        '2026-09-20',
        '2026-09-27',
        '2026-10-04',
      ]);
      expect(expandSeries({ rule: 'FREQ=DAILY', start: '2026-10-03', until: '2026-10-05' })).toEqual([
        '2026-10-03',
        '2026-10-04',
        '2026-10-05',
      ]);
    } finally {
      env.TZ = previous;
    }
  });

  it('repeats on chosen weekdays until a date, inclusive', () => {
    const dates = expandSeries({ rule: WEEKDAYS, start: '2026-02-02', until: '2026-02-13' });
    expect(dates).toHaveLength(10);
    expect(dates[0]).toBe('2026-02-02');
    expect(dates.at(-1)).toBe('2026-02-13');
  });

  it('repeats every N weeks', () => {
    expect(expandSeries({ rule: weeklyRule(['TU'], 2), start: '2026-03-03', count: 3 })).toEqual([
      '2026-03-03',
      '2026-03-17',
      '2026-03-31',
    ]);
  });

  it('counts the occurrences left after the exclusions', () => {
    const dates = expandSeries({
      rule: WEEKDAYS,
      start: '2026-01-22',
      count: 4,
      excludeDates: ['2026-01-23'],
      holidays: ['2026-01-26'],
    });
    expect(dates).toEqual(['2026-01-22', '2026-01-27', '2026-01-28', '2026-01-29']);
  });

  it('keeps only school days in term, or only days out of term', () => {
    const terms = [
      { startDate: '2026-01-27', endDate: '2026-01-30' },
      { startDate: '2026-02-09', endDate: '2026-02-10' },
    ];
    const base = { rule: WEEKDAYS, start: '2026-01-26', until: '2026-02-13', terms };
    expect(expandSeries({ ...base, schoolTerms: 'in' })).toEqual([
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-02-09',
      '2026-02-10',
    ]);
    expect(expandSeries({ ...base, schoolTerms: 'out', holidays: ['2026-01-26'] })).toEqual([
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-06',
      '2026-02-11',
      '2026-02-12',
      '2026-02-13',
    ]);
  });

  it("applies each read's own exclusions, count and terms to a rule it has expanded before", () => {
    const rule = { rule: 'FREQ=WEEKLY;BYDAY=MO', start: '2027-02-01', until: '2027-03-01' };
    const mondays = ['2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01'];
    expect(expandSeries(rule)).toEqual(mondays);
    expect(expandSeries({ ...rule, excludeDates: ['2027-02-08'], holidays: ['2027-02-22'] })).toEqual([
      '2027-02-01',
      '2027-02-15',
      '2027-03-01',
    ]);
    expect(expandSeries({ ...rule, until: null, count: 2, excludeDates: ['2027-02-01'] })).toEqual([
      '2027-02-08',
      '2027-02-15',
    ]);
    const terms = [{ startDate: '2027-02-10', endDate: '2027-02-20' }];
    expect(expandSeries({ ...rule, schoolTerms: 'out', terms })).toEqual([
      '2027-02-01',
      '2027-02-08',
      '2027-02-22',
      '2027-03-01',
    ]);
    // A later read of the plain rule is not changed by what the reads before it left out.
    expect(expandSeries(rule)).toEqual(mondays);
    expect(() => expandSeries({ ...rule, rule: 'FREQ=HOURLY' })).toThrow();
  });

  it('refuses rules it cannot honour', () => {
    expect(parseSeriesRule('FREQ=HOURLY').ok).toBe(false);
    expect(parseSeriesRule('nonsense').ok).toBe(false);
    expect(parseSeriesRule('FREQ=WEEKLY;COUNT=3').ok).toBe(false);
    expect(parseSeriesRule('RRULE:FREQ=WEEKLY;BYDAY=MO')).toEqual({ ok: true, rule: 'FREQ=WEEKLY;BYDAY=MO' });
  });
});

describe('weeklyRule', () => {
  it('lists the chosen days Monday first, whatever order they were picked in', () => {
    expect(weeklyRule(['FR', 'MO', 'WE'])).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
  });

  it('says the interval only when the series skips weeks', () => {
    expect(weeklyRule(['TU'], 2)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
    expect(weeklyRule(['SU'], 1)).toBe('FREQ=WEEKLY;BYDAY=SU');
  });

  it('gives a rule the series accepts', () => {
    expect(parseSeriesRule(weeklyRule(['MO', 'TU', 'WE', 'TH', 'FR'], 3))).toEqual({
      ok: true,
      rule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR',
    });
  });
});

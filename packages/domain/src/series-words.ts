import { HOLIDAY_REGION_LABELS, type HolidayRegion, type JobSeries } from './job-series.schema';

// A series' rule in the office's words (issue 27, ADR 36): the job detail and the driver's series
// offer say "Every weekday, 2 Feb 2026 – 2 Apr 2026, school days in term, New South Wales public
// holidays left out" rather than an RFC 5545 string.

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const DAY_NAMES: Record<(typeof DAYS)[number], string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

/** 'Mon, Wed and Fri'. */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** How often: 'Every weekday', 'Every Mon and Thu', 'Every 2 weeks on Tue', 'Every day'. */
export function repeatInWords(rrule: string): string {
  const parts = new Map(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((p) => p.split('=') as [string, string])
      .map(([k, v]) => [k.toUpperCase(), (v ?? '').toUpperCase()]),
  );
  const interval = Math.max(1, Number(parts.get('INTERVAL') ?? '1') || 1);
  const freq = parts.get('FREQ');
  const days = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter((d): d is (typeof DAYS)[number] => (DAYS as readonly string[]).includes(d))
    .sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
  if (freq === 'DAILY') return interval === 1 ? 'Every day' : `Every ${interval} days`;
  if (freq === 'WEEKLY') {
    const weekdays = days.length === 5 && !days.includes('SA') && !days.includes('SU');
    const on = weekdays ? 'weekday' : listed(days.map((d) => DAY_NAMES[d]));
    if (interval === 1) return days.length ? `Every ${on}` : 'Every week';
    return days.length
      ? `Every ${interval} weeks on ${weekdays ? 'weekdays' : on}`
      : `Every ${interval} weeks`;
  }
  if (freq === 'MONTHLY') return interval === 1 ? 'Every month' : `Every ${interval} months`;
  if (freq === 'YEARLY') return interval === 1 ? 'Every year' : `Every ${interval} years`;
  return 'Repeats';
}

/**
 * The whole rule: how often, from when to when (or how many dates), and what is left out.
 * `formatDate` formats a `YYYY-MM-DD` in the operator's terms.
 */
export function seriesInWords(
  series: Pick<
    JobSeries,
    'rrule' | 'startDate' | 'untilDate' | 'count' | 'excludeDates' | 'holidaysRegion' | 'schoolTerms'
  >,
  formatDate: (date: string) => string,
): string {
  const words = [repeatInWords(series.rrule)];
  words.push(
    series.untilDate
      ? `${formatDate(series.startDate)} – ${formatDate(series.untilDate)}`
      : `from ${formatDate(series.startDate)}${series.count ? `, ${series.count} dates` : ''}`,
  );
  if (series.schoolTerms === 'in') words.push('school days in term');
  if (series.schoolTerms === 'out') words.push('outside school terms');
  const region = series.holidaysRegion as HolidayRegion | null;
  if (region && HOLIDAY_REGION_LABELS[region])
    words.push(`${HOLIDAY_REGION_LABELS[region]} public holidays left out`);
  if (series.excludeDates.length > 0) {
    const n = series.excludeDates.length;
    words.push(`${n} other date${n === 1 ? '' : 's'} left out`);
  }
  return words.join(', ');
}

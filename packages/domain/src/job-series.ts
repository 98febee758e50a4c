import * as rruleModule from 'rrule';

// Recurring jobs (issue 27, ADR 36): a series' dates, expanded from an RFC 5545 rule on calendar
// dates. Every date is handled as midnight UTC of that day ("floating"), never as an instant in the
// operator's zone, so a daylight-saving change can neither move an occurrence to the day before nor
// drop one: a school run on the first Sunday of April is on that Sunday whatever the clocks do.

// rrule ships CommonJS for Node and ES modules for bundlers; Node only sees its default export.
type RRuleModule = typeof rruleModule;
const rrule: RRuleModule =
  (rruleModule as RRuleModule & { default?: RRuleModule }).default?.RRule !== undefined
    ? (rruleModule as unknown as { default: RRuleModule }).default
    : rruleModule;

export const SERIES_MESSAGES = {
  rule: 'Enter a repeat rule such as FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  frequency: 'A series repeats daily, weekly, monthly or yearly',
  endRequired: 'Give an end date or a number of occurrences',
  untilBeforeStart: 'The end date must be on or after the start date',
  tooMany: 'A series may have at most 400 occurrences',
  noDates: 'No date of this rule is left after the exclusions',
} as const;

/** A series never yields more occurrences than this: two school years of weekdays. */
export const MAX_SERIES_OCCURRENCES = 400;

/** Occurrences are expanded at most this far past the start when only a count ends the series. */
const MAX_SPAN_DAYS = 366 * 3;

export interface SchoolTermRange {
  startDate: string;
  endDate: string;
}

export interface SeriesExpansion {
  /** The RRULE body (`FREQ=WEEKLY;BYDAY=MO,WE`), with or without the `RRULE:` prefix. */
  rule: string;
  start: string;
  until?: string | null;
  /** How many occurrences the series has after the exclusions (the jobs a manager counts). */
  count?: number | null;
  excludeDates?: readonly string[];
  /** 'in': only dates within a term; 'out': only dates outside every term. */
  schoolTerms?: 'in' | 'out' | null;
  terms?: readonly SchoolTermRange[];
  /** Public holidays to leave out (YYYY-MM-DD), e.g. of the operator's region. */
  holidays?: readonly string[];
}

const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const toDate = (instant: Date) => instant.toISOString().slice(0, 10);

/** The rule's options, or an error message: DTSTART, UNTIL and COUNT come from the series' own fields. */
export function parseSeriesRule(rule: string): { ok: true; rule: string } | { ok: false; message: string } {
  const body = rule.trim().replace(/^RRULE:/i, '');
  if (!/^FREQ=/i.test(body) && !/;FREQ=/i.test(body)) return { ok: false, message: SERIES_MESSAGES.rule };
  let options: ReturnType<typeof rrule.RRule.parseString>;
  try {
    options = rrule.RRule.parseString(body);
  } catch {
    return { ok: false, message: SERIES_MESSAGES.rule };
  }
  const { Frequency } = rrule;
  const daily = [Frequency.DAILY, Frequency.WEEKLY, Frequency.MONTHLY, Frequency.YEARLY];
  if (options.freq === undefined || !daily.includes(options.freq))
    return { ok: false, message: SERIES_MESSAGES.frequency };
  if (options.dtstart || options.until || options.count || options.byhour || options.byminute) {
    return { ok: false, message: SERIES_MESSAGES.rule };
  }
  return { ok: true, rule: body.toUpperCase() };
}

/**
 * Every date of the series after its exclusions, in order. `until` ends it on that date (inclusive);
 * `count` stops after that many kept dates; with neither, the caller's `until` must bound it.
 */
export function expandSeries(series: SeriesExpansion): string[] {
  const excluded = new Set([...(series.excludeDates ?? []), ...(series.holidays ?? [])]);
  const terms = series.terms ?? [];
  const inTerm = (d: string) => terms.some((t) => t.startDate <= d && d <= t.endDate);
  const keep = (d: string) => {
    if (excluded.has(d)) return false;
    if (series.schoolTerms === 'in') return inTerm(d);
    if (series.schoolTerms === 'out') return !inTerm(d);
    return true;
  };
  const limit = Math.min(series.count ?? MAX_SERIES_OCCURRENCES + 1, MAX_SERIES_OCCURRENCES + 1);
  const out: string[] = [];
  for (const d of ruleDates(series.rule, series.start, series.until)) {
    if (out.length >= limit) break;
    if (keep(d)) out.push(d);
  }
  return out;
}

/**
 * The rule's own dates from the start to its end (or MAX_SPAN_DAYS past the start), before any
 * exclusion. They depend on these three inputs alone, so the last few are kept: a series is read far
 * more often than it changes, and a year of a weekly rule costs about a millisecond to expand.
 */
function ruleDates(
  ruleText: string,
  startDate: string,
  untilDate: string | null | undefined,
): readonly string[] {
  const key = `${ruleText}\n${startDate}\n${untilDate ?? ''}`;
  const kept = RULE_DATES.get(key);
  if (kept) {
    // Least recently used goes first: a Map keeps its keys in the order they were set.
    RULE_DATES.delete(key);
    RULE_DATES.set(key, kept);
    return kept;
  }
  const parsed = parseSeriesRule(ruleText);
  if (!parsed.ok) throw new Error(parsed.message);
  const options = rrule.RRule.parseString(parsed.rule);
  const start = toUtc(startDate);
  const lastAllowed = new Date(start.getTime() + MAX_SPAN_DAYS * 86_400_000);
  const until = untilDate ? toUtc(untilDate) : lastAllowed;
  const rule = new rrule.RRule({
    ...options,
    dtstart: start,
    until: until < lastAllowed ? until : lastAllowed,
    // Without a zone rrule works in UTC: the floating calendar dates of the rule.
    tzid: null,
  });
  const dates: string[] = [];
  for (const instant of rule.all()) {
    const d = toDate(instant);
    if (dates[dates.length - 1] !== d) dates.push(d);
  }
  const frozen = Object.freeze(dates);
  RULE_DATES.set(key, frozen);
  if (RULE_DATES.size > RULE_DATES_KEPT) RULE_DATES.delete(RULE_DATES.keys().next().value as string);
  return frozen;
}

/** About a busy office's series at once; each list is at most MAX_SPAN_DAYS dates. */
const RULE_DATES_KEPT = 256;
const RULE_DATES = new Map<string, readonly string[]>();

/** Weekday codes of RFC 5545 in the order a week is shown (Monday first). */
export const SERIES_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type SeriesWeekday = (typeof SERIES_WEEKDAYS)[number];

/** The rule the job form's "Repeats" builds: weekly on the chosen days, every N weeks. */
export function weeklyRule(days: readonly SeriesWeekday[], interval = 1): string {
  const ordered = SERIES_WEEKDAYS.filter((d) => days.includes(d));
  return `FREQ=WEEKLY${interval > 1 ? `;INTERVAL=${interval}` : ''}${ordered.length ? `;BYDAY=${ordered.join(',')}` : ''}`;
}

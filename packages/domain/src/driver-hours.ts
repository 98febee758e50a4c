// Driver work and rest hours (issue "Dispatch safety", ADR 0017): one pure checker, shared by the API
// (refusing or warning on an allocation) and the web app (the allocation form, the driver card). The
// rules are data (driver-hours.rules.ts); nothing here knows a particular jurisdiction.
//
// Counting, as a work diary counts it (ADR 0017): the clock is cut into quarter-hours (15-minute blocks
// aligned to the hour). A quarter-hour with any work in it counts as work, so work is rounded up; rest
// counts only in whole quarter-hours free of work, so rest is rounded down. Concretely, each work
// interval [start, end) becomes [floor15(start), ceil15(end)); rest is what lies between the expanded
// intervals, so a gap of g minutes counts at most floor(g / 15) * 15. Every IANA zone in use has an
// offset that is a multiple of 15 minutes, so UTC quarter-hours are local quarter-hours too.
// Time with no record and no planned work counts as rest.

import { addDays, dateInZone } from './dates';
import type { HoursRestKind, HoursRuleSet, HoursWindow } from './driver-hours.rules';

/** A span of work, start inclusive, end exclusive (instants). */
export interface WorkInterval {
  start: Date;
  end: Date;
}

/** A job as the planner holds it: its service date and its legs' local times ('HH:mm'). */
export interface PlannedJob {
  serviceDate: string;
  legs: readonly { departureTime: string | null; arrivalTime: string | null }[];
}

export interface SignOnOff {
  /** Work before the first departure (checks, walk-round, run to the pick-up). Default 30. */
  signOnMinutes?: number;
  /** Work after the last arrival (return to depot, clean, paperwork). Default 15. */
  signOffMinutes?: number;
}

export const DEFAULT_SIGN_ON_MINUTES = 30;
export const DEFAULT_SIGN_OFF_MINUTES = 15;

const MINUTE = 60_000;
const BLOCK = 15 * MINUTE;
const floor15 = (ms: number) => Math.floor(ms / BLOCK) * BLOCK;
const ceil15 = (ms: number) => Math.ceil(ms / BLOCK) * BLOCK;

// ---------------------------------------------------------------------------------------------------
// Local dates and times to instants, with Intl only (no date library in the domain package).

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (ms), read by Intl. */
function readWallClockMs(instant: number, timeZone: string): number {
  let f = wallFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** A zone's offset (wall minus instant) at the start of each quarter-hour asked about. */
const quarterOffsets = new Map<string, number>();

function offsetAtQuarter(quarter: number, timeZone: string): number {
  const key = `${timeZone}|${quarter}`;
  let offset = quarterOffsets.get(key);
  if (offset === undefined) {
    if (quarterOffsets.size > 50_000) quarterOffsets.clear();
    const start = quarter * QUARTER_HOUR_MS;
    offset = readWallClockMs(start, timeZone) - start;
    quarterOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The wall-clock reading of an instant in a zone, as if that reading were UTC (ms). Intl's
 * formatToParts is the slow part of a week of driver hours (hundreds of calls a driver), so the
 * zone's offset is kept per quarter-hour: where it is the same at both ends of the quarter the
 * instant's offset is that one; a quarter with a change of offset in it is read exactly.
 */
export function wallClockMs(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  const offset = offsetAtQuarter(quarter, timeZone);
  if (offset !== offsetAtQuarter(quarter + 1, timeZone)) return readWallClockMs(instant, timeZone);
  return Math.floor(instant / 1000) * 1000 + offset;
}

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant at which a zone's clocks read `date` `time`. A reading skipped by a daylight-saving
 * change (02:30 on the October Sunday in Sydney) is taken with the offset before the change, which
 * lands as far after the gap as it was into it (03:30); a reading that happens twice (02:30 on the
 * April Sunday) is the first of the two.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let instant = zonedInstants.get(key);
  if (instant === undefined) {
    if (zonedInstants.size > 50_000) zonedInstants.clear();
    instant = readZonedTime(date, time, timeZone);
    zonedInstants.set(key, instant);
  }
  return new Date(instant);
}

/** Readings asked about before: a fleet's jobs share their dates and times, and a board reads thousands. */
const zonedInstants = new Map<string, number>();

function readZonedTime(date: string, time: string, timeZone: string): number {
  const m = TIME_RE.exec(time);
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new RangeError(`Not a local date and time: ${date} ${time}`);
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The offsets a day either side bracket any change near this reading (zones change at most once a day).
  const before = wall - (wallClockMs(wall - 86_400_000, timeZone) - (wall - 86_400_000));
  const after = wall - (wallClockMs(wall + 86_400_000, timeZone) - (wall + 86_400_000));
  const fits = (t: number) => wallClockMs(t, timeZone) === wall;
  const candidates = [before, after].filter(fits);
  return candidates.length ? Math.min(...candidates) : before;
}

// ---------------------------------------------------------------------------------------------------
// Planned and recorded work.

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * Planned work from the jobs a driver holds: from the first departure less the sign-on allowance to
 * the last arrival plus the sign-off allowance, in the operator's zone. The legs' times are read in
 * order; a time earlier than the one before it is on the next day (a leg arriving after midnight).
 * Missing or malformed times are skipped; a job with no times contributes nothing.
 */
export function workPeriodsFromJobs(
  jobs: readonly PlannedJob[],
  timeZone: string,
  { signOnMinutes = DEFAULT_SIGN_ON_MINUTES, signOffMinutes = DEFAULT_SIGN_OFF_MINUTES }: SignOnOff = {},
): WorkInterval[] {
  const out: WorkInterval[] = [];
  for (const job of jobs) {
    const times: { date: string; time: string }[] = [];
    let dayOffset = 0;
    let previous = -1;
    for (const leg of job.legs) {
      for (const t of [leg.departureTime, leg.arrivalTime]) {
        if (!t || !TIME_RE.test(t)) continue;
        const minutes = minutesOf(t);
        if (previous >= 0 && minutes < previous) dayOffset += 1;
        previous = minutes;
        times.push({ date: dayOffset ? addDays(job.serviceDate, dayOffset) : job.serviceDate, time: t });
      }
    }
    if (times.length === 0) continue;
    const first = times[0]!;
    const last = times[times.length - 1]!;
    const start = zonedTimeToInstant(first.date, first.time, timeZone).getTime() - signOnMinutes * MINUTE;
    const end = zonedTimeToInstant(last.date, last.time, timeZone).getTime() + signOffMinutes * MINUTE;
    out.push({ start: new Date(start), end: new Date(end) });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

type Span = [start: number, end: number];

/** Sorted, with overlapping and touching spans joined; empty and invalid spans dropped. */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const toMs = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(d));

/**
 * A driver's work: what the terminal recorded (shifts, clock-in to clock-out; a shift still open ends
 * at `now`) together with what is planned, sorted and merged where they overlap or touch.
 */
export function mergeWork(
  recorded: readonly { start: Date | string; end: Date | string | null }[],
  planned: readonly WorkInterval[],
  now: Date,
): WorkInterval[] {
  const spans: Span[] = [
    ...recorded.map((r): Span => [toMs(r.start), r.end === null ? now.getTime() : toMs(r.end)]),
    ...planned.map((p): Span => [p.start.getTime(), p.end.getTime()]),
  ];
  return mergeSpans(spans).map(([s, e]) => ({ start: new Date(s), end: new Date(e) }));
}

// ---------------------------------------------------------------------------------------------------
// The checker.

interface BreachBase {
  /** Which window, e.g. '12 h work in any 24 h'. */
  label: string;
  windowIndex: number;
  periodMinutes: number;
  /** The offending period: the worst one found for this window. */
  periodStart: Date;
  periodEnd: Date;
  /** Work counted in that period (15-minute blocks, rounded up). */
  workMinutes: number;
  limitMinutes: number;
  /** True when the breach lies wholly in the work given, without the proposed work. */
  existing: boolean;
  /**
   * The earliest instant from which the driver could start the proposed work (or, for an existing
   * breach, any work) without breaking this window; null when no later start helps (the proposed
   * work alone breaks it).
   */
  nextLegalAt: Date | null;
}

/** Too much work in a period. */
export interface WorkBreach extends BreachBase {
  kind: 'work';
  overByMinutes: number;
}

/** Too little rest, counting only gaps of at least `blockMinutes`. */
export interface RestBreach extends BreachBase {
  kind: 'rest';
  restKind: 'continuous' | 'stationary';
  restMinutes: number;
  requiredRestMinutes: number;
  blockMinutes: number;
}

/** Too few night rest breaks, or none on consecutive days. */
export interface NightRestBreach extends BreachBase {
  kind: 'night-rest';
  nightRestBreaks: number;
  requiredNightRestBreaks: number;
  /** Whether the required number of them fell on consecutive days. */
  consecutiveMet: boolean;
  requiredConsecutive: number;
}

export type HoursBreach = WorkBreach | RestBreach | NightRestBreach;

export interface CheckDriverHoursInput {
  /** Recorded and planned work (see mergeWork); need not be sorted or disjoint. */
  work: readonly WorkInterval[];
  ruleSet: HoursRuleSet;
  /** The IANA zone of the driver's base, for night rest. */
  timeZone: string;
  /** Work being considered (a job a manager is about to allocate); not part of `work`. */
  proposed?: readonly WorkInterval[];
  /** Without proposed work, the earliest instant `nextLegalAt` may take; default the end of the work. */
  now?: Date;
  /**
   * With proposed work, whether breaches of the work alone are reported (`existingBreaches`); default
   * true. Each needs a search for when the driver could next work, which a check of allocations alone
   * (the dispatch board's bars, the allocation guard) does not show: most of a board's time at volume.
   */
  reportExisting?: boolean;
}

export interface CheckDriverHoursResult {
  /** No breach in `breaches`. */
  ok: boolean;
  /**
   * With proposed work: the breaches of periods that contain some of it (one per window and kind,
   * the worst). Without: every breach in the work given.
   */
  breaches: HoursBreach[];
  /** With proposed work: breaches already in `work` that the proposed work does not touch. */
  existingBreaches: HoursBreach[];
}

interface NightSpan {
  start: number;
  end: number;
}

interface Context {
  timeZone: string;
}

/** Night rest breaks by gap of rest and rule, shared by every check (a gap's breaks never change). */
const gapBreakCache = new Map<string, NightBreak[]>();

interface NightBreak {
  /** When the break is complete. */
  end: number;
  /** The local date on which it is complete, counted in days since the epoch. */
  day: number;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

// Shared by every check: the nights of a zone do not change, and Intl is the slow part of a check.
const nightCache = new Map<string, NightSpan>();

function nightOf(ctx: Context, date: string, rest: NightRule): NightSpan {
  const key = `${ctx.timeZone}|${date}|${rest.nightStart}|${rest.nightEnd}`;
  let n = nightCache.get(key);
  if (!n) {
    if (nightCache.size > 20_000) nightCache.clear();
    n = {
      start: zonedTimeToInstant(date, rest.nightStart, ctx.timeZone).getTime(),
      end: zonedTimeToInstant(addDays(date, 1), rest.nightEnd, ctx.timeZone).getTime(),
    };
    nightCache.set(key, n);
  }
  return n;
}

/** The local date of an instant, through the cached formatter. */
const localDate = (ms: number, timeZone: string) =>
  new Date(wallClockMs(ms, timeZone)).toISOString().slice(0, 10);

type NightRule = Extract<HoursWindow['rest'], { kind: 'night' }>;

/**
 * Night rest breaks in one gap of rest: the most disjoint pieces each of which is either
 * `blockMinutes` wholly inside one night or `orContinuousMinutes` at any time, picked greedily by
 * earliest end (which is optimal for packing intervals). Because a longer gap can only hold more such
 * pieces, joining two gaps never loses a break. The breaks of a gap cut short at t are the ones of the
 * whole gap that end by t, so one list serves every period.
 */
function nightBreaksOfGap(ctx: Context, gs: number, ge: number, rest: NightRule): NightBreak[] {
  const key = `${ctx.timeZone}|${gs}|${ge}|${rest.blockMinutes}|${rest.orContinuousMinutes}|${rest.nightStart}|${rest.nightEnd}`;
  const cached = gapBreakCache.get(key);
  if (cached) return cached;
  const out: NightBreak[] = [];
  const block = rest.blockMinutes * MINUTE;
  const cont = rest.orContinuousMinutes * MINUTE;
  let p = gs;
  let date = addDays(localDate(p, ctx.timeZone), -1);
  for (;;) {
    let best = p + cont <= ge ? p + cont : Number.POSITIVE_INFINITY;
    let bestDate: string | null = null;
    for (let d = date; ; d = addDays(d, 1)) {
      const night = nightOf(ctx, d, rest);
      if (night.start >= Math.min(best, ge)) break;
      if (night.end <= p) {
        date = addDays(d, 1);
        continue;
      }
      const end = Math.max(p, night.start) + block;
      if (end <= night.end && end <= ge && end < best) {
        best = end;
        bestDate = addDays(d, 1);
        break;
      }
    }
    if (!Number.isFinite(best)) break;
    out.push({ end: best, day: dayNumber(bestDate ?? localDate(best - 1, ctx.timeZone)) });
    p = best;
  }
  if (gapBreakCache.size > 20_000) gapBreakCache.clear();
  gapBreakCache.set(key, out);
  return out;
}

interface WindowFinding {
  touching: Map<HoursBreach['kind'], HoursBreach>;
  existing: Map<HoursBreach['kind'], HoursBreach>;
}

const worse = (a: HoursBreach, b: HoursBreach | undefined): boolean => {
  if (!b) return true;
  if (a.kind === 'work' && b.kind === 'work') return a.overByMinutes > b.overByMinutes;
  if (a.kind === 'rest' && b.kind === 'rest') return a.restMinutes < b.restMinutes;
  if (a.kind === 'night-rest' && b.kind === 'night-rest') return a.nightRestBreaks < b.nightRestBreaks;
  return false;
};

/**
 * The breaches of one window in a timeline of sorted, disjoint, quarter-hour spans.
 *
 * Which periods: every period of the window's length that starts where work starts. The law counts a
 * period forward from the end of rest, never from within it (HVNL s 247), so these are all the periods
 * the law looks at (for 24 hours and more it counts only from the end of a major rest break, a subset:
 * checking more starts can only find more, never fewer, breaches). They also find the most work in any
 * period at all: work in [t, t + P) as t slides grows only while t + P is in work and falls once t is,
 * so a period with the most work can be slid forward, without losing work, until it starts where work
 * starts. About 30 spans a fortnight make some 30 periods per window, each read in one pass.
 *
 * `touch`: the proposed spans; a period that meets one is `touching`. `read`: 'all' periods, only the
 * 'touching' ones, or the touching ones up to the 'first-breach' (enough to know a start is not legal).
 */
function windowBreaches(
  ctx: Context,
  w: HoursWindow,
  windowIndex: number,
  tl: readonly Span[],
  touch: readonly Span[] | null,
  read: 'all' | 'touching' | 'first-breach',
  fromStart = Number.NEGATIVE_INFINITY,
): WindowFinding {
  const found: WindowFinding = { touching: new Map(), existing: new Map() };
  const P = w.periodMinutes * MINUTE;
  const rest = w.rest;
  let t0 = 0;
  for (let i = 0; i < tl.length; i++) {
    const a = tl[i]![0];
    const b = a + P;
    if (b <= fromStart) continue;
    let isTouching = false;
    if (touch) {
      while (t0 < touch.length && touch[t0]![1] <= a) t0++;
      isTouching = t0 < touch.length && touch[t0]![0] < b;
    }
    if (read !== 'all' && !isTouching) continue;
    let work = 0;
    let restOk = 0;
    const nightDays: number[] = [];
    for (let j = i; j < tl.length && tl[j]![0] < b; j++) {
      const [s, e] = tl[j]!;
      work += Math.min(e, b) - s;
      if (e >= b) break;
      const gapEnd = j + 1 < tl.length ? tl[j + 1]![0] : Number.POSITIVE_INFINITY;
      const clipped = Math.min(gapEnd, b) - e;
      if (rest.kind === 'night') {
        const fullEnd = Number.isFinite(gapEnd) ? gapEnd : e + P;
        for (const nb of nightBreaksOfGap(ctx, e, fullEnd, rest)) if (nb.end <= b) nightDays.push(nb.day);
      } else if (clipped >= rest.blockMinutes * MINUTE) restOk += clipped;
    }
    // Built only for a breach: most periods have none, and this loop runs for every start searched.
    const base = () => ({
      label: w.label,
      windowIndex,
      periodMinutes: w.periodMinutes,
      periodStart: new Date(a),
      periodEnd: new Date(b),
      workMinutes: work / MINUTE,
      limitMinutes: w.maxWorkMinutes,
      existing: !isTouching,
      nextLegalAt: null,
    });
    const candidates: HoursBreach[] = [];
    if (work > w.maxWorkMinutes * MINUTE) {
      candidates.push({ ...base(), kind: 'work', overByMinutes: work / MINUTE - w.maxWorkMinutes });
    }
    if (rest.kind === 'night') {
      let run = nightDays.length ? 1 : 0;
      let bestRun = run;
      for (let k = 1; k < nightDays.length; k++) {
        run = nightDays[k]! - nightDays[k - 1]! === 1 ? run + 1 : nightDays[k] === nightDays[k - 1] ? run : 1;
        bestRun = Math.max(bestRun, run);
      }
      const consecutiveMet = bestRun >= rest.consecutiveCount;
      if (nightDays.length < rest.count || !consecutiveMet) {
        candidates.push({
          ...base(),
          kind: 'night-rest',
          nightRestBreaks: nightDays.length,
          requiredNightRestBreaks: rest.count,
          consecutiveMet,
          requiredConsecutive: rest.consecutiveCount,
        });
      }
    } else if (restOk < rest.minMinutes * MINUTE) {
      candidates.push({
        ...base(),
        kind: 'rest',
        restKind: rest.kind,
        restMinutes: restOk / MINUTE,
        requiredRestMinutes: rest.minMinutes,
        blockMinutes: rest.blockMinutes,
      });
    }
    for (const c of candidates) {
      const into = isTouching ? found.touching : found.existing;
      if (worse(c, into.get(c.kind))) into.set(c.kind, c);
      if (isTouching && read === 'first-breach') return found;
    }
  }
  return found;
}

/** `fixed` and `extra` (each sorted and disjoint) as one such list, without sorting again. */
function insertSpans(fixed: readonly Span[], extra: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < fixed.length || j < extra.length) {
    const next =
      j >= extra.length || (i < fixed.length && fixed[i]![0] <= extra[j]![0]) ? fixed[i++]! : extra[j++]!;
    const last = out[out.length - 1];
    if (last && next[0] <= last[1]) last[1] = Math.max(last[1], next[1]);
    else out.push([next[0], next[1]]);
  }
  return out;
}

/** The spans of a sorted, disjoint list that reach into [from, to), whole: found by halving. */
function spansBetween(spans: readonly Span[], from: number, to: number): readonly Span[] {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] <= from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < spans.length && spans[end]![0] < to) end++;
  return lo === 0 && end === spans.length ? spans : spans.slice(lo, end);
}

const snap = (spans: readonly Span[]): Span[] =>
  mergeSpans(spans.map(([s, e]): Span => [floor15(s), ceil15(e)]));
const spansOf = (work: readonly WorkInterval[]): Span[] =>
  work.map((w): Span => [w.start.getTime(), w.end.getTime()]);

/**
 * The earliest start on the quarter-hour grid, at or after `from`, at which `movable` (shifted as one
 * piece) breaks window `w` in no period that it touches; null when even a start after all other work
 * is out of reach of the window does not help. Quarter-hour steps for the first 6 hours, then hourly steps
 * refined back to the quarter-hour, to keep a 14-day search to a few hundred looks; every answer is
 * checked, so it is always legal, and at worst up to 45 minutes later than the earliest.
 */
function earliestLegalStart(
  ctx: Context,
  w: HoursWindow,
  windowIndex: number,
  fixed: readonly Span[],
  movable: readonly Span[],
  from: number,
): number | null {
  const origin = movable[0]![0];
  const P = w.periodMinutes * MINUTE;
  // Work and rest in a period do not depend on the hour: a piece that breaks the window on its own
  // breaks it wherever it goes, and work beside it only adds work and cuts rest, so there is nothing to
  // search (a whole horizon of looks otherwise, the most of a dispatch board's time). Night rest
  // depends on the hour, and is searched.
  if (
    w.rest.kind !== 'night' &&
    windowBreaches(ctx, w, windowIndex, movable, movable, 'first-breach').touching.size > 0
  ) {
    return null;
  }
  const length = movable[movable.length - 1]![1] - origin;
  const legalAt = (t: number) => {
    const shifted = movable.map(([s, e]): Span => [s - origin + t, e - origin + t]);
    // Only work within a period of the piece can be in a period that touches it.
    const tl = insertSpans(spansBetween(fixed, t - P, t + length + P), shifted);
    const f = windowBreaches(ctx, w, windowIndex, tl, shifted, 'first-breach', t - P);
    return f.touching.size === 0;
  };
  const start = ceil15(from);
  const lastFixed = fixed.length ? fixed[fixed.length - 1]![1] : start;
  const horizon = Math.max(start, ceil15(lastFixed + P));
  const fine = Math.min(horizon, start + 6 * 60 * MINUTE);
  for (let t = start; t <= fine; t += BLOCK) if (legalAt(t)) return t;
  for (let t = fine + 4 * BLOCK; t < horizon + 4 * BLOCK; t += 4 * BLOCK) {
    const at = Math.min(t, horizon);
    if (legalAt(at)) {
      for (let r = at - 3 * BLOCK; r < at; r += BLOCK) if (r > fine && legalAt(r)) return r;
      return at;
    }
  }
  return null;
}

/**
 * Checks a driver's work against a rule set. With `proposed` work, reports what it would break and
 * when the driver could take it legally instead; existing breaches are reported apart. Pure: the
 * same input always gives the same answer.
 */
export function checkDriverHours(input: CheckDriverHoursInput): CheckDriverHoursResult {
  const existingTl = snap(spansOf(input.work));
  const proposed = input.proposed?.length ? snap(spansOf(input.proposed)) : null;
  const lastEnd = existingTl.length ? existingTl[existingTl.length - 1]![1] : 0;
  const anyWorkFrom = Math.max(lastEnd, input.now ? input.now.getTime() : lastEnd);
  const onlyProposed = proposed !== null && input.reportExisting === false;
  // A search for when the driver could next work at all starts from `now`: such answers are not kept.
  if (!onlyProposed)
    return checkHours(input.ruleSet, input.timeZone, existingTl, proposed, anyWorkFrom, onlyProposed);
  // Everything else the answer depends on, on the quarter-hour grid the check reads.
  const key = `${input.timeZone}|${gridText(existingTl)}|${gridText(proposed)}`;
  let answers = checkAnswers.get(input.ruleSet);
  if (!answers) {
    answers = new Map();
    checkAnswers.set(input.ruleSet, answers);
  }
  const known = answers.get(key);
  if (known) {
    // Kept newest last, so the oldest answer is the one dropped.
    answers.delete(key);
    answers.set(key, known);
    return known;
  }
  const answer = checkHours(input.ruleSet, input.timeZone, existingTl, proposed, anyWorkFrom, onlyProposed);
  answers.set(key, answer);
  if (answers.size > CHECK_ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  return answer;
}

/** Spans as quarter-hour numbers: a key of a few hundred characters for a fortnight of work. */
const gridText = (spans: readonly Span[]) => spans.map(([s, e]) => `${s / BLOCK}-${e / BLOCK}`).join(',');

/**
 * Answers of proposed work given before, per rule set (the sets are constants). A dispatch board
 * asks the same checks each time it is drawn, and a check is milliseconds of windows and searches
 * (bench/NOTES.md §20); an answer is shared, so callers read it and never change it.
 */
const checkAnswers = new WeakMap<HoursRuleSet, Map<string, CheckDriverHoursResult>>();
const CHECK_ANSWERS_KEPT = 5_000;

function checkHours(
  ruleSet: HoursRuleSet,
  timeZone: string,
  existingTl: Span[],
  proposed: Span[] | null,
  anyWorkFrom: number,
  onlyProposed: boolean,
): CheckDriverHoursResult {
  const ctx: Context = { timeZone };
  const tl = proposed ? insertSpans(existingTl, proposed) : existingTl;
  const breaches: HoursBreach[] = [];
  const existingBreaches: HoursBreach[] = [];
  ruleSet.windows.forEach((w, windowIndex) => {
    const found = windowBreaches(ctx, w, windowIndex, tl, proposed, onlyProposed ? 'touching' : 'all');
    for (const b of found.touching.values()) {
      const at = earliestLegalStart(ctx, w, windowIndex, existingTl, proposed!, proposed![0]![0]);
      breaches.push({ ...b, nextLegalAt: at === null ? null : new Date(at) });
    }
    if (onlyProposed) return;
    for (const b of found.existing.values()) {
      // When could the driver next do any work: a single quarter-hour, after the work given.
      const at = earliestLegalStart(ctx, w, windowIndex, existingTl, [[0, BLOCK]], anyWorkFrom);
      (proposed ? existingBreaches : breaches).push({ ...b, nextLegalAt: at === null ? null : new Date(at) });
    }
  });
  return { ok: breaches.length === 0, breaches, existingBreaches };
}

// ---------------------------------------------------------------------------------------------------
// The driver card.

export interface HoursSummary {
  /** Work counted this week (Monday 00:00 in the zone) up to now. */
  workedThisWeekMinutes: number;
  /**
   * The rest the driver must take first if they worked on without a break from now: the window that
   * would be broken first, the instant by which the rest must start (now when it is already due), and
   * the shortest rest block that counts for it.
   */
  nextRequiredRest: { label: string; kind: HoursRestKind; dueBy: Date; minMinutes: number } | null;
}

/** Figures for the driver card in Settings. */
export function hoursSummary(
  work: readonly WorkInterval[],
  ruleSet: HoursRuleSet,
  timeZone: string,
  now: Date,
): HoursSummary {
  const ctx: Context = { timeZone };
  const tl = snap(spansOf(work));
  const nowMs = now.getTime();
  const today = dateInZone(now, timeZone);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const weekStart = zonedTimeToInstant(monday, '00:00', timeZone).getTime();
  let worked = 0;
  for (const [s, e] of tl) worked += Math.max(0, Math.min(e, nowMs) - Math.max(s, weekStart));

  let next: HoursSummary['nextRequiredRest'] = null;
  ruleSet.windows.forEach((w, windowIndex) => {
    // Breaches only grow with more work, so the longest legal run from now is found by halving.
    const legalFor = (blocks: number) => {
      if (blocks === 0) return true;
      const run: Span = [floor15(nowMs), ceil15(nowMs + blocks * BLOCK)];
      const merged = insertSpans(tl, [run]);
      return (
        windowBreaches(ctx, w, windowIndex, merged, [run], 'first-breach', run[0] - w.periodMinutes * MINUTE)
          .touching.size === 0
      );
    };
    const max = w.periodMinutes / 15;
    if (legalFor(max)) return;
    let lo = 0;
    let hi = max;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (legalFor(mid)) lo = mid;
      else hi = mid;
    }
    const dueBy = new Date(nowMs + lo * BLOCK);
    if (!next || dueBy < next.dueBy) {
      next = { label: w.label, kind: w.rest.kind, dueBy, minMinutes: w.rest.blockMinutes };
    }
  });
  return { workedThisWeekMinutes: worked / MINUTE, nextRequiredRest: next };
}

// ---------------------------------------------------------------------------------------------------
// Text.

/** '12 h', '45 min', '5 h 15 min', '7 days' (a period; an amount of work stays in hours: '72 h'). */
export function formatHoursMinutes(minutes: number, { days = true } = {}): string {
  if (days && minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} days`;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h && m) return `${h} h ${m} min`;
  return h ? `${h} h` : `${m} min`;
}

/**
 * One line for the allocation answer and form, e.g. 'Would work 12 h 45 min in 24 h (limit 12 h, over
 * by 45 min); legal again from 23 Nov, 19:30'. `formatDateTime` formats in the operator's terms.
 */
export function describeBreach(breach: HoursBreach, formatDateTime: (d: Date) => string): string {
  const f = formatHoursMinutes;
  const period = f(breach.periodMinutes);
  let text: string;
  if (breach.kind === 'work') {
    // Work is counted in hours, whatever its size: '72 h', not '3 days', beside a 7-day period.
    const work = (minutes: number) => f(minutes, { days: false });
    text = `${breach.existing ? 'Worked' : 'Would work'} ${work(breach.workMinutes)} in ${period} (limit ${work(breach.limitMinutes)}, over by ${work(breach.overByMinutes)})`;
  } else if (breach.kind === 'rest') {
    const need =
      breach.blockMinutes === breach.requiredRestMinutes
        ? `${f(breach.requiredRestMinutes)} continuous`
        : `${f(breach.requiredRestMinutes)} in blocks of ${f(breach.blockMinutes)}`;
    text = `${breach.existing ? 'Had' : 'Would have'} ${breach.restMinutes ? `only ${f(breach.restMinutes)}` : 'no'} ${breach.restKind === 'stationary' ? 'stationary ' : ''}rest in ${period} (needs ${need})`;
  } else {
    const n = breach.nightRestBreaks;
    text = `${breach.existing ? 'Had' : 'Would have'} ${n} night rest break${n === 1 ? '' : 's'} in ${period} (needs ${breach.requiredNightRestBreaks}, ${breach.requiredConsecutive} of them on consecutive days)`;
  }
  if (breach.nextLegalAt) return `${text}; legal again from ${formatDateTime(breach.nextLegalAt)}`;
  return `${text}; no later start makes it legal`;
}

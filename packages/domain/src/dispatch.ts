// Pure rules of the dispatch board: where a bar sits on the day's time axis, and which bars clash.

/** The time axis: a 24-hour day in 15-minute steps. */
export const DISPATCH_STEP_MINUTES = 15;
export const DISPATCH_STEPS = (24 * 60) / DISPATCH_STEP_MINUTES;
const DAY_MINUTES = 24 * 60;

/** Grid lines of a bar on the time axis: columns 1…96 are the day's quarter hours. */
export interface BarPlacement {
  /** The first grid line (1 = 00:00). */
  columnStart: number;
  /** The grid line after the bar (97 = 24:00); always past columnStart. */
  columnEnd: number;
  /** The job has no times: the bar spans the whole day. */
  wholeDay: boolean;
  /** The last arrival is before the first departure: the job runs past midnight, cut at 24:00. */
  pastMidnight: boolean;
}

/** Minutes after midnight of 'HH:mm' (or 'H:mm'), or null when it is not a time of day. */
export function minutesOfDay(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time?.trim() ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/**
 * Where a bar from `start` to `end` ('HH:mm', the job's first departure and last arrival) sits:
 * the start rounds down and the end up to the quarter hour, and a bar is at least one step wide.
 * No times at all is the whole day; one time alone is a bar of one step there. An end before the
 * start runs past midnight: the bar is clamped to the end of the day and says so.
 */
export function barPlacement(start: string | null, end: string | null): BarPlacement {
  let from = minutesOfDay(start);
  let to = minutesOfDay(end);
  if (from === null && to === null) {
    return { columnStart: 1, columnEnd: DISPATCH_STEPS + 1, wholeDay: true, pastMidnight: false };
  }
  from ??= to as number;
  to ??= from;
  const pastMidnight = to < from;
  const endMinutes = pastMidnight ? DAY_MINUTES : to;
  const first = Math.floor(from / DISPATCH_STEP_MINUTES);
  const after = Math.min(DISPATCH_STEPS, Math.max(first + 1, Math.ceil(endMinutes / DISPATCH_STEP_MINUTES)));
  return { columnStart: first + 1, columnEnd: after + 1, wholeDay: false, pastMidnight };
}

/** What the clash rule needs of a bar. */
export interface ClashCandidate {
  jobId: string;
  vehicleId: string | null;
  driverId: string | null;
  start: string | null;
  end: string | null;
}

/** [from, to) in minutes; a job without times holds the whole day, one past midnight holds to 24:00. */
function window(bar: ClashCandidate): [number, number] {
  const from = minutesOfDay(bar.start);
  const to = minutesOfDay(bar.end);
  if (from === null && to === null) return [0, DAY_MINUTES];
  const a = from ?? (to as number);
  const b = to ?? a;
  return [a, b < a ? DAY_MINUTES : b];
}

/**
 * Whether two bars of one day overlap in time, as the job form's clash check has it: a job
 * without times takes the whole day; otherwise the windows overlap, or both start together.
 */
export function barsOverlap(a: ClashCandidate, b: ClashCandidate): boolean {
  const [aFrom, aTo] = window(a);
  const [bFrom, bTo] = window(b);
  return aFrom === bFrom || (aFrom < bTo && bFrom < aTo);
}

/**
 * For each bar, whether its vehicle or driver is also on another job's bar with an overlapping
 * time. Bars are grouped by vehicle and by driver first, so a day of hundreds of bars compares
 * only the few bars that share a vehicle or a driver.
 */
export function clashFlags(bars: readonly ClashCandidate[]): boolean[] {
  const flags = bars.map(() => false);
  const groups = new Map<string, number[]>();
  bars.forEach((bar, i) => {
    for (const key of [bar.vehicleId && `v:${bar.vehicleId}`, bar.driverId && `d:${bar.driverId}`]) {
      if (!key) continue;
      const group = groups.get(key) ?? [];
      group.push(i);
      groups.set(key, group);
    }
  });
  for (const group of groups.values()) {
    for (let x = 0; x < group.length; x++) {
      for (let y = x + 1; y < group.length; y++) {
        const i = group[x] as number;
        const j = group[y] as number;
        const a = bars[i] as ClashCandidate;
        const b = bars[j] as ClashCandidate;
        if (a.jobId !== b.jobId && barsOverlap(a, b)) {
          flags[i] = true;
          flags[j] = true;
        }
      }
    }
  }
  return flags;
}

/**
 * Stacks the bars of one row so that none overlaps another on screen: each bar takes the first
 * lane free at its start (bars in start order). Returns each bar's lane (0 first) and the count.
 */
export function assignLanes(placements: readonly Pick<BarPlacement, 'columnStart' | 'columnEnd'>[]): {
  lanes: number[];
  count: number;
} {
  const order = placements.map((_, i) => i);
  order.sort(
    (a, b) =>
      (placements[a]?.columnStart ?? 0) - (placements[b]?.columnStart ?? 0) ||
      (placements[b]?.columnEnd ?? 0) - (placements[a]?.columnEnd ?? 0),
  );
  const laneEnds: number[] = [];
  const lanes = placements.map(() => 0);
  for (const i of order) {
    const p = placements[i] as BarPlacement;
    let lane = laneEnds.findIndex((end) => end <= p.columnStart);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = p.columnEnd;
    lanes[i] = lane;
  }
  return { lanes, count: Math.max(1, laneEnds.length) };
}

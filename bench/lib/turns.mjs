// How a scenario's turns on PostgreSQL are ordered and combined (ADR 21, bench/NOTES.md §22).
//
// A turn is one product run and one baseline run, back to back, with the same machine around them.
// The machine's other load moves between turns (NOTES §21: one scenario's ratio moved by 0.16 between
// runs), so each turn's ratio is taken within the turn and the median of those is the scenario's: a
// slow turn slows both of its sides instead of one side's median. The side that goes first
// alternates, so neither side always gets the machine straight after the idle wait.

/**
 * Seconds each side of a read runs, unmeasured, before its first turn. The server under test starts
 * once for every scenario and the capture warmed another process, so a route's code first meets the
 * JIT in its first turn: the first turn ran slowest in 5 of 6 scenarios of NOTES §22, its ratio up to
 * 0.15 under the next. A writing scenario is not warmed: its crew of drivers is lent one cycle at a
 * time, and a run's end leaves cycles half done.
 */
export const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);

/** Reads are warmed up; a scenario that writes (its steps replayed in a rolled-back transaction) is not. */
export const warmsUp = (scenario) =>
  WARM_UP_S > 0 && !scenario.rollback && scenario.steps.every((step) => step.method === 'GET');

/** Whether the product runs first in this turn (0-based): first, second, first... */
export const productFirst = (turn) => turn % 2 === 0;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The scenario's ratio from its turns, each product run paired with the baseline run of its turn:
 * the median of the turns' ratios, and each turn's. A turn whose baseline answered nothing has no ratio.
 */
export function pairedRatio(appRuns, baseRuns) {
  const turnRatios = appRuns
    .map((app, i) => (baseRuns[i]?.rps > 0 ? app.rps / baseRuns[i].rps : null))
    .filter((r) => r !== null);
  return { ratio: turnRatios.length ? median(turnRatios) : null, turnRatios };
}

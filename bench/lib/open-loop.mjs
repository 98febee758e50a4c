// An open-loop load generator: requests leave at a fixed arrival rate whatever the server is doing,
// as an office's people do (they do not wait for each other's answers). A closed loop (autocannon's N
// connections) slows down with the server and so hides its queue; here a request's latency runs from
// the moment it was due to be sent, so time spent queued behind a slow server, or behind a late
// client, counts (no coordinated omission).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './office-mix.mjs';

/** The p99 an office's load must stay under at a rate for it to pass (issue 28). */
export const OPEN_LOOP_P99_MS = 100;
/** The rate issue 28 asks the PostgreSQL server to hold. */
export const OPEN_LOOP_TARGET_RPS = 200;
export const OPEN_LOOP_RATES = [50, 100, 200];
export const OPEN_LOOP_SECONDS = 20;
/** How long a rate waits for its last answers after its last request was sent. */
export const OPEN_LOOP_GRACE_MS = 60_000;

/** When each request of a run at `rate` a second for `seconds` is due, in ms from the start. */
export function schedule(rate, seconds) {
  if (!(rate > 0) || !(seconds > 0)) throw new Error('open loop: rate and seconds must be positive');
  const count = Math.round(rate * seconds);
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

/**
 * One rate's figures from its samples ({ op, ms, ok }, ms from the due time to the whole answer):
 * achieved = answers a second over the time from the first due moment to the last answer, which
 * falls below the rate when the server (or the client) cannot keep up.
 */
export function summarise({ rate, seconds, samples, elapsedMs }) {
  const figures = (list) => {
    const sorted = Float64Array.from(list.map((s) => s.ms)).sort();
    const failures = {};
    for (const s of list) if (!s.ok) failures[s.failure] = (failures[s.failure] ?? 0) + 1;
    return {
      requests: list.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.length ? sorted[sorted.length - 1] : null,
      errors: list.filter((s) => !s.ok).length,
      /** What the errors were: an HTTP status, or the error's name (TimeoutError: no answer in time). */
      failures: Object.fromEntries(Object.entries(failures).sort(([x], [y]) => x.localeCompare(y))),
    };
  };
  const byOp = new Map();
  for (const s of samples) {
    if (!byOp.has(s.op)) byOp.set(s.op, []);
    byOp.get(s.op).push(s);
  }
  return {
    rate,
    seconds,
    ...figures(samples),
    achieved: elapsedMs > 0 ? samples.length / (elapsedMs / 1000) : 0,
    byOp: [...byOp]
      .map(([op, list]) => ({ op, ...figures(list) }))
      .sort((a, b) => b.requests - a.requests || a.op.localeCompare(b.op)),
  };
}

/** A send's answer as a sample's outcome. */
function outcome(answer) {
  if (typeof answer === 'number')
    return answer >= 200 && answer < 300 ? { ok: true } : { ok: false, failure: String(answer) };
  return answer ? { ok: true } : { ok: false, failure: 'refused' };
}

/** Whether one rate held: every request answered 2xx and the p99 under the limit. */
export function rateHolds(figures, p99Ms = OPEN_LOOP_P99_MS) {
  return figures.requests > 0 && figures.errors === 0 && figures.p99 !== null && figures.p99 < p99Ms;
}

/**
 * The verdict over the rates tried: each rate's pass, and the highest rate that held with every lower
 * rate holding too (a rate that passes above one that failed is noise, not capacity); null if none.
 */
export function openLoopVerdict(perRate, { p99Ms = OPEN_LOOP_P99_MS, target = OPEN_LOOP_TARGET_RPS } = {}) {
  const rates = [...perRate].sort((a, b) => a.rate - b.rate);
  const verdicts = rates.map((r) => ({ rate: r.rate, pass: rateHolds(r, p99Ms) }));
  let highest = null;
  for (const v of verdicts) {
    if (!v.pass) break;
    highest = v.rate;
  }
  return { rates: verdicts, highest, meetsTarget: highest !== null && highest >= target, p99Ms, target };
}

/**
 * Sends `pick()`'s request at each due moment of `schedule(rate, seconds)` and waits for the last
 * answer. `pick()` answers { op, send } where `send()` resolves to the answer's HTTP status (2xx is a
 * success) or to true or false; a throw is an error named by the error. Requests are never held back
 * for others in flight.
 */
export async function runRate({ rate, seconds, pick, graceMs = OPEN_LOOP_GRACE_MS }) {
  const due = schedule(rate, seconds);
  const samples = [];
  const inFlight = [];
  const unsettled = new Set();
  // A moment's slack so that the first requests are not already late when the loop starts.
  const t0 = performance.now() + 20;
  for (const offset of due) {
    const at = t0 + offset;
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    const { op, send } = pick();
    const request = { op, at };
    unsettled.add(request);
    inFlight.push(
      Promise.resolve()
        .then(send)
        .then(outcome, (error) => ({ ok: false, failure: error?.name ?? 'Error' }))
        .then((result) => {
          if (!unsettled.delete(request)) return;
          samples.push({ op, ...result, ms: performance.now() - at });
        }),
    );
  }
  // A request that has not settled by then is an error, not a wait without end: a run of the open
  // loop once hung on one (bench/NOTES.md §16).
  const deadline = new AbortController();
  await Promise.race([
    Promise.all(inFlight),
    sleep(graceMs, undefined, { signal: deadline.signal }).catch(() => {}),
  ]);
  deadline.abort();
  for (const request of unsettled)
    samples.push({ op: request.op, ok: false, failure: 'unsettled', ms: performance.now() - request.at });
  unsettled.clear();
  return summarise({ rate, seconds, samples, elapsedMs: performance.now() - t0 });
}

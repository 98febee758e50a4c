// One autocannon run and the figures the report keeps.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

/** CPU time (user + system) a process has used so far, in ms; null where /proc is not there. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The CPU time each local PostgreSQL process (its backends, the checkpointer, the WAL writer,
 * autovacuum's workers) has used so far, in ms by process id; null where /proc is not there.
 */
export function postgresCpu() {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const byPid = new Map();
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      const fields = stat.split(') ')[1].split(' ');
      byPid.set(name, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU since `before` (a postgresCpu() reading), in ms: what the processes alive now used
 * since then, a process started since counted whole. A process that ended in between (an autovacuum
 * worker) takes its time with it, so a plain total could even go down.
 */
export function postgresCpuSince(before) {
  const now = postgresCpu();
  if (before === null || now === null) return null;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU time the whole machine has been busy so far (every core, idle and I/O wait left out), in ms. */
export function machineBusyMs() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: guest time is inside user already.
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}

/**
 * `requests` is autocannon's request list (a sequence each connection cycles through); `pid` is the
 * server's, whose CPU per request is reported: unlike requests per second, it hardly moves with
 * other work on the machine.
 */
export async function measure({ url, connections, requests, headers, pid, durationS = DURATION_S }) {
  const cpuBefore = pid ? cpuMs(pid) : null;
  const postgresBefore = postgresCpu();
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    headers,
    requests,
    // A request that fails must count as failed, not slow down the run.
    timeout: 10,
  });
  const cpuAfter = pid ? cpuMs(pid) : null;
  const postgres = postgresCpuSince(postgresBefore);
  const client = process.cpuUsage(clientBefore);
  const machine = machineBefore === null ? null : machineBusyMs() - machineBefore;
  const elapsedMs = performance.now() - started;
  return {
    /**
     * Cores the whole machine kept busy during the run (2.0 is both of two): a turn that ran slower
     * with the machine less busy waited on something; one with it as busy lost CPU to other work.
     */
    machineCores: machine === null ? null : machine / elapsedMs,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? (cpuAfter - cpuBefore) / result.requests.total
        : null,
    /** The local PostgreSQL server's CPU a request (meaningless for the embedded engine). */
    postgresMsPerRequest:
      postgres !== null && result.requests.total > 0 ? postgres / result.requests.total : null,
    /** The load generator's own CPU a request (autocannon runs in the bench's process). */
    clientMsPerRequest:
      result.requests.total > 0 ? (client.user + client.system) / 1000 / result.requests.total : null,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    /** Answers by status code, to tell what failed. */
    codes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    ),
  };
}

export function cookieFrom(headers, name) {
  // autocannon hands response headers over as a flat [name, value, …] list or as an object.
  const list = Array.isArray(headers)
    ? headers.filter((_, i) => i % 2 === 1 && /^set-cookie$/i.test(headers[i - 1]))
    : [headers?.['set-cookie']].flat();
  for (const line of list) {
    const match = typeof line === 'string' ? line.match(new RegExp(`^${name}=([^;]*)`)) : null;
    if (match) return `${name}=${match[1]}`;
  }
  return null;
}

/**
 * Waits until `busyMs` (a running total of CPU milliseconds) grows by less than `fraction` of a core over
 * `idleMs`; answers whether it did within `maxMs`.
 */
async function untilQuiet(busyMs, { idleMs, maxMs, fraction }) {
  const deadline = Date.now() + maxMs;
  let before = busyMs();
  while (before !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, idleMs));
    const after = busyMs();
    if (after === null || after - before < idleMs * fraction) return true;
    before = after;
  }
  return false;
}

/**
 * Waits until the server has finished what a run left queued (requests autocannon gave up waiting
 * for are still being worked on), so that the next scenario does not pay for them. Under a tenth of a
 * core: only timers and the queue's polling are left.
 */
export async function settle(pid, { idleMs = 500, maxMs = 30_000 } = {}) {
  await untilQuiet(() => cpuMs(pid), { idleMs, maxMs, fraction: 1 / 10 });
}

/**
 * Waits until the whole machine is nearly idle (under a fifth of a core busy over `idleMs`): a
 * measurement that counts one statement's time must not share the cores with what came before it
 * (the server's first background round, autovacuum after the recorded writes).
 */
export function settleMachine({ idleMs = 1000, maxMs = 30_000 } = {}) {
  return untilQuiet(machineBusyMs, { idleMs, maxMs, fraction: 1 / 5 });
}

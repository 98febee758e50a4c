// `node bench/open-loop.mjs [--rates 50,100,200] [--seconds 20] [--engine both|postgres|pglite] [--jobs N]`:
// the open-loop scenario alone (bench/lib/open-loop-mix.mjs) on the bench's volume databases, built
// first if they are not there (PostgreSQL with BENCH_JOBS, PGlite with BENCH_PGLITE_JOBS). Its section
// and budget rows of bench/RESULTS.md are rewritten, the rest kept; with `--jobs` other than the
// bench's sizes it is a trial on a database of its own (dms_bench_N): figures printed, RESULTS.md
// left alone.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root } from '../scripts/lib.mjs';
import {
  BENCH_DATABASE,
  BENCH_JOBS,
  BENCH_SERVER_URL,
  ensurePgliteVolume,
  ensurePostgresVolume,
} from './lib/data.mjs';
import { OPEN_LOOP_RATES, OPEN_LOOP_SECONDS } from './lib/open-loop.mjs';
import { runOpenLoop } from './lib/open-loop-mix.mjs';
import { openLoopVerdicts, writeOpenLoopSection } from './lib/open-loop-report.mjs';

const PGLITE_JOBS = Number(process.env.BENCH_PGLITE_JOBS ?? 10_000);
const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: OPEN_LOOP_RATES.join(',') },
    seconds: { type: 'string', default: String(OPEN_LOOP_SECONDS) },
    engine: { type: 'string', default: 'both' },
    jobs: { type: 'string' },
  },
});
const rates = values.rates.split(',').map(Number);
const seconds = Number(values.seconds);
if (
  rates.some((r) => !(r > 0)) ||
  !(seconds > 0) ||
  !['both', 'postgres', 'pglite'].includes(values.engine)
) {
  console.error(
    'usage: node bench/open-loop.mjs [--rates 50,100,200] [--seconds 20] [--engine both|postgres|pglite] [--jobs N]',
  );
  process.exit(2);
}
const jobs = values.jobs === undefined ? null : Number(values.jobs);

const buildCode = await buildIfStale();
if (buildCode !== 0) process.exit(buildCode);
const runs = [];
if (values.engine !== 'pglite') {
  const n = jobs ?? BENCH_JOBS;
  // A trial size gets a database of its own: the bench's would be dropped and seeded again at 100,000.
  const name = n === BENCH_JOBS ? BENCH_DATABASE : `${BENCH_DATABASE}_${n}`;
  const url = await ensurePostgresVolume(BENCH_SERVER_URL, name, n);
  runs.push(
    await runOpenLoop({ database: { url }, engine: `PostgreSQL, ${n} jobs`, jobs: n, rates, seconds }),
  );
}
if (values.engine !== 'postgres') {
  const n = jobs ?? PGLITE_JOBS;
  const dataDir = await ensurePgliteVolume(n);
  runs.push(
    await runOpenLoop({ database: { dataDir }, engine: `PGlite, ${n} jobs`, jobs: n, rates, seconds }),
  );
}

const f = (n) => (n === null || n === undefined ? 'n/a' : n.toFixed(0));
for (const run of runs) {
  console.log(
    `${run.engine}: ${run.verdict.highest === null ? 'held none of the rates tried' : `held up to ${run.verdict.highest} requests a second`}`,
  );
  for (const r of run.rates)
    console.log(
      `  ${String(r.rate).padStart(4)}/s: achieved ${f(r.achieved)}/s, ${r.requests} requests, p50 ${f(r.p50)} ms, ` +
        `p99 ${f(r.p99)} ms, max ${f(r.max)} ms, ${r.errors} errors ${JSON.stringify(r.failures)}, ` +
        `server ${r.serverCores.toFixed(2)} cores`,
    );
  const top = run.rates.at(-1);
  if (top) {
    console.log(`  by request at ${top.rate}/s:`);
    for (const o of top.byOp)
      console.log(
        `    ${o.op.padEnd(40)} ${String(o.requests).padStart(5)}, p50 ${f(o.p50)} ms, p99 ${f(o.p99)} ms` +
          (o.errors ? `, errors ${JSON.stringify(o.failures)}` : ''),
      );
  }
  for (const c of run.complaints) console.log(`  server: ${c.count} × ${c.message}`);
}
const verdicts = openLoopVerdicts(runs);
const trial = jobs !== null && jobs !== BENCH_JOBS && jobs !== PGLITE_JOBS;
if (trial) console.log('open loop: a trial at other sizes than the bench: bench/RESULTS.md left as it is');
else {
  const file = writeOpenLoopSection(runs, verdicts);
  console.log(`open loop: wrote its section of ${path.relative(root, file)}`);
}
for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.budget}: ${v.actual}`);
process.exit(verdicts.every((v) => v.pass) ? 0 : 1);

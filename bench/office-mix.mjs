// `node bench/office-mix.mjs`: the office mix alone (bench/lib/office-mix.mjs) on the bench's
// PostgreSQL volume database, built first if it is not there; its section and budget rows of
// bench/RESULTS.md are rewritten, the rest kept. BENCH_OFFICE_MIX_DURATION shortens it (seconds).
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root } from '../scripts/lib.mjs';
import { BENCH_DATABASE, BENCH_JOBS, BENCH_SERVER_URL, ensurePostgresVolume } from './lib/data.mjs';
import { runOfficeMix } from './lib/office-mix.mjs';
import { officeMixVerdicts, writeOfficeMixSection } from './lib/report.mjs';

const buildCode = await buildIfStale();
if (buildCode !== 0) process.exit(buildCode);
const databaseUrl = await ensurePostgresVolume(BENCH_SERVER_URL, BENCH_DATABASE, BENCH_JOBS);
const mix = await runOfficeMix({ databaseUrl, jobs: BENCH_JOBS });

const f = (n, d = 0) => (n === null || n === undefined ? 'n/a' : n.toFixed(d));
for (const [who, figures] of [...Object.entries(mix.byKind), ['all', mix.overall]])
  console.log(
    `  ${who.padEnd(9)} ${String(figures.requests).padStart(6)} requests, ${f(figures.rps).padStart(4)} a second, ` +
      `p50 ${f(figures.p50)} ms, p99 ${f(figures.p99)} ms, ${figures.errors} errors, ${figures.conflicts} expected 409s`,
  );
for (const w of mix.writes)
  console.log(`  ${w.kind}: ${w.acknowledged} acknowledged, ${w.lost} lost, ${w.doubled} doubled`);
for (const c of mix.complaints) console.log(`  server: ${c.count} × ${c.message}`);
const verdicts = officeMixVerdicts(mix);
const file = writeOfficeMixSection(mix, verdicts);
console.log(`office mix: wrote its section of ${path.relative(root, file)}`);
for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.budget}: ${v.actual}`);
process.exit(verdicts.every((v) => v.pass) ? 0 : 1);

// The budgets of issue 11 and bench/RESULTS.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/lib.mjs';

const KB = 1024;
const MB = 1024 * 1024;

export function checkBudgets({ results, bundles, lighthouse, dispatch }) {
  const verdicts = [];
  const jobList = results.find((r) => r.name === 'job-list' && r.engine.startsWith('PostgreSQL'));
  if (jobList) {
    verdicts.push({
      budget: 'Job list at volume: at least 0.67 of its baseline',
      actual: jobList.ratio?.toFixed(2) ?? 'n/a',
      pass: (jobList.ratio ?? 0) >= 0.67,
    });
    verdicts.push({
      budget: `Job list at volume: p99 under 50 ms at ${jobList.connections} connections`,
      actual: `${jobList.app.p99} ms`,
      pass: jobList.app.p99 < 50 && jobList.app.failures === 0,
    });
  }
  const lists = results.filter((r) => r.list);
  const largest = lists.reduce((a, b) => (b.bytes > (a?.bytes ?? -1) ? b : a), null);
  if (largest)
    verdicts.push({
      budget: 'No list answer over 1 MB',
      actual: `largest ${(largest.bytes / KB).toFixed(0)} KB (${largest.name}, ${largest.engine})`,
      pass: lists.every((r) => r.bytes <= MB),
    });
  const pdf = results.find((r) => r.name === 'quote-pdf');
  if (pdf)
    verdicts.push({
      budget: 'Quote PDF under 150 ms warm (p99, one connection)',
      actual: `${pdf.app.p99} ms`,
      pass: pdf.app.p99 < 150 && pdf.app.failures === 0,
    });
  const failing = results.filter((r) => r.app.failures > 0 || r.baseline.failures > 0);
  verdicts.push({
    budget: 'Every scenario answers without errors (product and baseline)',
    actual: failing.length === 0 ? 'none failed' : failing.map((r) => `${r.name} (${r.engine})`).join(', '),
    pass: failing.length === 0,
  });
  const bundleLimits = { '/login': 150 * KB, '/terminal': 150 * KB };
  if (bundles) {
    for (const b of bundles) {
      const limit = bundleLimits[b.route] ?? 350 * KB;
      verdicts.push({
        budget: `First load of ${b.route}: under ${limit / KB} KB of gzip JavaScript`,
        actual: `${(b.gzipBytes / KB).toFixed(1)} KB`,
        pass: b.gzipBytes < limit,
      });
    }
  } else {
    verdicts.push({ budget: 'Bundle sizes per route', actual: 'bundle report not available', pass: false });
  }
  if (dispatch)
    verdicts.push({
      budget: 'Dispatch board: 150 vehicles and 400 jobs drawn within 200 ms of the answer (median)',
      actual: dispatch.error ? `not measured (${dispatch.error})` : `${fixed(dispatch.median)} ms`,
      pass: !dispatch.error && dispatch.median < 200 && dispatch.requests === 1,
    });
  for (const page of lighthouse ?? []) {
    verdicts.push({
      budget: `Lighthouse performance of ${page.name}: 95 or more`,
      actual: page.score === null ? `not measured (${page.error})` : String(page.score),
      pass: (page.score ?? 0) >= 95,
    });
  }
  return verdicts;
}

const ms = (n) => (n === undefined || n === null ? 'n/a' : `${n}`);
const fixed = (n, d = 0) => (n === undefined || n === null ? 'n/a' : n.toFixed(d));

export function writeResults({
  started,
  finished,
  pgVersion,
  jobs,
  pgliteJobs,
  results,
  bundles,
  lighthouse,
  dispatch,
  verdicts,
}) {
  const cpus = os.cpus();
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.mjs) on ${started.toISOString()}, in ${Math.round((finished - started) / 1000)} s. Method: ADR 21; budgets: issue 11.`,
    '',
    '## Machine',
    '',
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores (shared with other work while this ran)`,
    `- RAM: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (1, 5, 15 min)`,
    `- OS: ${os.type()} ${os.release()}`,
    `- Node ${process.version}; PostgreSQL ${pgVersion}; PGlite (embedded) from apps/api`,
    `- Data: \`seed:load --jobs ${jobs}\` on PostgreSQL, \`--jobs ${pgliteJobs}\` on PGlite`,
    '- Server: `apps/api/dist/server.js` with NODE_ENV=production, LOG_LEVEL=warn (no per-request log lines), pool of 10',
    '',
    '## Budgets',
    '',
    '| budget | measured | verdict |',
    '|---|---|---|',
    ...verdicts.map((v) => `| ${v.budget} | ${v.actual} | ${v.pass ? 'PASS' : '**FAIL**'} |`),
    '',
    '## API scenarios',
    '',
    'Each scenario ran for its duration against the production server and against its baseline (a bare',
    'Fastify route replaying the same SQL through the same driver) with the same connections. On',
    'PostgreSQL the two servers were up together and each product run was followed at once by its',
    'baseline run; the job list took three such turns and the median run of each side is shown. On PGlite,',
    'whose files one process holds, every product run came first, then every baseline. Ratio = product',
    'requests per second / baseline requests per second. Latencies in ms; bytes = the answer of one request.',
    'CPU = milliseconds of CPU the server process (product, baseline) used per request, PostgreSQL not',
    'included; it counts time spent waiting too, so it grows when requests queue.',
    '',
    '| engine | scenario | conns | SQL statements | product rps | p50 | p99 | baseline rps | baseline p99 | ratio | CPU product/baseline | bytes | failures |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.label} | ${r.connections} | ${r.statements} | ${fixed(r.app.rps)} | ${ms(r.app.p50)} | ${ms(r.app.p99)} | ${fixed(r.baseline.rps)} | ${ms(r.baseline.p99)} | ${fixed(r.ratio, 2)} | ${fixed(r.app.cpuMsPerRequest, 1)} / ${fixed(r.baseline.cpuMsPerRequest, 1)} ms | ${r.bytes} | ${r.app.failures}/${r.baseline.failures} |`,
    ),
    '',
    '## First pages',
    '',
  ];
  if (bundles) {
    lines.push('| route | JavaScript | gzip |', '|---|---|---|');
    for (const b of bundles)
      lines.push(`| ${b.route} | ${(b.jsBytes / KB).toFixed(1)} KB | ${(b.gzipBytes / KB).toFixed(1)} KB |`);
  } else lines.push('Bundle report: not available (bench/bundle-report.mjs is missing).');
  lines.push(
    '',
    'Lighthouse (desktop preset, Debian Chromium, headless; the median of BENCH_LIGHTHOUSE_RUNS runs, 3 by default):',
    '',
    '| page | performance (median) | runs | LCP | TBT |',
    '|---|---|---|---|---|',
  );
  for (const p of lighthouse ?? [])
    lines.push(
      `| ${p.name} | ${p.score ?? `n/a (${p.error})`} | ${(p.runs ?? []).join(', ')} | ${fixed(p.lcpMs)} ms | ${fixed(p.tbtMs)} ms |`,
    );
  if (!lighthouse) lines.push('| (skipped) | | | | |');
  lines.push('', '## Dispatch board', '');
  if (!dispatch) lines.push('Not measured.');
  else if (dispatch.error) lines.push(`Not measured: ${dispatch.error}.`);
  else
    lines.push(
      `150 vehicles and 400 jobs (bench/big-dispatch-day.ts), from the end of the one /api/dispatch answer to the first frame with every bar, ${dispatch.runs.length} loads after a warm-up: median ${fixed(dispatch.median)} ms, worst ${fixed(dispatch.worst)} ms (${dispatch.runs.map((r) => fixed(r)).join(', ')}).`,
    );
  lines.push('');
  const file = path.join(root, 'bench/RESULTS.md');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

// The open loop's budget rows and its section of bench/RESULTS.md ("## Open loop").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib.mjs';
import { OPEN_LOOP_MIX } from './open-loop-mix.mjs';

const fixed = (n, d = 0) => (n === undefined || n === null ? 'n/a' : n.toFixed(d));
const BUDGET_PREFIX = 'Open loop';
/** The error count and what the errors were: `3 (500: 2, TimeoutError: 1)`. */
const errorsOf = (f) =>
  f.errors === 0
    ? '0'
    : `${f.errors} (${Object.entries(f.failures ?? {})
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')})`;

/** A queue of requests on a few cores keeps its p99 near the work itself only well short of full use. */
export const USABLE_SHARE = 0.7;

/**
 * What the mix costs the machine a request, read at the lowest rate (where nothing queues), and so
 * how many requests a second its cores can serve at all and at USABLE_SHARE of their time; null when
 * the run did not read PostgreSQL's CPU (the embedded engine runs inside the server).
 */
export function capacityOf(run, target = run.verdict?.target) {
  const lowest = [...run.rates].sort((a, b) => a.rate - b.rate)[0];
  if (!lowest || lowest.postgresMsPerRequest === undefined || lowest.serverMsPerRequest === undefined)
    return null;
  const perRequest =
    lowest.serverMsPerRequest + lowest.postgresMsPerRequest + (lowest.clientMsPerRequest ?? 0);
  const cores = run.cores ?? 2;
  return {
    rate: lowest.rate,
    server: lowest.serverMsPerRequest,
    postgres: lowest.postgresMsPerRequest,
    client: lowest.clientMsPerRequest ?? 0,
    perRequest,
    cores,
    ceiling: (cores * 1000) / perRequest,
    usable: (cores * 1000 * USABLE_SHARE) / perRequest,
    /** Cores the target needs at USABLE_SHARE of their time, and the cost a request that fits two. */
    coresForTarget: target ? (target * perRequest) / 1000 / USABLE_SHARE : null,
    perRequestForTarget: target ? (cores * 1000 * USABLE_SHARE) / target : null,
  };
}

const capacityText = (c) =>
  `the mix costs ${fixed(c.perRequest, 1)} ms of CPU a request (server ${fixed(c.server, 1)}, PostgreSQL ${fixed(c.postgres, 1)}, load generator ${fixed(c.client, 1)}), so ${c.cores} cores serve at most ${fixed(c.ceiling)} a second`;

/**
 * The budget of issue 28 for each PostgreSQL run: its target rate held (p99 under the limit, no
 * errors, and every lower rate held too). The embedded engine's figure is reported, not budgeted.
 */
export function openLoopVerdicts(runs) {
  return runs
    .filter((run) => run.engine.startsWith('PostgreSQL'))
    .map((run) => {
      const { target, p99Ms, highest, meetsTarget } = run.verdict;
      const atTarget = run.rates.find((r) => r.rate === target);
      return {
        budget: `${BUDGET_PREFIX} (${run.engine}): ${target} requests a second with p99 under ${p99Ms} ms and no errors`,
        actual:
          (highest === null ? 'held none of the rates tried' : `held up to ${highest}/s`) +
          (atTarget
            ? `; at ${target}/s p99 ${fixed(atTarget.p99)} ms, ${atTarget.errors} errors`
            : `; ${target}/s not tried`) +
          (!meetsTarget && capacityOf(run) ? `; ${capacityText(capacityOf(run))}` : ''),
        pass: meetsTarget,
      };
    });
}

/** Why a rate cannot hold on this machine, from the CPU each request took at the lowest rate. */
function capacityLines(run) {
  const c = capacityOf(run);
  if (!c) return [];
  const target = run.verdict.target;
  return [
    `Capacity, measured at ${c.rate}/s: ${capacityText(c)} with every core busy, and about ${fixed(c.usable)} at ${USABLE_SHARE * 100} % of their time,`,
    "the most a queue on so few cores can use while its p99 stays near the work itself (past it every burst of the mix's",
    `slow requests waits behind the last). ${target} a second needs ${fixed(c.coresForTarget, 1)} cores at these costs, or the mix at`,
    `${fixed(c.perRequestForTarget, 1)} ms of CPU a request on ${c.cores} cores: that is what would meet the budget.`,
    '',
  ];
}

/** The section: how the load was made, and per engine each rate's figures and verdict. */
export function openLoopSection(runs, verdicts, { writtenBy }) {
  const shares = OPEN_LOOP_MIX.map(([op, w]) => `${op} ${w}`).join(', ');
  const lines = [
    '## Open loop',
    '',
    `Written by ${writtenBy} (bench/lib/open-loop.mjs, bench/lib/open-loop-mix.mjs) on ${runs[0]?.started.toISOString() ?? 'n/a'}. Machine: ${runs[0]?.machine ?? 'n/a'}, shared with other work.`,
    'Requests leave at a fixed rate whatever the server is doing (request i at i / rate seconds), as an office of',
    "many people loads it, unlike the scenarios above whose connections wait for each answer. A request's latency runs",
    'from the moment it was due, so time queued behind a slow server (or a late client) counts. Each request is drawn',
    `from a large operator's busiest hour (shares per 100: ${shares});`,
    "a terminal's request is the next step of one enrolled terminal's cycle: PIN sign-in, clock-in with the",
    'pre-departure inspection, clock-out with the end-of-shift one. Rates run lowest first after a short warm-up,',
    'the server left to finish its queue between them; the rows the terminals wrote are removed afterwards. An error',
    'is any answer other than 2xx or none within 10 s. A rate holds when its p99 is under the limit with no errors;',
    '"held up to" is the highest rate that held with every lower one holding too. Latencies in ms; server CPU in',
    'cores of the Node process (the database not included), PG CPU in cores of every local PostgreSQL process,',
    'machine in cores of the whole machine busy (the load generator, the server, PostgreSQL and anything else).',
    '',
  ];
  for (const run of runs) {
    lines.push(
      `### ${run.engine}`,
      '',
      `${run.users.managerSessions} manager sessions, ${run.users.drivers} drivers' phones, ${run.users.terminals} terminals; ${run.seconds} s a rate; the load generator used ${fixed(run.clientCores, 2)} cores; load average at the end ${run.loadAverage.map((l) => l.toFixed(1)).join(', ')}.`,
      '',
      '| rate | achieved | requests | p50 | p99 | max | errors | server CPU | PG CPU | machine | holds |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...run.rates.map((r) => {
        const held = run.verdict.rates.find((v) => v.rate === r.rate)?.pass;
        return `| ${r.rate}/s | ${fixed(r.achieved)}/s | ${r.requests} | ${fixed(r.p50)} | ${fixed(r.p99)} | ${fixed(r.max)} | ${errorsOf(r)} | ${fixed(r.serverCores, 2)} | ${r.postgresCores === undefined ? '–' : fixed(r.postgresCores, 2)} | ${fixed(r.machineCores, 2)} | ${held ? 'yes' : '**no**'} |`;
      }),
      '',
      `Held up to: ${run.verdict.highest === null ? 'none of the rates tried' : `${run.verdict.highest} requests a second`} (p99 under ${run.verdict.p99Ms} ms, no errors).`,
      '',
      ...capacityLines(run),
    );
    const top = run.rates.at(-1);
    if (top)
      lines.push(
        `<details><summary>By request at ${top.rate}/s</summary>`,
        '',
        '| request | count | p50 | p99 | max | errors |',
        '|---|---|---|---|---|---|',
        ...top.byOp.map(
          (o) =>
            `| ${o.op} | ${o.requests} | ${fixed(o.p50)} | ${fixed(o.p99)} | ${fixed(o.max)} | ${errorsOf(o)} |`,
        ),
        '',
        '</details>',
        '',
      );
    lines.push(`Server warnings and errors (its output: \`${run.logFile}\`):`, '');
    if (run.complaints.length === 0) lines.push('- none');
    for (const c of run.complaints.slice(0, 10))
      lines.push(`- ${c.count} × ${c.message}${c.where.length ? ` (at ${c.where.join(' < ')})` : ''}`);
    lines.push('');
  }
  lines.push(...verdicts.map((v) => `- ${v.pass ? 'PASS' : '**FAIL**'} ${v.budget}: ${v.actual}`), '');
  return lines;
}

/**
 * Replaces the "## Open loop" section and the open loop's budget rows of RESULTS.md `text` (the
 * rest as it was): the section goes where it was, else before "## First pages", else at the end.
 */
export function replaceOpenLoopSection(text, section, verdicts) {
  const lines = text.split('\n').filter((l) => !l.startsWith(`| ${BUDGET_PREFIX} (`));
  const budgets = lines.indexOf('## Budgets');
  if (budgets >= 0) {
    let end = budgets + 1;
    while (end < lines.length && !(lines[end].startsWith('|') && !lines[end + 1]?.startsWith('|'))) end++;
    lines.splice(
      end + 1,
      0,
      ...verdicts.map((v) => `| ${v.budget} | ${v.actual} | ${v.pass ? 'PASS' : '**FAIL**'} |`),
    );
  }
  let out = lines.join('\n');
  const start = out.indexOf('\n## Open loop\n');
  if (start >= 0) {
    const next = out.indexOf('\n## ', start + 1);
    return `${out.slice(0, start + 1)}${section}${next >= 0 ? out.slice(next) : ''}`;
  }
  const before = out.indexOf('\n## First pages\n');
  if (before >= 0) return `${out.slice(0, before + 1)}${section}\n${out.slice(before + 1)}`;
  if (!out.endsWith('\n')) out += '\n';
  return `${out}\n${section}\n`;
}

/** `node bench/open-loop.mjs`: its section and budget rows of bench/RESULTS.md rewritten. */
export function writeOpenLoopSection(runs, verdicts) {
  const file = path.join(root, 'bench/RESULTS.md');
  const text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmark results\n\n## Budgets\n\n| budget | measured | verdict |\n|---|---|---|\n';
  const section = openLoopSection(runs, verdicts, { writtenBy: '`node bench/open-loop.mjs`' }).join('\n');
  writeFileSync(file, replaceOpenLoopSection(text, section, verdicts));
  return file;
}

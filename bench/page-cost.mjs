// `node bench/page-cost.mjs <database url> [path] [--plans]`: what one page costs PostgreSQL and the
// socket, without a bench run. Starts the production build on a volume database (`seed:load`), signs in
// as its manager, records the SQL of one request of `path` (default: the bench's job-list page), then
// runs EXPLAIN ANALYZE of each statement 20 times and prints the median (and least) of planning plus
// execution, their sums (as bench/NOTES.md §9.2 measured it) and the answer's bytes. `--plans` prints each plan;
// `--json` ends with one line of JSON (npm run bench reads it for its budget). Runs are EXPLAIN ANALYZE with
// TIMING OFF: reading the clock at every node of every row adds to a nested plan what serving it does not
// cost (PostgreSQL's EXPLAIN documentation), and what the budget counts is the statement's own work.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { call, signIn, VOLUME_MANAGER } from './lib/http.mjs';
import { startServer } from './lib/servers.mjs';

const args = process.argv.slice(2);
const showPlans = args.includes('--plans');
const asJson = args.includes('--json');
const [url, page = '/api/jobs?status=completed&limit=50&offset=0&shape=rows'] = args.filter(
  (a) => !a.startsWith('--'),
);
if (!url) {
  console.error('usage: node bench/page-cost.mjs <database url> [path] [--plans]');
  process.exit(2);
}
const RUNS = 20;
const captureFile = path.join(tmpdir(), `page-cost-${process.pid}.jsonl`);
const server = await startServer({ database: { url }, captureFile });
const client = new pg.Client({ connectionString: url });
try {
  const cookie = await signIn(server.base, VOLUME_MANAGER);
  await call(server.base, 'GET', page, { cookie }); // warm: the server prepares its session reads once
  rmSync(captureFile, { force: true });
  const started = Date.now();
  const res = await call(server.base, 'GET', page, { cookie });
  const ended = Date.now();
  if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
  const statements = readFileSync(captureFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    // The job queue's own polling runs on the same pool: only the request's reads are its cost.
    .filter((s) => s.at >= started && s.at <= ended && /^\s*select/i.test(s.text) && !/pgboss/.test(s.text));
  await client.connect();
  let sum = 0;
  let buffers = 0;
  let least = 0;
  const measured = [];
  for (const s of statements) {
    const times = [];
    let plan = '';
    // A statement the server prepares by name is planned once per connection, not on each page: it is
    // measured the same way, through EXECUTE of a statement prepared here.
    let text = s.text;
    if (s.name) {
      await client.query(`prepare ${s.name} as ${s.text}`);
      // EXECUTE inside EXPLAIN takes no bound parameters: the values go in as literals.
      const literal = (v) => (v === null ? 'null' : client.escapeLiteral(String(v)));
      text = `execute ${s.name}(${s.values.map(literal).join(', ')})`;
    }
    const values = s.name ? [] : s.values;
    for (let i = 0; i < RUNS; i++) {
      const { rows } = await client.query(
        `explain (analyze, buffers, timing off, format json) ${text}`,
        values,
      );
      const [result] = rows[0]['QUERY PLAN'];
      times.push(result['Planning Time'] + result['Execution Time']);
      // Pages read: what the statement costs whatever else the machine is doing.
      if (i === 0) buffers += result.Plan['Shared Hit Blocks'] + result.Plan['Shared Read Blocks'];
    }
    if (showPlans) {
      const { rows } = await client.query(`explain (analyze, buffers) ${text}`, values);
      plan = `\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)];
    sum += median;
    // On a machine shared with other work the fastest run is the one least interrupted: nearest the CPU.
    least += times[0];
    measured.push({
      text: s.text.replace(/\s+/g, ' ').slice(0, 80),
      prepared: Boolean(s.name),
      median,
      least: times[0],
    });
    const prepared = s.name ? '[prepared] ' : '';
    console.log(
      `${median.toFixed(2).padStart(7)} ms (min ${times[0].toFixed(2)})  ${prepared}${s.text.replace(/\s+/g, ' ').slice(0, 110)}${plan}`,
    );
  }
  console.log(
    `${sum.toFixed(2).padStart(7)} ms (min ${least.toFixed(2)})  sum of ${statements.length} statements (median of ${RUNS} each), ${buffers} buffers`,
  );
  console.log(`answer: ${res.bytes} bytes, ${res.json.items?.length ?? '?'} items, total ${res.json.total}`);
  if (asJson)
    console.log(
      JSON.stringify({ path: page, runs: RUNS, statements: measured, sum, least, buffers, bytes: res.bytes }),
    );
} finally {
  await client.end().catch(() => {});
  await server.stop();
  rmSync(captureFile, { force: true });
}

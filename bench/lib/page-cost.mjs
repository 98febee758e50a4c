// What one page costs PostgreSQL (issue 28, bench/NOTES.md §9.2 and §13): the statements of one request
// recorded by a server started with `captureFile`, each then run under EXPLAIN ANALYZE. Used by
// bench/page-cost.mjs and by `npm run bench` for its budget.
import pg from 'pg';
import { readCaptured } from './capture.mjs';
import { call } from './http.mjs';
import { settleMachine } from './load.mjs';

/**
 * Median (and least) of planning plus execution over `runs` runs of each statement, and their sums. Runs
 * are EXPLAIN ANALYZE with TIMING OFF: reading the clock at every node of every row adds to a nested plan
 * what serving it does not cost (PostgreSQL's EXPLAIN documentation), and what the budget counts is the
 * statement's own work. Nothing else may load the server or the database meanwhile.
 */
export async function measurePageCost({
  serverBase,
  cookie,
  captureFile,
  databaseUrl,
  path,
  runs = 20,
  plans,
}) {
  await call(serverBase, 'GET', path, { cookie }); // warm: the server prepares its session reads once
  const started = Date.now();
  const res = await call(serverBase, 'GET', path, { cookie });
  // The recorder writes a statement as it ends, so the request's are all in before its answer.
  const ended = Date.now();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  // Only the request's reads are its cost: EXPLAIN ANALYZE would carry out a write.
  const recorded = readCaptured(captureFile, started, ended).filter((s) => /^\s*select/i.test(s.text));
  // Timed statements on two cores: what ran before (the recorded writes' autovacuum, the server's first
  // background round) must be over, or the median counts its share of the cores.
  const waitedFrom = Date.now();
  const idle = await settleMachine();
  const settledMs = Date.now() - waitedFrom;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statements = [];
    for (const s of recorded) {
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
      const times = [];
      let buffers = 0;
      for (let i = 0; i < runs; i++) {
        const { rows } = await client.query(
          `explain (analyze, buffers, timing off, format json) ${text}`,
          values,
        );
        const [result] = rows[0]['QUERY PLAN'];
        times.push(result['Planning Time'] + result['Execution Time']);
        // Pages read: what the statement costs whatever else the machine is doing.
        if (i === 0) buffers = result.Plan['Shared Hit Blocks'] + result.Plan['Shared Read Blocks'];
      }
      let plan;
      if (plans) {
        const { rows } = await client.query(`explain (analyze, buffers) ${text}`, values);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      times.sort((a, b) => a - b);
      statements.push({
        text: s.text.replace(/\s+/g, ' ').trim(),
        prepared: Boolean(s.name),
        median: times[Math.floor(runs / 2)],
        // On a machine shared with other work the fastest run is the one least interrupted: nearest the CPU.
        least: times[0],
        buffers,
        plan,
      });
    }
    const total = (key) => statements.reduce((n, s) => n + s[key], 0);
    return {
      path,
      runs,
      statements,
      sum: total('median'),
      least: total('least'),
      buffers: total('buffers'),
      bytes: res.bytes,
      items: res.json?.items?.length,
      total: res.json?.total,
      /** How long the machine took to fall idle first, and whether it did within the wait's bound. */
      settledMs,
      idle,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

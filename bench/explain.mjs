// `node bench/explain.mjs <scenario> [engine]`: EXPLAIN ANALYZE of every statement a scenario ran, as
// recorded by the last `npm run bench` (bench/.data/baseline-<engine>.json). For bench/NOTES.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from '../scripts/lib.mjs';

const [name, engine = 'postgres'] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(path.join(root, `bench/.data/baseline-${engine}.json`), 'utf8'));
const scenario = plan.scenarios[name];
if (!scenario) {
  console.error(`No scenario '${name}'. Known: ${Object.keys(plan.scenarios).join(', ')}`);
  process.exit(2);
}
const client = new pg.Client({ connectionString: plan.url });
await client.connect();
try {
  for (const s of scenario.phases.flat()) {
    if (!/^\s*select/i.test(s.text)) continue;
    const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
    console.log(`\n${s.text.slice(0, 160)}…\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
} finally {
  await client.end();
}

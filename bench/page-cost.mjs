// `node bench/page-cost.mjs <database url> [path] [--plans]`: what one page costs PostgreSQL and the
// socket, without a bench run. Starts the production build on a volume database (`seed:load`), signs in
// as its manager, records the SQL of one request of `path` (default: the bench's job-list page), then
// runs EXPLAIN ANALYZE of each statement 20 times and prints the median (and least) of planning plus
// execution, their sums (as bench/NOTES.md §9.2 measured it) and the answer's bytes (bench/lib/page-cost.mjs).
// `--plans` prints each plan; `--json` ends with one line of JSON.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn, VOLUME_MANAGER } from './lib/http.mjs';
import { measurePageCost } from './lib/page-cost.mjs';
import { startServer } from './lib/servers.mjs';

const args = process.argv.slice(2);
const plans = args.includes('--plans');
const asJson = args.includes('--json');
const [url, page = '/api/jobs?status=completed&limit=50&offset=0&shape=rows'] = args.filter(
  (a) => !a.startsWith('--'),
);
if (!url) {
  console.error('usage: node bench/page-cost.mjs <database url> [path] [--plans]');
  process.exit(2);
}
const captureFile = path.join(tmpdir(), `page-cost-${process.pid}.jsonl`);
const server = await startServer({ database: { url }, captureFile });
try {
  const cookie = await signIn(server.base, VOLUME_MANAGER);
  const cost = await measurePageCost({
    serverBase: server.base,
    cookie,
    captureFile,
    databaseUrl: url,
    path: page,
    plans,
  });
  for (const s of cost.statements) {
    const prepared = s.prepared ? '[prepared] ' : '';
    console.log(
      `${s.median.toFixed(2).padStart(7)} ms (min ${s.least.toFixed(2)})  ${prepared}${s.text.slice(0, 110)}${plans ? `\n${s.plan}` : ''}`,
    );
  }
  console.log(
    `${cost.sum.toFixed(2).padStart(7)} ms (min ${cost.least.toFixed(2)})  sum of ${cost.statements.length} statements (median of ${cost.runs} each), ${cost.buffers} buffers`,
  );
  console.log(`answer: ${cost.bytes} bytes, ${cost.items ?? '?'} items, total ${cost.total}`);
  if (asJson)
    console.log(JSON.stringify({ ...cost, statements: cost.statements.map(({ plan, ...s }) => s) }));
} finally {
  await server.stop();
  rmSync(captureFile, { force: true });
}

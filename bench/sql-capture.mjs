// Preloaded into a production server (node --import) while the bench learns which SQL each scenario
// runs: every statement sent through node-postgres or PGlite is appended to $BENCH_CAPTURE_FILE with
// when it started and ended, so the baseline can replay the same statements in the same order and
// with the same overlap. Never loaded into the server that is measured.
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.BENCH_CAPTURE_FILE;
if (!file) throw new Error('BENCH_CAPTURE_FILE is not set');

// A named (prepared) statement keeps its name: the baseline prepares it the same way.
const record = (text, values, start, name) =>
  appendFileSync(
    file,
    `${JSON.stringify({ text, values: values ?? [], name, at: Date.now(), start, end: performance.now() })}\n`,
  );

const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = typeof config === 'string' || Array.isArray(values) ? values : config?.values;
  const name = typeof config === 'string' ? undefined : config?.name;
  if (typeof text !== 'string') return originalQuery.call(this, config, values, callback);
  const start = performance.now();
  const args = [config, values, callback];
  const last = args.findLastIndex((a) => typeof a === 'function');
  if (last >= 0) {
    const done = args[last];
    args[last] = (...result) => {
      record(text, params, start, name);
      return done(...result);
    };
    return originalQuery.apply(this, args.slice(0, last + 1));
  }
  const result = originalQuery.call(this, config, values, callback);
  if (result && typeof result.then === 'function') {
    result.then(
      () => record(text, params, start, name),
      () => record(text, params, start, name),
    );
  }
  return result;
};

const originalPgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = async function query(text, params, options) {
  const start = performance.now();
  try {
    return await originalPgliteQuery.call(this, text, params, options);
  } finally {
    record(text, params, start);
  }
};

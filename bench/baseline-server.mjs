// The baseline of each scenario (ADR 21): a bare Fastify app whose route /s/<scenario> runs the SQL
// the product ran for that request, captured by sql-capture.mjs, through the same driver and pool
// size, in the same phases (statements that overlapped in the product run together here). No
// sessions, validation, serialisation or business code: what is left is the cost of the database
// and of HTTP. Steps that write run inside a transaction that is rolled back, so they can repeat.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const plan = JSON.parse(readFileSync(process.env.BENCH_BASELINE_FILE ?? '', 'utf8'));
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

let run;
let close;
if (plan.engine === 'pglite') {
  const db = await PGlite.create({ dataDir: plan.dataDir });
  const query = (s) => db.query(s.text, s.values);
  run = async (scenario) => {
    for (const phase of scenario.phases) await Promise.all(phase.map(query));
  };
  close = () => db.close();
} else {
  const pool = new pg.Pool({ connectionString: plan.url, max: plan.poolSize ?? 10 });
  pool.on('error', () => {});
  // A statement is { text, values, name? }: one the product prepared by name is prepared here by the
  // same name (once a connection).
  run = async (scenario) => {
    if (!scenario.rollback) {
      for (const phase of scenario.phases) await Promise.all(phase.map((s) => pool.query(s)));
      return;
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const phase of scenario.phases)
        for (const s of phase) if (!TRANSACTION_CONTROL.test(s.text)) await client.query(s);
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
  };
  close = () => pool.end();
}

const app = Fastify({ logger: false });
app.get('/s/:name', async (request, reply) => {
  const scenario = plan.scenarios[request.params.name];
  if (!scenario) return reply.code(404).send({ message: 'no such scenario' });
  await run(scenario);
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('baseline ready\n');
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await app.close();
    await close();
    process.exit(0);
  });

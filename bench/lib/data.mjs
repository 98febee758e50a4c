// The volume databases the bench runs on, seeded by `seed:load` and reused while their marker
// matches (the seed takes minutes; the marker names the size and the generator's content).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';
import { runCommand, SESSION_SECRET } from './servers.mjs';

const cli = path.join(root, 'apps/api/dist/cli.js');

/** The PostgreSQL server the bench uses, the database it builds there and how many jobs it holds. */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE = 'dms_bench';
export const BENCH_JOBS = Number(process.env.BENCH_JOBS ?? 100_000);

function marker(jobs) {
  const generator = readFileSync(path.join(root, 'apps/api/src/demo/volume-seed.ts'));
  const hash = createHash('sha256').update(generator).digest('hex').slice(0, 12);
  return `dms bench volume: jobs=${jobs} generator=${hash}`;
}

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A PostgreSQL database of `jobs` volume jobs on the server at `serverUrl`; answers its URL. */
export async function ensurePostgresVolume(serverUrl, name, jobs) {
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await admin.connect();
  const want = marker(jobs);
  const url = databaseUrl(serverUrl, name);
  try {
    const { rows } = await admin.query(
      'select shobj_description(oid, $2) as note from pg_database where datname = $1',
      [name, 'pg_database'],
    );
    if (rows[0]?.note === want) {
      console.log(`bench: reusing database ${name} (${want})`);
      return url;
    }
    console.log(`bench: creating database ${name} and loading ${jobs} jobs`);
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    await runCommand(process.execPath, [cli, 'seed:load', '--jobs', String(jobs)], {
      DATABASE_URL: url,
      SESSION_SECRET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    // Set visibility maps too, as a database that has lived a while would have them.
    await db.query('vacuum analyze');
    await db.end();
    await admin.query(`comment on database ${pg.escapeIdentifier(name)} is ${pg.escapeLiteral(want)}`);
    return url;
  } finally {
    await admin.end();
  }
}

/** An embedded database directory with `jobs` volume jobs; answers the DATA_DIR. */
export async function ensurePgliteVolume(jobs) {
  const dataDir = path.join(root, 'bench/.data', `pglite-${jobs}`);
  const markerFile = path.join(dataDir, 'bench-marker.txt');
  const want = marker(jobs);
  if (existsSync(markerFile) && readFileSync(markerFile, 'utf8') === want) {
    console.log(`bench: reusing ${path.relative(root, dataDir)} (${want})`);
    return dataDir;
  }
  console.log(`bench: loading ${jobs} jobs into ${path.relative(root, dataDir)}`);
  rmSync(dataDir, { recursive: true, force: true });
  await runCommand(process.execPath, [cli, 'seed:load', '--jobs', String(jobs)], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SESSION_SECRET,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  });
  writeFileSync(markerFile, want);
  return dataDir;
}

export async function postgresVersion(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await db.end();
  }
}

/** Drops the idempotency records of the bench's own clock-ins (their keys start with 'bench-'). */
export async function forgetIdempotencyKeys(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("delete from idempotency_records where key like 'bench-%'");
  } finally {
    await db.end();
  }
}

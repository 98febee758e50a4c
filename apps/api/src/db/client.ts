import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

// This is the only module that knows which engine runs; everything else sees `Database`.

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository accepts either the database or an open transaction. */
export type Db = Database | Transaction;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  migrate(): Promise<void>;
  /** A copy of an embedded database's files, to clone it fast (tests). Postgres: unsupported. */
  snapshot(): Promise<Blob>;
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true; from?: Blob };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    return openPglite(await PGlite.create({ dataDir: options.dataDir }));
  }
  return openPglite(await PGlite.create(options.from ? { loadDataDir: options.from } : {}));
}

function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    snapshot: async () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    snapshot: () => Promise.reject(new Error('snapshot() is only available on the embedded database')),
    close: () => pool.end(),
  };
}

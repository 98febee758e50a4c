import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ConstructorOptions, fromPglite, PgBoss } from 'pg-boss';
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
  /**
   * Calls `onPayload` with every NOTIFY on `channel`, from any instance on the same database, until
   * the returned function is called. PostgreSQL: one dedicated connection, re-established with backoff
   * after a loss; `onReconnect` then runs, since NOTIFYs sent while it was down are gone.
   */
  listen: Listen;
  /** The background queue (pg-boss) on this database: its own pool on PostgreSQL, the same instance on PGlite. */
  createBoss: CreateBoss;
  close(): Promise<void>;
}

export type BossOptions = Omit<
  ConstructorOptions,
  'db' | 'connectionString' | 'backend' | 'host' | 'database'
>;
export type CreateBoss = (options: BossOptions) => PgBoss;

export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export type OpenDatabaseOptions = (
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true; from?: Blob }
) & {
  /** Called with every statement Drizzle sends (tests count the queries of a request with it). */
  logQuery?: (query: string) => void;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10, logger);
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    return openPglite(await PGlite.create({ dataDir: options.dataDir }), logger);
  }
  return openPglite(await PGlite.create(options.from ? { loadDataDir: options.from } : {}), logger);
}

type QueryLogger = { logQuery: (query: string) => void } | undefined;

function openPglite(client: PGlite, logger: QueryLogger): DatabaseHandle {
  const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    snapshot: async () => client.dumpDataDir('none'),
    // One process holds the embedded database: it cannot restart under the app, so no reconnect.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    // PGlite is one process's: pg-boss shares the app's instance (DESIGN.md install facts).
    createBoss: (options) => new PgBoss({ ...options, db: fromPglite(client), backend: 'pglite' }),
    close: () => client.close(),
  };
}

/** How long a request waits for a connection before it is answered 503 (the database is away). */
const CONNECT_TIMEOUT_MS = 5000;

function openPostgres(url: string, max: number, logger: QueryLogger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // When the server goes away (a restart, a failover) every connection ends with an 'error' event.
  // The pool listens on idle clients only; a client checked out (a transaction between statements)
  // has no listener of its own, and an unheard 'error' ends the process. Every client gets one for
  // its whole life: the statement in flight fails by itself, and the pool drops the broken client
  // when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    snapshot: () => Promise.reject(new Error('snapshot() is only available on the embedded database')),
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(url, channel, onPayload, onReconnect),
    createBoss: (options) =>
      new PgBoss({ ...options, connectionString: url, max: 4, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
    close: () => pool.end(),
  };
}

/** Reconnect delays: 0.5 s doubling to 10 s, so that a restart of a few seconds costs a few seconds. */
export function relistenDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));
}

/** LISTEN on a connection of its own (a pooled one would drop it), reconnecting after a loss. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => scheduleReconnect(),
      );
    }, relistenDelayMs(attempt++));
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    // 'error' and 'end' both mean the connection is gone; either starts one reconnect.
    const lost = () => {
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (client === next) {
        client = undefined;
        scheduleReconnect();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

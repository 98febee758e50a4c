import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';

/** Replaces the database name in a PostgreSQL URL. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for one test file: a copy of the run's PGlite template by default,
 * or a new PostgreSQL database cloned from the run's template database when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(
  source: { pgliteTemplatePath?: string; postgresTemplate?: string },
  logQuery?: (query: string) => void,
): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && source.postgresTemplate) {
    const name = `dms_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${source.postgresTemplate}`);
    const handle = await openDatabase({ url: withDatabaseName(serverUrl, name), poolSize: 5, logQuery });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  if (!source.pgliteTemplatePath) throw new Error('global setup provided no database template');
  const snapshot = new Blob([await readFile(source.pgliteTemplatePath)]);
  return openDatabase({ memory: true, from: snapshot, logQuery });
}

import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-database';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    WEB_DIST_DIR: '.tmp/no-web-build',
    PUBLIC_URL: 'http://localhost:5000',
    // Fixed, so that no test writes a generated secret into the shared data directory.
    SESSION_SECRET: 'test-session-secret-of-at-least-thirty-two-characters',
    ...env,
  });
}

export function openTestDatabase(): Promise<DatabaseHandle> {
  return createTestDatabase({
    pgliteTemplatePath: inject('pgliteTemplatePath'),
    postgresTemplate: inject('postgresTemplate'),
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database of its own. */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'db' | 'engine'>> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: options.config ?? testConfig(),
    db: database.db,
    engine: database.engine,
    ...options,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

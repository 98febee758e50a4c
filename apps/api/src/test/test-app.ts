import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server';
import { createTestDatabase } from './test-database';
import { TEST_SESSION_SECRET } from './test-secret';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    WEB_DIST_DIR: '.tmp/no-web-build',
    PUBLIC_URL: 'http://localhost:5000',
    // Fixed, so that no test writes a generated secret into the shared data directory.
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...env,
  });
}

export function openTestDatabase(logQuery?: (query: string) => void): Promise<DatabaseHandle> {
  return createTestDatabase(
    { pgliteTemplatePath: inject('pgliteTemplatePath'), postgresTemplate: inject('postgresTemplate') },
    logQuery,
  );
}

/** What a test file needs around the app; everything else is testConfig()'s defaults. */
export interface TestAppOptions
  extends Pick<BuildAppOptions, 'resolveIdentity' | 'extraRoutes' | 'logStream'> {
  /** Environment variables on top of testConfig()'s (SMTP_URL, PUBLIC_URL, GOOGLE_…). */
  env?: Record<string, string>;
  /** Starts a real SMTP server (test/smtp-server.ts), points SMTP_URL at it, and offers it as `smtp`. */
  smtp?: boolean;
  /** A DATA_DIR of the app's own under the system temp folder (`dataDir`), removed on close. */
  tempDataDir?: boolean;
  /** Sees every SQL statement the app sends (to count the queries of a request). */
  logQuery?: (query: string) => void;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  /** The app's DATA_DIR (outbox, local uploads). */
  dataDir: string;
  /** The SMTP server the app sends to; only with `smtp: true`. */
  readonly smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database of its own. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, smtp: withSmtp, tempDataDir, logQuery, ...appOptions } = options;
  const smtp = withSmtp ? await startTestSmtpServer() : undefined;
  const ownDataDir = tempDataDir ? await mkdtemp(path.join(tmpdir(), 'dms-test-')) : undefined;
  const config = testConfig({
    ...env,
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
  });
  const database = await openTestDatabase(logQuery);
  const app = await buildApp({
    ...appOptions,
    config,
    db: database.db,
    engine: database.engine,
    listen: database.listen,
    createBoss: database.createBoss,
    // Retries come quickly: a test that stops the SMTP server waits seconds, not minutes.
    mailRetryDelaySeconds: 1,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    dataDir: config.dataDir,
    get smtp() {
      if (!smtp) throw new Error('this test app has no SMTP server: create it with { smtp: true }');
      return smtp;
    },
    close: async () => {
      await app.close();
      await database.close();
      await smtp?.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

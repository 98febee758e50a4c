import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { adminQuery, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath?: string;
    postgresTemplate?: string;
  }
}

/** Migrates one template per run; each test file then starts from a copy (see test-database.ts). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `dms_template_${process.pid}`;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const handle = await openDatabase({ url: withDatabaseName(serverUrl, template), poolSize: 1 });
    await handle.migrate();
    await installQueueSchema(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const dir = path.resolve(import.meta.dirname, '../../../../.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  await installQueueSchema(handle);
  await writeFile(file, Buffer.from(await (await handle.snapshot()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', file);
  return async () => {
    await rm(file, { force: true });
  };
}

/** The queue's tables in the template too, so that no test file pays for creating them. */
async function installQueueSchema(handle: DatabaseHandle): Promise<void> {
  const boss = handle.createBoss({ supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: handle.engine === 'postgres' });
}

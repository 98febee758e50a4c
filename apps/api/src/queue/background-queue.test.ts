import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { emailNotifications } from '../db/schema';
import { recordNotification } from '../modules/notifications/notifications.repository';
import { createDriver } from '../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { openTestDatabase, testConfig } from '../test/test-app';

// The mail queue's promise (issue 7): a send that fails is retried with backoff and recorded, and an
// SMTP outage or a restart loses no mail and sends none twice.

let database: DatabaseHandle;
let port: number;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const probe = await startTestSmtpServer();
  port = probe.port;
  await probe.close();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function startApp(mailRetryLimit?: number): Promise<FastifyInstance> {
  const app = await buildApp({
    mailRetryLimit,
    config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` }),
    db: database.db,
    engine: database.engine,
    listen: database.listen,
    createBoss: database.createBoss,
    mailRetryDelaySeconds: 1,
  });
  await app.ready();
  apps.push(app);
  return app;
}

async function mailJobStates(): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select state from pgboss.job where name = 'send-mail' order by created_on`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((r) => r.state);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mail queue', () => {
  let smtp: TestSmtpServer | undefined;
  afterAll(() => smtp?.close());

  it('delivers a mail once after an SMTP outage, and records the outcome of a job mail', async () => {
    const app = await startApp();
    const driver = await createDriver(database.db);
    // The SMTP server is down: the first try fails and the mail waits for its retry.
    const notificationId = await recordNotification(database.db, {
      userId: driver.id,
      jobId: null,
      emailType: 'update',
      status: 'queued',
    });
    await app.mailer.send(
      { to: driver.email, subject: 'Across the outage', text: 'Hello', html: '<p>Hello</p>' },
      { notificationId },
    );
    await expect.poll(mailJobStates).toEqual(['retry']);

    smtp = await startTestSmtpServer({ port });
    await smtp.waitFor(driver.email);
    await expect.poll(mailJobStates).toEqual(['completed']);
    await sleep(2500);
    expect(smtp.to(driver.email).map((m) => m.subject)).toEqual(['Across the outage']);
    const rows = await database.db.select().from(emailNotifications);
    expect(rows).toEqual([
      expect.objectContaining({ userId: driver.id, emailType: 'update', status: 'sent' }),
    ]);
    await app.close();
    apps.pop();
    await smtp.close();
    smtp = undefined;
  });

  it('keeps a mail queued across a restart and sends it once from the new instance', async () => {
    const before = (await mailJobStates()).length;
    const first = await startApp();
    await first.mailer.send({
      to: 'restart@example.test',
      subject: 'Survives a restart',
      text: 'x',
      html: '<p>x</p>',
    });
    await expect.poll(async () => (await mailJobStates()).at(-1)).toBe('retry');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    smtp = await startTestSmtpServer({ port });
    await startApp();
    await smtp.waitFor('restart@example.test');
    await sleep(2500);
    expect(smtp.to('restart@example.test')).toHaveLength(1);
    expect((await mailJobStates()).slice(before)).toEqual(['completed']);
  });

  it('records a job mail as failed, with the reason, once its retries run out', async () => {
    await smtp?.close();
    smtp = undefined;
    const app = await startApp(1);
    const driver = await createDriver(database.db);
    const notificationId = await recordNotification(database.db, {
      userId: driver.id,
      jobId: null,
      emailType: 'reminder',
      status: 'queued',
    });
    await app.mailer.send(
      { to: driver.email, subject: 'Never delivered', text: 'x', html: '' },
      { notificationId },
    );
    const rows = () =>
      database.db
        .select({ status: emailNotifications.status, reason: emailNotifications.failureReason })
        .from(emailNotifications)
        .where(eq(emailNotifications.userId, driver.id));
    await expect.poll(rows).toEqual([{ status: 'failed', reason: expect.stringMatching(/ECONNREFUSED/) }]);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  });

  it('keeps secrets out of the queue tables: the payload is sealed', async () => {
    const app = await startApp();
    await app.mailer.send({
      to: 'sealed@example.test',
      subject: 'Code 424242',
      text: 'Your code is 424242',
      html: '',
    });
    const result = (await database.db.execute(
      sql`select data::text as data from pgboss.job where name = 'send-mail' order by created_on desc limit 1`,
    )) as unknown as { rows: { data: string }[] };
    expect(result.rows[0]?.data).not.toContain('424242');
    expect(result.rows[0]?.data).not.toContain('sealed@example.test');
  });
});

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job, JobOffer } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import {
  createCategory,
  createDriver,
  createManager,
  createUser,
  createVehicle,
  TEST_PASSWORD,
} from './test/factories';
import { startTestSmtpServer, type TestSmtpServer } from './test/smtp-server';
import { testConfig } from './test/test-app';
import { adminQuery, withDatabaseName } from './test/test-database';

// DESIGN.md 'Scale-out': instances keep no state of their own, so any of them may answer any request.
// Two app servers, each with its own connection pool, LISTEN connection and queue worker, run
// against ONE PostgreSQL database and are driven over real HTTP.
//
// Only on a PostgreSQL server (TEST_DATABASE_URL, as CI's second run sets it): the embedded PGlite
// database belongs to one process and cannot be opened by a second instance.
const serverUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  base: string;
}

let databaseName: string;
let smtp: TestSmtpServer;
let a: Instance;
let b: Instance;

async function startInstance(url: string): Promise<Instance> {
  const database = await openDatabase({ url, poolSize: 5 });
  const app = await buildApp({
    config: testConfig({ SMTP_URL: smtp.url }),
    db: database.db,
    engine: database.engine,
    listen: database.listen,
    createBoss: database.createBoss,
    mailRetryDelaySeconds: 1,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A request as the web client sends it: JSON body, X-Requested-With, the session cookie. */
async function call(
  on: Instance,
  method: string,
  path: string,
  options: { cookie?: string; body?: object } = {},
): Promise<{ status: number; json: () => Promise<unknown>; cookie?: string }> {
  const res = await fetch(on.base + path, {
    method,
    headers: {
      'x-requested-with': 'dms',
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return { status: res.status, json: () => res.json(), cookie: setCookie?.split(';')[0] };
}

async function signIn(on: Instance, email: string): Promise<string> {
  const res = await call(on, 'POST', '/api/login', { body: { email, password: TEST_PASSWORD } });
  if (res.status !== 200 || !res.cookie) throw new Error(`sign-in on ${on.base} failed: ${res.status}`);
  return res.cookie;
}

beforeAll(async () => {
  if (!serverUrl) return;
  databaseName = `dms_scale_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${inject('postgresTemplate')}`);
  smtp = await startTestSmtpServer();
  const url = withDatabaseName(serverUrl, databaseName);
  [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
});
afterAll(async () => {
  if (!serverUrl) return;
  for (const instance of [a, b]) {
    await instance?.app.close();
    await instance?.database.close();
  }
  await smtp?.close();
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

/** Opens GET /api/events like EventSource would and collects the events' data. */
function openStream(base: string, cookie: string) {
  const events: Record<string, string>[] = [];
  let ready = false;
  const req = http.get(`${base}/api/events`, { headers: { accept: 'text/event-stream', cookie } }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        // The first frame is the id to resume from: the stream is then subscribed.
        if (data) events.push(JSON.parse(data));
        else if (/^id: /m.test(block)) ready = true;
      }
    });
  });
  req.on('error', () => {});
  return { events, ready: () => ready, close: () => req.destroy() };
}

describe.skipIf(!serverUrl)('two app instances on one PostgreSQL database', () => {
  it('share sessions: signed in on one, known on the other, and signed out everywhere', async () => {
    const user = await createManager(a.database.db);
    const cookie = await signIn(a, user.email);

    const me = await call(b, 'GET', '/api/user', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: user.id, email: user.email } });

    expect((await call(b, 'POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await call(a, 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('carry a live event raised on one to a client connected to the other', async () => {
    const manager = await createManager(a.database.db);
    const [cookieA, cookieB] = [await signIn(a, manager.email), await signIn(b, manager.email)];
    const stream = openStream(b.base, cookieB);
    await expect.poll(stream.ready).toBe(true);

    const bus = await createVehicle(a.database.db, { categoryId: (await createCategory(a.database.db)).id });
    const created = await call(a, 'POST', '/api/jobs', {
      cookie: cookieA,
      body: { title: 'Across instances', vehicles: [{ vehicleId: bus.id }] },
    });
    expect(created.status).toBe(201);
    const job = (await created.json()) as Job;

    await expect
      .poll(() => stream.events.some((e) => e.type === 'jobs.changed' && e.jobId === job.id))
      .toBe(true);
    stream.close();
  });

  it('send a queued mail exactly once while both queue workers run', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(a.database.db)));
    // Half the requests reach each instance; either worker may pick up any message.
    const answers = await Promise.all(
      users.map((u, i) =>
        call(i % 2 ? b : a, 'POST', '/api/auth/forgot-password', { body: { email: u.email } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(users.map(() => 200));
    for (const u of users) await smtp.waitFor(u.email);
    // Time for a second worker (or a retry) to send any message again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(users.map((u) => smtp.to(u.email).length)).toEqual(users.map(() => 1));
  });

  it('count sign-in attempts made on both toward one throttle', async () => {
    const user = await createUser(a.database.db);
    // The per-account limit is 10 failed attempts in 15 minutes (modules/auth/throttles.ts).
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/login', {
        body: { email: user.email, password: 'wrong-password' },
      });
      expect(res.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const res = await call(instance, 'POST', '/api/login', {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ message: expect.stringMatching(/^Too many attempts/) });
    }
  });

  it('give an offer accepted through both at once exactly one winner', async () => {
    const db = a.database.db;
    const manager = await createManager(db);
    const driver = await createDriver(db);
    const managerCookie = await signIn(a, manager.email);
    const bus = await createVehicle(db, { categoryId: (await createCategory(db)).id });
    const created = await call(a, 'POST', '/api/jobs', {
      cookie: managerCookie,
      body: {
        title: 'One winner',
        serviceDate: '2099-06-01',
        vehicles: [{ vehicleId: bus.id, driverId: driver.id }],
      },
    });
    expect(created.status).toBe(201);
    const job = (await created.json()) as Job;
    expect((await call(a, 'POST', `/api/jobs/${job.id}/publish`, { cookie: managerCookie })).status).toBe(
      200,
    );

    const [driverOnA, driverOnB] = [await signIn(a, driver.email), await signIn(b, driver.email)];
    const offers = (await (await call(b, 'GET', '/api/job-offers', { cookie: driverOnB })).json()) as {
      pending: JobOffer[];
    };
    const offer = offers.pending.find((o) => o.jobId === job.id)!;
    expect(offer).toBeDefined();

    const answers = await Promise.all([
      call(a, 'PATCH', `/api/job-offers/${offer.id}`, { cookie: driverOnA, body: { status: 'accepted' } }),
      call(b, 'PATCH', `/api/job-offers/${offer.id}`, { cookie: driverOnB, body: { status: 'accepted' } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await (await call(a, 'GET', '/api/job-offers', { cookie: driverOnA })).json()) as {
      pending: JobOffer[];
      previous: JobOffer[];
    };
    expect(after.pending.some((o) => o.id === offer.id)).toBe(false);
    expect(after.previous.find((o) => o.id === offer.id)?.status).toBe('accepted');
  });
});

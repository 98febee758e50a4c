import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createCategory, createVehicle } from '../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../test/role-test-app';
import { testConfig } from '../test/test-app';
import { publishLiveEvent } from './live-events';

let t: RoleTestApp;
let base: string;
/** A second instance on the same database: events must cross to it through NOTIFY. */
let other: FastifyInstance;
let otherBase: string;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createRoleTestApp();
  base = await listen(t.app);
  other = await buildApp({
    config: testConfig(),
    db: t.db,
    engine: t.database.engine,
    listen: t.database.listen,
  });
  otherBase = await listen(other);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Stream {
  events: { id: number; data: Record<string, string> }[];
  /** The id the server gave a fresh stream to start from. */
  startId: () => number | undefined;
  status: number;
  close(): void;
}

/** Opens GET /api/events like EventSource would, and collects what it receives. */
function openStream(url: string, cookie: string | undefined, lastEventId?: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const events: Stream['events'] = [];
    let start: number | undefined;
    const req = http.get(
      `${url}/api/events`,
      {
        headers: {
          accept: 'text/event-stream',
          ...(cookie ? { cookie } : {}),
          ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
        },
      },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
            else if (id) start = Number(id);
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({ events, startId: () => start, status: res.statusCode ?? 0, close: () => req.destroy() });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

const waitUntil = (check: () => boolean) => expect.poll(check, { timeout: 5000 }).toBe(true);

describe('live events', () => {
  it('refuses anonymous callers', async () => {
    const stream = await openStream(base, undefined);
    expect(stream.status).toBe(401);
    stream.close();
  });

  it("tell a manager's and the driver's screens about a job, and no one else's", async () => {
    const manager = await openStream(base, t.manager.cookie);
    const driver = await openStream(base, t.driver.cookie);
    const managerElsewhere = await openStream(otherBase, t.manager.cookie);
    await waitUntil(() => manager.startId() !== undefined && driver.startId() !== undefined);

    const bus = await createVehicle(t.db, { categoryId: (await createCategory(t.db)).id });
    const job = expectJson<{ id: string }>(
      await t.asManager('POST', '/api/jobs', {
        title: 'Live',
        vehicles: [{ vehicleId: bus.id, driverId: t.driver.user.id }],
      }),
      201,
    );
    expectJson(await t.asManager('POST', `/api/jobs/${job.id}/publish`), 200);

    await waitUntil(() =>
      driver.events.some((e) => e.data.type === 'offers.changed' && e.data.jobId === job.id),
    );
    await waitUntil(() =>
      manager.events.some((e) => e.data.type === 'jobs.changed' && e.data.jobId === job.id),
    );
    // The other instance's stream hears it through the database.
    await waitUntil(() => managerElsewhere.events.some((e) => e.data.jobId === job.id));
    // Events carry ids, never the job itself.
    expect(Object.keys(manager.events[0]!.data).sort()).toEqual(['jobId', 'type']);
    for (const s of [manager, driver, managerElsewhere]) s.close();
  });

  it('catch a reconnecting client up on what it missed, only what is for it', async () => {
    const first = await openStream(base, t.driver.cookie);
    await waitUntil(() => first.startId() !== undefined);
    const last = first.startId()!;
    first.close();
    await publishLiveEvent(t.db, {
      type: 'offers.changed',
      userIds: [t.driver.user.id],
      payload: { jobId: 'missed-1' },
    });
    await publishLiveEvent(t.db, {
      type: 'offers.changed',
      userIds: ['someone-else'],
      payload: { jobId: 'not-mine' },
    });
    await publishLiveEvent(t.db, {
      type: 'jobs.changed',
      roles: ['manager'],
      payload: { jobId: 'managers-only' },
    });
    await publishLiveEvent(t.db, {
      type: 'offers.changed',
      userIds: [t.driver.user.id],
      payload: { jobId: 'missed-2' },
    });

    const again = await openStream(base, t.driver.cookie, last);
    await waitUntil(() => again.events.length >= 2);
    await publishLiveEvent(t.db, {
      type: 'offers.changed',
      userIds: [t.driver.user.id],
      payload: { jobId: 'live-3' },
    });
    await waitUntil(() => again.events.length >= 3);
    expect(again.events.map((e) => e.data.jobId)).toEqual(['missed-1', 'missed-2', 'live-3']);
    const ids = again.events.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    again.close();
  });
});

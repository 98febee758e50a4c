import {
  ALREADY_REQUESTED,
  AVAILABLE_JOBS_COUNT_AHEAD,
  AVAILABLE_JOBS_PAGE_SIZE,
  type AvailableJob,
  HOLDS_OFFER_MESSAGE,
  type Job,
  type JobOffer,
  type JobStaffing,
  NO_OPEN_POSITION,
  OFFER_ALREADY_ANSWERED,
  OFFER_EXPIRED,
} from '@dms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOffers, jobRequests, jobs, jobVehicles } from '../../db/schema';
import { sessionCookie } from '../../test/auth-helpers';
import {
  createCategory,
  createCustomer,
  createDriver,
  createVehicle,
  TEST_PASSWORD,
} from '../../test/factories';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { expireOffers } from './job-offers.service';

let t: RoleTestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

let ip = 10;
/** A new driver, signed in from an address of their own (per-address sign-in throttles stay out of it). */
async function signedInDriver(overrides: Parameters<typeof createDriver>[1] = {}) {
  const user = await createDriver(t.db, overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
  });
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return { user, call: t.callerWith({ cookie }) as Caller };
}

/** A published job with one slot a vehicle each; `drivers[i]` on slot i (or open when missing). */
async function publishedJob(slots: number, drivers: (string | undefined)[] = [], title = 'Offer cycle job') {
  const vehicles = await Promise.all(
    Array.from({ length: slots }, () => createVehicle(t.db, { categoryId })),
  );
  const created = expectJson<Job>(
    await t.asManager('POST', '/api/jobs', {
      title,
      serviceDate: '2099-06-01',
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Airport',
          departureTime: '09:00',
          arrivalTime: '10:00',
        },
      ],
      vehicles: vehicles.map((v, i) => ({ vehicleId: v.id, driverId: drivers[i] })),
      basePrice: 900,
    }),
    201,
  );
  return expectJson<Job>(await t.asManager('POST', `/api/jobs/${created.id}/publish`), 200);
}

/** Every page of a driver's Available Jobs, 50 at a time. */
async function allAvailable(call: Caller): Promise<AvailableJob[]> {
  const items: AvailableJob[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = expectJson<{ items: AvailableJob[]; total: number }>(
      await call('GET', `/api/jobs/available?limit=50&offset=${offset}`),
      200,
    );
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

async function offersOf(call: Caller) {
  return expectJson<{ pending: JobOffer[]; previous: JobOffer[] }>(await call('GET', '/api/job-offers'), 200);
}

async function slotDrivers(jobId: string) {
  const rows = await t.db
    .select({ driverId: jobVehicles.driverId })
    .from(jobVehicles)
    .where(eq(jobVehicles.jobId, jobId));
  return rows.map((r) => r.driverId);
}

describe('answering offers', () => {
  it('lists pending offers with the job and who made them, without prices', async () => {
    const d = await signedInDriver();
    const job = await publishedJob(2, [d.user.id, undefined]);
    const { pending } = await offersOf(d.call);
    const offer = pending.find((o) => o.jobId === job.id);
    expect(offer).toMatchObject({
      status: 'pending',
      creator: { firstName: t.manager.user.firstName },
      job: { id: job.id, title: 'Offer cycle job' },
    });
    expect(offer?.job.vehicles.map((s) => s.driverId)).toEqual([d.user.id]);
    expect(offer?.job).not.toHaveProperty('totalPrice');
  });

  it('accepting keeps the driver on the slot and tells the manager', async () => {
    const d = await signedInDriver({ firstName: 'Ava', lastName: 'Accept' });
    const job = await publishedJob(1, [d.user.id]);
    const offer = (await offersOf(d.call)).pending.find((o) => o.jobId === job.id)!;
    const res = expectJson<JobOffer>(
      await d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'accepted' }),
      200,
    );
    expect(res.status).toBe('accepted');
    expect(await slotDrivers(job.id)).toEqual([d.user.id]);
    const subjects = () => t.smtp.to(t.manager.user.email).map((m) => m.subject);
    await expect.poll(subjects).toContain(`Offer accepted: ${job.jobNumber} Offer cycle job`);
    const accepted = t.smtp
      .to(t.manager.user.email)
      .find((m) => m.subject?.startsWith(`Offer accepted: ${job.jobNumber}`));
    expect(accepted?.text).toContain('Ava Accept accepted the offer');
    const again = await d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: OFFER_ALREADY_ANSWERED });
    expect((await offersOf(d.call)).previous.map((o) => o.id)).toContain(offer.id);
  });

  it('declining frees the slot and tells the manager', async () => {
    const d = await signedInDriver({ firstName: 'Dan', lastName: 'Decline' });
    const job = await publishedJob(1, [d.user.id]);
    const offer = (await offersOf(d.call)).pending.find((o) => o.jobId === job.id)!;
    expectJson(await d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'rejected' }), 200);
    expect(await slotDrivers(job.id)).toEqual([null]);
    await expect
      .poll(() => t.smtp.to(t.manager.user.email).map((m) => m.subject))
      .toContain(`Offer declined: ${job.jobNumber} Offer cycle job`);
  });

  it('settles two answers racing to one final state, the loser getting 409', async () => {
    const d = await signedInDriver();
    const job = await publishedJob(1, [d.user.id]);
    const offer = (await offersOf(d.call)).pending.find((o) => o.jobId === job.id)!;
    const answers = await Promise.all([
      d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'accepted' }),
      d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'rejected' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().status;
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, offer.id));
    expect(row?.status).toBe(winner);
    expect(await slotDrivers(job.id)).toEqual(winner === 'accepted' ? [d.user.id] : [null]);
  });

  it('refuses an answer after expiry, and expiry frees the slot', async () => {
    const d = await signedInDriver();
    const job = await publishedJob(1, [d.user.id]);
    const offer = (await offersOf(d.call)).pending.find((o) => o.jobId === job.id)!;
    await t.db
      .update(jobOffers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(jobOffers.id, offer.id));
    const late = await d.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'accepted' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: OFFER_EXPIRED });
    // Shown among the previous offers, pending still in the row until the queue expires it.
    const listed = await offersOf(d.call);
    expect(listed.pending.map((o) => o.id)).not.toContain(offer.id);
    expect(listed.previous.find((o) => o.id === offer.id)?.status).toBe('pending');

    const expired = await expireOffers(t.db);
    expect(expired.map((o) => o.id)).toContain(offer.id);
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, offer.id));
    expect(row?.status).toBe('expired');
    expect(await slotDrivers(job.id)).toEqual([null]);
  });

  it("is for the offer's own driver only", async () => {
    const owner = await signedInDriver();
    const other = await signedInDriver();
    const job = await publishedJob(1, [owner.user.id]);
    const offer = (await offersOf(owner.call)).pending.find((o) => o.jobId === job.id)!;
    expect(
      (await other.call('PATCH', `/api/job-offers/${offer.id}`, { status: 'accepted' })).statusCode,
    ).toBe(404);
    expect((await offersOf(other.call)).pending.map((o) => o.id)).not.toContain(offer.id);
    expect((await t.asManager('GET', '/api/job-offers')).statusCode).toBe(403);
  });
});

describe('available jobs and requests', () => {
  it('lists published jobs with open positions, and a driver requests each once', async () => {
    const holder = await signedInDriver();
    const d = await signedInDriver();
    const job = await publishedJob(3, [holder.user.id], 'Open positions job');
    const listed = (await allAvailable(d.call)).find((j) => j.id === job.id);
    expect(listed).toMatchObject({ openSlots: 2, requested: false });
    expect(listed?.vehicles.every((s) => s.driverId === null)).toBe(true);
    expect(listed).not.toHaveProperty('totalPrice');
    // The holder does not see a job they are on.
    const forHolder = await allAvailable(holder.call);
    expect(forHolder.map((j) => j.id)).not.toContain(job.id);

    expectJson(await d.call('POST', `/api/jobs/${job.id}/request`, { message: 'I know the route' }), 201);
    const twice = await d.call('POST', `/api/jobs/${job.id}/request`, { message: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ALREADY_REQUESTED });
    const after = await allAvailable(d.call);
    expect(after.find((j) => j.id === job.id)?.requested).toBe(true);

    const staffing = expectJson<JobStaffing>(await t.asManager('GET', `/api/jobs/${job.id}/staffing`), 200);
    expect(staffing.requests).toEqual([
      expect.objectContaining({ driverId: d.user.id, status: 'pending', message: 'I know the route' }),
    ]);
    expect(staffing.offers.map((o) => o.driverId)).toEqual([holder.user.id]);
    // The job list and detail show the same at a glance.
    const seen = expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);
    expect(seen.pendingRequests).toBe(1);
    expect(seen.vehicles.map((s) => s.offerStatus)).toEqual(['pending', null, null]);
  });

  it('does not list drafts', async () => {
    const d = await signedInDriver();
    const bus = await createVehicle(t.db, { categoryId });
    const draft = expectJson<Job>(
      await t.asManager('POST', '/api/jobs', {
        title: 'Draft only',
        serviceDate: '2099-01-01',
        vehicles: [{ vehicleId: bus.id }],
      }),
      201,
    );
    const items = await allAvailable(d.call);
    expect(items.map((j) => j.id)).not.toContain(draft.id);
    expect((await d.call('POST', `/api/jobs/${draft.id}/request`, {})).statusCode).toBe(404);
  });

  it('leaves exactly one approved driver when twenty request the last open slot', async () => {
    const job = await publishedJob(1, [], 'Last seat');
    const drivers = await Promise.all(Array.from({ length: 20 }, () => signedInDriver()));
    const requested = await Promise.all(
      drivers.map((d) => d.call('POST', `/api/jobs/${job.id}/request`, {})),
    );
    expect(requested.every((r) => r.statusCode === 201)).toBe(true);
    const { requests } = expectJson<JobStaffing>(
      await t.asManager('GET', `/api/jobs/${job.id}/staffing`),
      200,
    );
    expect(requests).toHaveLength(20);
    // Two managers approve two different requests at the same moment.
    const decisions = await Promise.all(
      requests
        .slice(0, 2)
        .map((q) => t.asManager('PATCH', `/api/job-requests/${q.id}`, { status: 'approved' })),
    );
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const approved = await t.db
      .select()
      .from(jobRequests)
      .where(and(eq(jobRequests.jobId, job.id), eq(jobRequests.status, 'approved')));
    expect(approved).toHaveLength(1);
    expect(await slotDrivers(job.id)).toEqual([approved[0]!.driverId]);
    const stillPending = await t.db
      .select()
      .from(jobRequests)
      .where(and(eq(jobRequests.jobId, job.id), eq(jobRequests.status, 'pending')));
    expect(stillPending).toHaveLength(0);
    const winner = drivers.find((d) => d.user.id === approved[0]!.driverId)!;
    await expect
      .poll(() => t.smtp.to(winner.user.email).map((m) => m.subject))
      .toContain(`You're on a job: ${job.jobNumber} Last seat`);
    const loser = drivers.find((d) => d.user.id !== approved[0]!.driverId)!;
    await expect
      .poll(() => t.smtp.to(loser.user.email).map((m) => m.subject))
      .toContain(`Job request not taken: ${job.jobNumber} Last seat`);
    const late = await drivers[5]!.call('POST', `/api/jobs/${job.id}/request`, {});
    expect([409]).toContain(late.statusCode);
    const fresh = await signedInDriver();
    const none = await fresh.call('POST', `/api/jobs/${job.id}/request`, {});
    expect(none.json()).toEqual({ message: NO_OPEN_POSITION });
  });
});

describe('publishing made visible (issue 29)', () => {
  it("reads Confirmed until every slot's driver accepted, then Assigned; a decline opens it again", async () => {
    const [ann, bob] = [await signedInDriver(), await signedInDriver()];
    const job = await publishedJob(2, [ann.user.id, bob.user.id]);
    expect(job.status).toBe('confirmed');
    const offerOf = async (d: { call: Caller }) =>
      (await offersOf(d.call)).pending.find((o) => o.jobId === job.id)!;
    const status = async () => expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200).status;
    expectJson(
      await ann.call('PATCH', `/api/job-offers/${(await offerOf(ann)).id}`, { status: 'accepted' }),
      200,
    );
    expect(await status()).toBe('confirmed');
    const bobOffer = await offerOf(bob);
    expectJson(await bob.call('PATCH', `/api/job-offers/${bobOffer.id}`, { status: 'accepted' }), 200);
    expect(await status()).toBe('assigned');
    // A slot freed by the board reads Confirmed again.
    const slots = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id));
    const bobSlot = slots.find((s) => s.driverId === bob.user.id)!;
    expectJson(
      await t.asManager('PATCH', `/api/jobs/${job.id}/slots/${bobSlot.id}`, {
        vehicleId: bobSlot.vehicleId,
        driverId: null,
        was: { vehicleId: bobSlot.vehicleId, driverId: bob.user.id },
      }),
      200,
    );
    expect(await status()).toBe('confirmed');
  });

  it('shows a held offer on the available job instead of Request, refuses the request, and counts offers', async () => {
    const driver = await signedInDriver();
    const count = async () =>
      expectJson<{ pending: number }>(await driver.call('GET', '/api/job-offers/pending-count'), 200).pending;
    expect(await count()).toBe(0);
    const job = await publishedJob(1, [driver.user.id]);
    expect(await count()).toBe(1);
    // Taken off the slot on the board: the offer stays, and the position is open again.
    const [slot] = await t.db.select().from(jobVehicles).where(eq(jobVehicles.jobId, job.id));
    expectJson(
      await t.asManager('PATCH', `/api/jobs/${job.id}/slots/${slot!.id}`, {
        vehicleId: slot!.vehicleId,
        driverId: null,
        was: { vehicleId: slot!.vehicleId, driverId: driver.user.id },
      }),
      200,
    );
    const card = (await allAvailable(driver.call)).find((j) => j.id === job.id);
    const [offer] = await t.db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(card?.offer).toEqual({ id: offer!.id, expiresAt: offer!.expiresAt!.toISOString() });
    const refused = await driver.call('POST', `/api/jobs/${job.id}/request`, { message: '' });
    expect(expectJson(refused, 409)).toEqual({ message: HOLDS_OFFER_MESSAGE });
    expect(await t.db.select().from(jobRequests).where(eq(jobRequests.jobId, job.id))).toEqual([]);
    expect((await driver.call('GET', '/api/job-offers/pending-count')).statusCode).toBe(200);
    expect((await t.asManager('GET', '/api/job-offers/pending-count')).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/job-offers/pending-count')).statusCode).toBe(401);
  });
});

describe('available jobs a page at a time (issue 28)', () => {
  it('counts Available Jobs five pages ahead at most, and exactly near the end', async () => {
    const bus = await createVehicle(t.db, { categoryId });
    const rows = await t.db
      .insert(jobs)
      .values(
        Array.from({ length: AVAILABLE_JOBS_COUNT_AHEAD + 25 }, (_, i) => ({
          jobNumber: `AHEAD-${i}`,
          title: `Far ahead ${i}`,
          status: 'confirmed' as const,
          serviceDate: '2098-03-01',
        })),
      )
      .returning({ id: jobs.id });
    await t.db.insert(jobVehicles).values(rows.map((r) => ({ jobId: r.id, vehicleId: bus.id })));
    const d = await signedInDriver();
    const all = await allAvailable(d.call);
    expect(all.length).toBeGreaterThan(AVAILABLE_JOBS_COUNT_AHEAD + 20);
    type Page = { items: AvailableJob[]; total: number; totalIsLowerBound: boolean };
    const first = expectJson<Page>(await d.call('GET', '/api/jobs/available'), 200);
    expect(first).toMatchObject({ total: AVAILABLE_JOBS_COUNT_AHEAD, totalIsLowerBound: true });
    const near = expectJson<Page>(await d.call('GET', `/api/jobs/available?offset=${all.length - 30}`), 200);
    expect(near).toMatchObject({ total: all.length, totalIsLowerBound: false });
    await t.db.delete(jobs).where(sql`${jobs.jobNumber} like 'AHEAD-%'`);
  });

  it('answers pages of 20 that do not overlap, without the customer contact, with the open slots counted', async () => {
    const customer = await createCustomer(t.db, {
      companyName: 'Paging Customer Pty Ltd',
      email: 'bookings@paging.test',
      phone: '02 9555 0101',
    });
    const holder = await signedInDriver();
    // 23 jobs the new driver may request, each with two open positions of three.
    for (let i = 0; i < 23; i++) {
      const job = await publishedJob(3, [holder.user.id], `Paging job ${i}`);
      await t.db.update(jobs).set({ customerId: customer.id }).where(eq(jobs.id, job.id));
    }
    const d = await signedInDriver();

    const first = expectJson<{ items: AvailableJob[]; total: number; limit: number; offset: number }>(
      await d.call('GET', '/api/jobs/available'),
      200,
    );
    expect(first.items).toHaveLength(AVAILABLE_JOBS_PAGE_SIZE);
    expect(first.limit).toBe(20);
    expect(first.total).toBeGreaterThanOrEqual(23);

    const all = await allAvailable(d.call);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((j) => j.id)).size).toBe(all.length);
    const second = expectJson<{ items: AvailableJob[]; total: number; totalIsLowerBound: boolean }>(
      await d.call('GET', '/api/jobs/available?offset=20'),
      200,
    );
    // Far fewer than the count's bound: every page tells the exact total, the last without a count.
    expect(second).toMatchObject({ total: first.total, totalIsLowerBound: false });
    const firstIds = new Set(first.items.map((j) => j.id));
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((j) => firstIds.has(j.id))).toBe(false);
    expect(second.items.map((j) => j.id)).toEqual(all.slice(20, 20 + second.items.length).map((j) => j.id));

    const paging = all.filter((j) => j.title?.startsWith('Paging job'));
    expect(paging).toHaveLength(23);
    for (const job of paging) {
      expect(job.customer).toEqual({
        id: customer.id,
        companyName: 'Paging Customer Pty Ltd',
        name: 'Paging Customer Pty Ltd',
        companyType: customer.companyType,
      });
      expect(job.openSlots).toBe(2);
      expect(job.vehicles).toHaveLength(2);
    }
    const raw = JSON.stringify(all);
    expect(raw).not.toContain('bookings@paging.test');
    expect(raw).not.toContain('02 9555 0101');
    // The holder's own job still shows them the customer's phone.
    const mine = expectJson<{ items: { title: string | null; customer: { phone: string | null } | null }[] }>(
      await holder.call('GET', '/api/jobs?mine=1&period=upcoming&limit=50'),
      200,
    );
    expect(mine.items.find((j) => j.title === 'Paging job 0')?.customer?.phone).toBe('02 9555 0101');
  });

  it('refuses a page larger than 50 with a clear message', async () => {
    const d = await signedInDriver();
    const res = await d.call('GET', '/api/jobs/available?limit=200');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('offering an open slot', () => {
  it('puts the chosen driver on the slot with a pending offer and mails them', async () => {
    const job = await publishedJob(2, [], 'Offer a slot');
    const d = await signedInDriver();
    const slot = job.vehicles[1]!;
    expectJson(
      await t.asManager('POST', `/api/jobs/${job.id}/offers`, { slotId: slot.id, driverId: d.user.id }),
      201,
    );
    expect(await slotDrivers(job.id)).toContain(d.user.id);
    expect((await offersOf(d.call)).pending.map((o) => o.jobId)).toContain(job.id);
    await t.smtp.waitFor(d.user.email);
    const taken = await t.asManager('POST', `/api/jobs/${job.id}/offers`, {
      slotId: slot.id,
      driverId: t.driver.user.id,
    });
    expect(taken.statusCode).toBe(409);
    expect((await d.call('GET', `/api/jobs/${job.id}/staffing`)).statusCode).toBe(403);
  });
});

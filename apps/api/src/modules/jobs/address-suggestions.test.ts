import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depots, jobLegs } from '../../db/schema';
import { createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

// Address suggestions for a job's legs (issue 29, ADR 29).

let t: RoleTestApp;
let n = 0;
/** Letters only, so that one test's addresses never match another's search. */
const tag = () =>
  `q${'abcdefghij'[n++ % 10]}${Date.now().toString(36).replace(/\d/g, '')}x${'klmnopqrst'[n % 10]}`;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

async function jobWithLegs(customerId: string | null, serviceDate: string, legs: [string, string][]) {
  const job = await createJob(t.db, { customerId, serviceDate });
  await t.db.delete(jobLegs).where(sql`${jobLegs.jobId} = ${job.id}`);
  await t.db.insert(jobLegs).values(
    legs.map(([originAddress, destinationAddress], i) => ({
      jobId: job.id,
      legNumber: i + 1,
      originAddress,
      destinationAddress,
    })),
  );
  return job;
}

const suggest = async (query: string) => {
  const res = await t.asManager('GET', `/api/address-suggestions?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { address: string; source: string; label: string | null; uses: number }[];
    total: number;
    limit: number;
    offset: number;
  };
};

describe('address suggestions', () => {
  it("offers depots, the customer's address, its earlier jobs, then other jobs, each address once", async () => {
    const k = tag();
    const customer = await createCustomer(t.db, { address: `1 School Rd ${k}` });
    const other = await createCustomer(t.db);
    await t.db.insert(depots).values([
      { name: `North depot ${k}`, address: `9 Yard St ${k}` },
      { name: `Closed depot ${k}`, address: `8 Old St ${k}`, isActive: 0 },
    ]);
    await jobWithLegs(customer.id, '2026-03-01', [
      [`1 School Rd ${k}`, `Museum ${k}`],
      [`Museum ${k}`, `1 School Rd ${k}`],
    ]);
    await jobWithLegs(customer.id, '2026-04-01', [[`9 yard st ${k}`, `Zoo ${k}`]]);
    await jobWithLegs(other.id, '2026-05-01', [
      [`${k} Airport`, `Museum ${k}`],
      [`${k} Airport`, `${k} Beach`],
    ]);

    const page = await suggest(`search=${k}&customerId=${customer.id}`);
    expect(page.items.map((s) => [s.source, s.address, s.label])).toEqual([
      ['depot', `9 Yard St ${k}`, `North depot ${k}`],
      ['customer', `1 School Rd ${k}`, null],
      // The museum was used twice by this customer, the zoo once.
      ['customer_job', `Museum ${k}`, null],
      ['customer_job', `Zoo ${k}`, null],
      // Every job's legs match from the start of the address: the airport (used twice) first.
      ['job', `${k} Airport`, null],
      ['job', `${k} Beach`, null],
    ]);
    expect(page.items.find((s) => s.address === `Museum ${k}`)?.uses).toBe(2);
    expect(page.items.find((s) => s.source === 'customer')?.uses).toBe(2);
    expect(page).toMatchObject({ total: 6, limit: 10, offset: 0 });

    // Without a customer: depots, then every job's addresses that start with the search.
    const anyone = await suggest(`search=${k}`);
    expect(anyone.items.map((s) => s.address)).toEqual([`9 Yard St ${k}`, `${k} Airport`, `${k} Beach`]);
  });

  it('searches on the server: depot names, text anywhere for the customer, the start for other jobs', async () => {
    const k = tag();
    const customer = await createCustomer(t.db, { address: `Gate 2, ${k} College` });
    await t.db.insert(depots).values({ name: `${k} Yard`, address: '44 Industrial Ave' });
    await jobWithLegs(customer.id, '2026-03-01', [[`Town Hall ${k}`, 'Opera House']]);
    await jobWithLegs(null, '2026-03-02', [[`Pier ${k}`, `${k} Pier 2`]]);
    const page = await suggest(`search=${k.toUpperCase()}&customerId=${customer.id}`);
    expect(page.items.map((s) => [s.source, s.address])).toEqual([
      ['depot', '44 Industrial Ave'],
      ['customer', `Gate 2, ${k} College`],
      ['customer_job', `Town Hall ${k}`],
      ['job', `${k} Pier 2`],
    ]);
  });

  it("with nothing typed, offers the depots, the customer's address and its earlier jobs, not every job", async () => {
    const k = tag();
    const customer = await createCustomer(t.db, { address: `5 Quiet St ${k}` });
    await jobWithLegs(customer.id, '2026-03-01', [[`5 Quiet St ${k}`, `Park ${k}`]]);
    await jobWithLegs(null, '2026-03-01', [[`Stranger ${k}`, `Elsewhere ${k}`]]);
    const page = await suggest(`customerId=${customer.id}&limit=50`);
    const addresses = page.items.map((s) => s.address);
    expect(addresses).toContain(`5 Quiet St ${k}`);
    expect(addresses).toContain(`Park ${k}`);
    expect(addresses.some((a) => a.includes(`Stranger ${k}`))).toBe(false);
    expect(page.items.map((s) => s.source).filter((s) => s !== 'depot')).toEqual([
      'customer',
      'customer_job',
    ]);
    // One letter does not search every job either.
    expect((await suggest(`search=${k[0]}`)).items.every((s) => s.source === 'depot')).toBe(true);
  });

  it('pages, and treats LIKE wildcards as text', async () => {
    const k = tag();
    await jobWithLegs(null, '2026-03-01', [
      [`${k} a`, `${k} b`],
      [`${k} c`, `${k} d`],
      [`${k}% e`, `${k}_f`],
    ]);
    const first = await suggest(`search=${k}&limit=2`);
    const second = await suggest(`search=${k}&limit=2&offset=2`);
    const past = await suggest(`search=${k}&limit=2&offset=10`);
    expect(first.total).toBe(6);
    expect(second.total).toBe(6);
    expect(past).toMatchObject({ items: [], total: 6, offset: 10 });
    expect(new Set([...first.items, ...second.items].map((s) => s.address)).size).toBe(4);
    expect((await suggest(`search=${encodeURIComponent(`${k}%`)}`)).items.map((s) => s.address)).toEqual([
      `${k}% e`,
    ]);
    expect((await suggest(`search=${encodeURIComponent(`${k}_`)}`)).items.map((s) => s.address)).toEqual([
      `${k}_f`,
    ]);
  });

  it('refuses drivers, anonymous callers and bad queries, with a clear message', async () => {
    expect((await t.asDriver('GET', '/api/address-suggestions?search=ab')).statusCode).toBe(403);
    expect((await t.anonymous('GET', '/api/address-suggestions?search=ab')).statusCode).toBe(401);
    const tooMany = await t.asManager('GET', '/api/address-suggestions?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].path).toBe('limit');
    const long = await t.asManager('GET', `/api/address-suggestions?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual({ path: 'search', message: 'Must be at most 200 characters' });
    const unknown = await t.asManager('GET', '/api/address-suggestions?customerId=nobody');
    expect(unknown.statusCode).toBe(200);
  });

  it("finds every job's addresses through the prefix indexes", async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = (await t.db.execute(
        sql`explain select 1 from job_legs l where lower(l.origin_address) like ${'pier%'}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(
        'job_legs_origin_address_prefix_idx',
      );
    } finally {
      await t.db.execute(sql`set enable_seqscan = on`);
    }
  });
});

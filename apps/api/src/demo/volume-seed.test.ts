import { dateInZone } from '@dms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_PIN_KEY } from '../test/test-secret';
import {
  checkSizes,
  defaultSizes,
  seedVolume,
  VOLUME_DRIVER_PASSWORD,
  VOLUME_MANAGER,
  type VolumeSeedResult,
} from './volume-seed';

const TZ = 'Australia/Sydney';

async function scalar(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n);
}

describe('seed:load volume data', () => {
  let t: TestApp;
  let result: VolumeSeedResult;
  const today = dateInZone(new Date(), TZ);

  beforeAll(async () => {
    t = await createTestApp();
    result = await seedVolume(
      t.db,
      defaultSizes(600, { drivers: 12, vehicles: 10, customers: 20, forms: 500 }),
      {
        today,
        timezone: TZ,
        pinKey: TEST_PIN_KEY,
      },
    );
  }, 60_000);
  afterAll(() => t.close());

  it('loads the sizes asked for', async () => {
    expect(result.counts.jobs).toBe(600);
    expect(result.counts.users).toBe(13);
    expect(result.counts.vehicles).toBe(10);
    expect(result.counts.customers).toBe(20);
    expect(await scalar(t, sql`select count(*) as n from jobs`)).toBe(600);
    const forms = await scalar(
      t,
      sql`select (select count(*) from pre_departure_inspections) + (select count(*) from end_of_shift_inspections)
              + (select count(*) from fuel_logs) as n`,
    );
    expect(forms).toBeLessThanOrEqual(500);
    expect(forms).toBeGreaterThan(0);
  });

  it('spreads jobs over two years with unique numbers, past and future', async () => {
    expect(await scalar(t, sql`select count(distinct job_number) as n from jobs`)).toBe(600);
    expect(
      await scalar(t, sql`select count(*) as n from jobs where service_date < ${today}`),
    ).toBeGreaterThan(400);
    expect(
      await scalar(t, sql`select count(*) as n from jobs where service_date > ${today}`),
    ).toBeGreaterThan(50);
    // New jobs continue the numbering.
    expect(await scalar(t, sql`select last_value as n from job_number_seq`)).toBe(600);
  });

  it('never puts a driver or a vehicle on two jobs of one day, and never opens two shifts at once', async () => {
    const clashes = await scalar(
      t,
      sql`select count(*) as n from (
            select j.service_date, s.driver_id from job_vehicles s join jobs j on j.id = s.job_id
             where s.driver_id is not null group by 1, 2 having count(*) > 1) d`,
    );
    expect(clashes).toBe(0);
    const overlaps = await scalar(
      t,
      sql`select count(*) as n from shifts a join shifts b
            on a.driver_id = b.driver_id and a.id < b.id and a.start_time < b.end_time and b.start_time < a.end_time`,
    );
    expect(overlaps).toBe(0);
    expect(await scalar(t, sql`select count(*) as n from shifts where end_time is null`)).toBe(0);
  });

  it('reads back through the API: the job list pages it, a driver sees their own jobs', async () => {
    const manager = await signIn(t.app, VOLUME_MANAGER.email, VOLUME_MANAGER.password);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/jobs?status=completed&limit=50',
      headers: { cookie: manager },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(50);
    expect(body.total).toBeGreaterThan(300);
    // The most recent past jobs first.
    const dates = body.items.map((j: { serviceDate: string }) => j.serviceDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const driver = await signIn(t.app, 'driver1@volume.local', VOLUME_DRIVER_PASSWORD);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/jobs?limit=200',
      headers: { cookie: driver },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().total).toBeGreaterThan(0);
    expect(mine.json().items[0]).not.toHaveProperty('totalPrice');
  });

  it('bills the completed jobs: issued invoices that add up, the old ones paid, the list pages them', async () => {
    const completed = await scalar(
      t,
      sql`select count(*) as n from jobs where status = 'completed' and service_date is not null and total_price > 0`,
    );
    expect(completed).toBeGreaterThan(0);
    expect(result.counts.invoices).toBe(completed);
    expect(await scalar(t, sql`select count(distinct number) as n from invoices`)).toBe(completed);
    expect(
      await scalar(
        t,
        sql`select count(*) as n from invoices i where i.total <> (select sum(l.total) from invoice_lines l where l.invoice_id = i.id)
          or i.amount_paid <> (select coalesce(sum(p.amount), 0) from invoice_payments p where p.invoice_id = i.id)`,
      ),
    ).toBe(0);
    const manager = await signIn(t.app, VOLUME_MANAGER.email, VOLUME_MANAGER.password);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/invoices?limit=50',
      headers: { cookie: manager },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(50);
    expect(page.json().total).toBe(completed);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/invoices/settings', headers: { cookie: manager } })
      ).json().nextInvoiceNumber,
    ).toBe(completed + 1);
  });
});

describe('seed:load sizes', () => {
  it('refuses sizes it cannot load', () => {
    expect(checkSizes(defaultSizes(0))).toMatch(/--jobs/);
    expect(checkSizes(defaultSizes(10, { drivers: 20_000 }))).toMatch(/--drivers/);
    expect(checkSizes(defaultSizes(10, { vehicles: 1.5 }))).toMatch(/--vehicles/);
    expect(checkSizes(defaultSizes(100_000))).toBeNull();
  });
});

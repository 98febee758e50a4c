import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { preparedPerShape, statementName } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statements prepared per shape', () => {
  it('names every shape within the 63 bytes PostgreSQL keeps, the same shape alike, others apart', () => {
    const long = 'from_to_search_status_before_answers_customer_job_kind';
    expect(statementName('report_fuel_logs', 'all')).toBe('report_fuel_logs_all');
    const a = statementName('report_skipped_end_of_shift_count', long);
    const b = statementName('report_skipped_end_of_shift_count', `${long}_quote`);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(b.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
    expect(statementName('report_skipped_end_of_shift_count', long)).toBe(a);
  });

  it('runs two shapes whose names share their first 63 bytes on one database', async () => {
    // Before names were shortened, PostgreSQL cut both to the same 63 bytes and refused the second.
    const statement = preparedPerShape(
      (filter: { shape: string; value: number }) => filter.shape,
      (db, filter, name) =>
        db
          .select({
            v: sql<number>`${sql.placeholder('value')}::int + ${sql.raw(String(filter.shape.length))}`,
          })
          .from(sql`(select 1) one`)
          .prepare(name('a_statement_prefix_of_some_length')),
    );
    const base = 'from_to_search_status_before_answers_customer';
    for (const [shape, value] of [
      [`${base}_one`, 1],
      [`${base}_two`, 2],
    ] as const) {
      const [row] = await statement(t.db, { shape, value }).execute({ value });
      expect(Number(row!.v)).toBe(value + shape.length);
    }
  });
});

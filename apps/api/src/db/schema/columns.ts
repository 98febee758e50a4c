import { sql } from 'drizzle-orm';
import { integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema files (DESIGN.md "Data rules"). Not re-exported from index.ts.

/** Text UUID primary key; file names such as `quote-{first 8 id chars}.pdf` rely on it. */
export const id = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);

/** An instant, stored with its time zone and read as a JS Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();

export const updatedAt = () =>
  instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Money: numeric(10,2), read and written as a JS number. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/** Rates (percent): numeric(5,2), read and written as a JS number. */
export const rate = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/** A 0/1 flag as the spec sends it. */
export const flag = (name: string, defaultValue: 0 | 1) => integer(name).notNull().default(defaultValue);

/** Optimistic-locking counter: bump it on every update, compare it in the WHERE clause. */
export const version = () => integer('version').notNull().default(1);

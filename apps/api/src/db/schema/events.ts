import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Live events (DESIGN.md "live updates"): what screens refresh on. Kept for a day so that a client
 * that reconnects catches up from its last event id; every instance learns of a new row through
 * NOTIFY and sends it to the streams whose user is in its audience.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The users it is for, by id. */
    userIds: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The roles it is for (every manager, say). */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** Ids only: a screen refetches what it may see through the API. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_created_at_idx').on(t.createdAt)],
);

export type LiveEvent = typeof liveEvents.$inferSelect;

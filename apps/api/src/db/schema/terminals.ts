import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, timestamps } from './columns';

/**
 * Depot devices allowed to take driver PINs (ADR 15). A manager adds one and gets a one-time
 * enrolment code; typed on the device, it sets a long random device credential (kept hashed).
 */
export const terminals = pgTable(
  'terminals',
  {
    id: id(),
    name: text('name').notNull(),
    /** HMAC of the pending enrolment code; null once used or never issued. */
    enrolmentCodeHash: text('enrolment_code_hash'),
    enrolmentExpiresAt: instant('enrolment_expires_at'),
    /** SHA-256 of the device credential held in the device's HttpOnly cookie. */
    credentialHash: text('credential_hash').unique(),
    enrolledAt: instant('enrolled_at'),
    lastUsedAt: instant('last_used_at'),
    /** When each wrong PIN of the last day was typed here (older ones are dropped as new ones come). */
    pinFailures: instant('pin_failures').array().notNull().default(sql`'{}'::timestamptz[]`),
    nextAttemptAt: instant('next_attempt_at'),
    revokedAt: instant('revoked_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('terminals_enrolment_code_hash_idx').on(t.enrolmentCodeHash)],
);

export type Terminal = typeof terminals.$inferSelect;

/**
 * The result of each terminal submission, by the key the device made for it: a retry of the same
 * submission (a lost answer, a reconnect) gets the stored result instead of a second row.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    /** Whose submissions the key belongs to (the driver). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the route and body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_records_created_at_idx').on(t.createdAt),
  ],
);

import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, timestamps, version } from './columns';
import { jobs } from './jobs';

// Quote links (issue 24, ADR 32): a job's quote sent to its customer as an unguessable link, and
// the customer's answer with the evidence of what they accepted.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const quoteLinks = pgTable(
  'quote_links',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The reminder mail carries a second token for the same link (the first is not kept, so it
     * cannot be mailed again); either opens the link, and revoking the link stops both.
     */
    reminderTokenHash: text('reminder_token_hash').unique(),
    reminderSentAt: instant('reminder_sent_at'),
    sentTo: text('sent_to').notNull(),
    message: text('message'),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** The quote exactly as sent (PublicQuoteContent as JSON text: jsonb would reorder its keys). */
    quoteJson: text('quote_json').notNull(),
    /** SHA-256 (hex) of quoteJson. */
    quoteHash: text('quote_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    viewedAt: instant('viewed_at'),
    acceptedAt: instant('accepted_at'),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    /** The hash of the quote the customer saw when accepting (equal to quoteHash: a changed quote is refused). */
    acceptedHash: text('accepted_hash'),
    /** The drawn signature, re-encoded as PNG (never the bytes as sent). */
    signaturePng: bytea('signature_png'),
    /** The quote with its acceptance page, rendered at acceptance and kept as evidence. */
    signedPdf: bytea('signed_pdf'),
    declinedAt: instant('declined_at'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('quote_links_job_id_idx').on(t.jobId, t.createdAt)],
);

/** Settings > Documents > Quotes: one row at most; defaults when there is none. */
export const quoteLinkSettings = pgTable('quote_link_settings', {
  id: id(),
  expiryDays: integer('expiry_days').notNull().default(30),
  /** A link viewed and not answered after this many days gets one reminder mail. */
  reminderDays: integer('reminder_days').notNull().default(3),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: version(),
  ...timestamps(),
});

export type QuoteLinkRow = typeof quoteLinks.$inferSelect;

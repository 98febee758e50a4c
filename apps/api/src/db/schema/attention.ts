import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { flag, id, instant } from './columns';

/**
 * What needs a manager's attention (ADR 28): a new incident, a new defect, an emergency, a driver not
 * clocked in 15 minutes before their first departure. Raised once per subject, shown on every
 * manager's home screen until one acknowledges it (or, for a late driver, until they clock in);
 * serious items are also mailed to the managers who want safety alerts, by the queue.
 */
export const attentionItems = pgTable(
  'attention_items',
  {
    id: id(),
    kind: text('kind').$type<'incident' | 'defect' | 'emergency' | 'late_clock_in'>().notNull(),
    /** The record it is about (an incident's id; a late driver's `driverId:date`): raised once. */
    subjectId: text('subject_id').notNull(),
    serious: flag('serious', 0),
    title: text('title').notNull(),
    detail: text('detail'),
    raisedAt: instant('raised_at').notNull().defaultNow(),
    acknowledgedAt: instant('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** Settled by itself (the late driver clocked in). */
    resolvedAt: instant('resolved_at'),
    /** Null while a serious item's mails wait for the queue. */
    mailedAt: instant('mailed_at'),
  },
  (t) => [
    uniqueIndex('attention_items_subject_idx').on(t.kind, t.subjectId),
    index('attention_items_open_idx')
      .on(t.raisedAt)
      .where(sql`acknowledged_at is null and resolved_at is null`),
  ],
);

export type AttentionItemRow = typeof attentionItems.$inferSelect;

import {
  DEFAULT_QUOTE_LINK_EXPIRY_DAYS,
  DEFAULT_QUOTE_REMINDER_DAYS,
  type QuoteLinkSettings,
} from '@dms/domain';
import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type QuoteLinkRow, quoteLinkSettings, quoteLinks, users } from '../../db/schema';

export async function getQuoteLinkSettings(db: Db): Promise<QuoteLinkSettings & { version: number }> {
  const [row] = await db.select().from(quoteLinkSettings).orderBy(asc(quoteLinkSettings.createdAt)).limit(1);
  return {
    expiryDays: row?.expiryDays ?? DEFAULT_QUOTE_LINK_EXPIRY_DAYS,
    reminderDays: row?.reminderDays ?? DEFAULT_QUOTE_REMINDER_DAYS,
    version: row?.version ?? 0,
  };
}

/** Updates the one row or writes the first; the table lock keeps two first writes from making two rows. */
export async function saveQuoteLinkSettings(
  tx: Db,
  values: QuoteLinkSettings,
  userId: string | null,
): Promise<void> {
  await tx.execute(sql`lock table ${quoteLinkSettings} in share row exclusive mode`);
  const [row] = await tx.select({ id: quoteLinkSettings.id }).from(quoteLinkSettings).limit(1);
  if (!row) {
    await tx.insert(quoteLinkSettings).values({ ...values, updatedBy: userId });
    return;
  }
  await tx
    .update(quoteLinkSettings)
    .set({ ...values, updatedBy: userId, version: sql`${quoteLinkSettings.version} + 1` })
    .where(eq(quoteLinkSettings.id, row.id));
}

/** Revokes the job's links that are still open (not answered, not revoked); says how many. */
export async function revokeOpenLinks(tx: Db, jobId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(quoteLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(quoteLinks.jobId, jobId),
        isNull(quoteLinks.revokedAt),
        isNull(quoteLinks.acceptedAt),
        isNull(quoteLinks.declinedAt),
      ),
    )
    .returning({ id: quoteLinks.id });
  return rows.length;
}

export async function insertQuoteLink(
  tx: Db,
  values: Pick<
    QuoteLinkRow,
    'jobId' | 'tokenHash' | 'sentTo' | 'message' | 'sentBy' | 'quoteJson' | 'quoteHash' | 'expiresAt'
  >,
): Promise<QuoteLinkRow> {
  const [row] = await tx.insert(quoteLinks).values(values).returning();
  return row!;
}

/** The link with this token hash, locked for the answer when `lock` (call inside a transaction). */
export async function findLinkByTokenHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<QuoteLinkRow | undefined> {
  const query = db
    .select()
    .from(quoteLinks)
    .where(or(eq(quoteLinks.tokenHash, tokenHash), eq(quoteLinks.reminderTokenHash, tokenHash)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type JobQuoteLinkRow = Omit<QuoteLinkRow, 'signedPdf' | 'signaturePng'> & {
  sentByFirstName: string | null;
  sentByLastName: string | null;
  hasSignature: boolean;
};

/** The job's newest link (the one that counts: sending again revokes the others). */
export async function latestLinkForJob(db: Db, jobId: string): Promise<JobQuoteLinkRow | undefined> {
  const { signedPdf: _pdf, signaturePng: _png, ...columns } = getTableColumns(quoteLinks);
  const [row] = await db
    .select({
      ...columns,
      sentByFirstName: users.firstName,
      sentByLastName: users.lastName,
      hasSignature: sql<boolean>`${quoteLinks.signaturePng} is not null`,
    })
    .from(quoteLinks)
    .leftJoin(users, eq(users.id, quoteLinks.sentBy))
    .where(eq(quoteLinks.jobId, jobId))
    .orderBy(desc(quoteLinks.createdAt))
    .limit(1);
  return row;
}

/** Records the first view only; says whether this was it. */
export async function markViewed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(quoteLinks)
    .set({ viewedAt: now })
    .where(and(eq(quoteLinks.id, id), isNull(quoteLinks.viewedAt)))
    .returning({ id: quoteLinks.id });
  return rows.length > 0;
}

export async function recordAcceptance(
  tx: Db,
  id: string,
  values: Pick<
    QuoteLinkRow,
    | 'acceptedAt'
    | 'acceptedName'
    | 'acceptedIp'
    | 'acceptedUserAgent'
    | 'acceptedHash'
    | 'signaturePng'
    | 'signedPdf'
  >,
): Promise<void> {
  await tx
    .update(quoteLinks)
    .set({ ...values, viewedAt: sql`coalesce(${quoteLinks.viewedAt}, now())` })
    .where(eq(quoteLinks.id, id));
}

export async function recordDecline(
  tx: Db,
  id: string,
  values: { declinedAt: Date; declineReason: string | null },
): Promise<void> {
  await tx
    .update(quoteLinks)
    .set({ ...values, viewedAt: sql`coalesce(${quoteLinks.viewedAt}, now())` })
    .where(eq(quoteLinks.id, id));
}

/** The signed PDF of the job's accepted link, if it has one. */
export async function signedPdfOfJob(db: Db, jobId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ pdf: quoteLinks.signedPdf })
    .from(quoteLinks)
    .where(and(eq(quoteLinks.jobId, jobId), isNotNull(quoteLinks.signedPdf)))
    .orderBy(desc(quoteLinks.acceptedAt))
    .limit(1);
  return row?.pdf ?? undefined;
}

/** Open links first viewed at or before `viewedBy` that have had no reminder yet. */
export async function dueReminderLinks(db: Db, viewedBy: Date, now: Date): Promise<QuoteLinkRow[]> {
  return db
    .select()
    .from(quoteLinks)
    .where(
      and(
        lte(quoteLinks.viewedAt, viewedBy),
        isNull(quoteLinks.reminderSentAt),
        isNull(quoteLinks.acceptedAt),
        isNull(quoteLinks.declinedAt),
        isNull(quoteLinks.revokedAt),
        gt(quoteLinks.expiresAt, now),
      ),
    )
    .limit(100);
}

/** Records the reminder's token once; false when another run got there first. */
export async function recordReminder(tx: Db, id: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(quoteLinks)
    .set({ reminderTokenHash: tokenHash, reminderSentAt: now })
    .where(and(eq(quoteLinks.id, id), isNull(quoteLinks.reminderSentAt)))
    .returning({ id: quoteLinks.id });
  return rows.length > 0;
}

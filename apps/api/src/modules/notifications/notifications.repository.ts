import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driverPreferences, type EmailNotificationType, emailNotifications, users } from '../../db/schema';

// Who is told about what: addresses with notification preferences, and the log of every mail.

/** Mail address, first name and notification preferences (defaults when none are stored). */
export async function recipients(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailNewAssignments: driverPreferences.emailNewAssignments,
      emailJobUpdates: driverPreferences.emailJobUpdates,
      emailCancellations: driverPreferences.emailCancellations,
      emailReminders: driverPreferences.emailReminders,
      emailSafetyAlerts: driverPreferences.emailSafetyAlerts,
      emailComplianceDigest: driverPreferences.emailComplianceDigest,
    })
    .from(users)
    .leftJoin(driverPreferences, eq(driverPreferences.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return rows.map((r) => ({
    ...r,
    emailNewAssignments: r.emailNewAssignments ?? 1,
    emailJobUpdates: r.emailJobUpdates ?? 1,
    emailCancellations: r.emailCancellations ?? 1,
    emailReminders: r.emailReminders ?? 1,
    emailSafetyAlerts: r.emailSafetyAlerts ?? 1,
    emailComplianceDigest: r.emailComplianceDigest ?? 0,
  }));
}

export type NotificationStatus = 'queued' | 'sent' | 'failed' | 'skipped';

/** Records a mail about a job; answers the row's id (the queue settles a 'queued' row). */
export async function recordNotification(
  db: Db,
  row: {
    userId: string;
    jobId: string | null;
    emailType: EmailNotificationType;
    status: NotificationStatus;
    failureReason?: string | null;
  },
): Promise<string> {
  const [inserted] = await db
    .insert(emailNotifications)
    .values({ ...row, failureReason: row.failureReason ?? null })
    .returning({ id: emailNotifications.id });
  return inserted!.id;
}

/** The outcome of a queued mail: sent (and when), or failed with the reason of the last try. */
export async function settleNotification(
  db: Db,
  id: string,
  outcome: { status: 'sent' } | { status: 'failed'; reason: string },
): Promise<void> {
  await db
    .update(emailNotifications)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sentAt: new Date(), failureReason: null }
        : { status: 'failed', failureReason: outcome.reason },
    )
    .where(eq(emailNotifications.id, id));
}

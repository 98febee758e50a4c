import { DEFAULT_PREFERENCES, type Preferences } from '@dms/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driverPreferences } from '../../db/schema';

const columns = {
  emailNewAssignments: driverPreferences.emailNewAssignments,
  emailJobUpdates: driverPreferences.emailJobUpdates,
  emailCancellations: driverPreferences.emailCancellations,
  emailReminders: driverPreferences.emailReminders,
  reminderHours: driverPreferences.reminderHours,
  emailSafetyAlerts: driverPreferences.emailSafetyAlerts,
  emailComplianceDigest: driverPreferences.emailComplianceDigest,
};

/** The user's saved preferences, or the defaults when none were saved. */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db
    .select(columns)
    .from(driverPreferences)
    .where(eq(driverPreferences.userId, userId))
    .limit(1);
  return row ? (row as Preferences) : { ...DEFAULT_PREFERENCES };
}

export async function savePreferences(db: Db, userId: string, values: Preferences): Promise<Preferences> {
  const [row] = await db
    .insert(driverPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: driverPreferences.userId, set: values })
    .returning(columns);
  if (!row) throw new Error('preferences upsert returned no row');
  return row as Preferences;
}

/** The row every new account starts with (all notifications on). */
export async function createDefaultPreferences(db: Db, userId: string): Promise<void> {
  await db
    .insert(driverPreferences)
    .values({ userId, ...DEFAULT_PREFERENCES })
    .onConflictDoNothing();
}

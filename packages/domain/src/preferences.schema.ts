import { z } from 'zod';
import { MESSAGES } from './messages';

/** What a mail to a person is about (spec 2 §3.1 email_notification_type). */
export const EMAIL_NOTIFICATION_TYPES = [
  'assignment',
  'update',
  'cancellation',
  'reminder',
  'offer',
  'acceptance',
  'decline',
] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];

export const REMINDER_HOUR_OPTIONS = [1, 2, 4, 12, 24, 48, 72, 168] as const;
export const DEFAULT_REMINDER_HOURS = 24;

const Flag = z.union([z.literal(0), z.literal(1)]);

/** GET/PUT /api/preferences (spec 1 §3): flags as 0/1, all on by default. */
export const PreferencesSchema = z.object({
  emailNewAssignments: Flag,
  emailJobUpdates: Flag,
  emailCancellations: Flag,
  emailReminders: Flag,
  reminderHours: z
    .number({ error: MESSAGES.reminderHours })
    .int({ error: MESSAGES.reminderHours })
    .min(1, { error: MESSAGES.reminderHours })
    .max(168, { error: MESSAGES.reminderHours }),
  /** Managers: mail of serious attention items, new incidents and defects (ADR 28). Kept on when a client leaves it out. */
  emailSafetyAlerts: Flag.default(1),
  /** Managers: the weekly compliance digest, records due in 30 days or overdue (ADR 35). Off unless chosen. */
  emailComplianceDigest: Flag.default(0),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  emailNewAssignments: 1,
  emailJobUpdates: 1,
  emailCancellations: 1,
  emailReminders: 1,
  reminderHours: DEFAULT_REMINDER_HOURS,
  emailSafetyAlerts: 1,
  emailComplianceDigest: 0,
};

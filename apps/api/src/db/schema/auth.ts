import { relations, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, flag, id, instant, timestamps } from './columns';

// Accounts, sign-in and per-user preferences (spec 1 §3, spec 2 §3.2).

export const users = pgTable('users', {
  id: id(),
  /** Stored lower-cased and trimmed by the auth module. */
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  /** argon2id hash; null for accounts that only sign in with Google. */
  password: text('password'),
  roles: text('roles').array().notNull().default(sql`'{driver}'::text[]`),
  /** Legacy single role, honoured when present (spec 1 §6). */
  role: text('role'),
  /**
   * Before issue 29 the 4-digit terminal PIN in clear; now always null: start-up moves any left here
   * into pinDigest.
   */
  driverNumber: varchar('driver_number', { length: 4 }).unique(),
  /** The terminal PIN's keyed digest (lib/pin-digest.ts): finds the driver, keeps PINs unique, shows nothing. */
  pinDigest: text('pin_digest').unique(),
  isActive: flag('is_active', 1),
  /** Set when the terminal PIN was locked after repeated wrong PINs; a manager clears it (ADR 15). */
  pinLockedAt: instant('pin_locked_at'),
  emailVerified: flag('email_verified', 0),
  /** Hash of the current email-verification code. */
  verificationToken: text('verification_token'),
  verificationTokenExpiry: instant('verification_token_expiry'),
  ...timestamps(),
});

/** Server-side session store (DESIGN: sessions on this table). */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
    expire: instant('expire').notNull(),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    // Deactivation and password reset end every session of one user.
    index('sessions_user_id_idx').on(sql`(${t.sess} ->> 'userId')`),
  ],
);

/**
 * Fixed-window counters for throttling (sign-in, codes, resets, terminal PIN). Kept in the
 * database so that every app instance sees the same counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: instant('window_started_at').notNull(),
    /** End of the current window: the count restarts after it, and housekeeping deletes the row. */
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hash of the token sent by mail (never the token itself). */
    token: text('token').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_user_id_idx').on(t.userId),
    index('password_reset_tokens_token_idx').on(t.token),
  ],
);

/** Link to an external identity provider (Google). */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refreshToken: text('refresh_token'),
    accessToken: text('access_token'),
    /** Seconds since the epoch, as the provider sends it. */
    expiresAt: integer('expires_at'),
    tokenType: text('token_type'),
    scope: text('scope'),
    idToken: text('id_token'),
    sessionState: text('session_state'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_provider_account_uq').on(t.provider, t.providerAccountId),
    index('accounts_user_id_idx').on(t.userId),
  ],
);

/** Email notification preferences (spec 1 §3); one row per user. */
export const driverPreferences = pgTable('driver_preferences', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNewAssignments: flag('email_new_assignments', 1),
  emailJobUpdates: flag('email_job_updates', 1),
  emailCancellations: flag('email_cancellations', 1),
  emailReminders: flag('email_reminders', 1),
  reminderHours: integer('reminder_hours').notNull().default(24),
  /** Managers: mail of serious attention items (incidents, defects) (ADR 28). */
  emailSafetyAlerts: flag('email_safety_alerts', 1),
  /** Managers: a weekly mail of compliance records due in 30 days or overdue (ADR 35); opt in. */
  emailComplianceDigest: flag('email_compliance_digest', 0),
  ...timestamps(),
});

export const usersRelations = relations(users, ({ one, many }) => ({
  preferences: one(driverPreferences),
  accounts: many(accounts),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const driverPreferencesRelations = relations(driverPreferences, ({ one }) => ({
  user: one(users, { fields: [driverPreferences.userId], references: [users.id] }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type DriverPreferences = typeof driverPreferences.$inferSelect;
export type NewDriverPreferences = typeof driverPreferences.$inferInsert;

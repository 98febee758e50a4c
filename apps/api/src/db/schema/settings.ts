import { DEFAULT_QUOTE_FOOTER_TEXT } from '@dms/domain';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { flag, id, timestamps, version } from './columns';

// Branding, quote/job-sheet document settings and terms templates (spec 2 §3.2, §9).

/** Single-row table: the branding shown in the header, sign-in card and terminal. */
export const appSettings = pgTable('app_settings', {
  id: id(),
  appName: text('app_name').notNull().default('Driver Management System'),
  appDescription: text('app_description').notNull().default('Driver Management System'),
  /** One of Truck, Bus, Car, Ship, Plane, Package, Building (others read as Truck). */
  appIcon: text('app_icon').notNull().default('Truck'),
  logoUrl: text('logo_url'),
  logoBackground: text('logo_background').notNull().default('transparent'),
  tagline: text('tagline').notNull().default('Streamline your transportation operations'),
  /** ISO 4217: customer revenue and operator totals are shown in it (issue 13). */
  currency: text('currency').notNull().default('AUD'),
  /** BCP 47: how money, numbers and dates are written. */
  locale: text('locale').notNull().default('en-AU'),
  /** The driver hours rule set (packages/domain driver-hours.rules.ts) allocations are checked against. */
  hoursRuleSet: text('hours_rule_set').notNull().default('au-hvnl-standard-solo'),
  /** Planned work starts this long before a job's first departure and ends this long after its last arrival. */
  /** The licence class set (packages/domain licence-classes.ts) drivers' licences and vehicle categories use. */
  licenceClassSet: text('licence_class_set').notNull().default('au'),
  signOnMinutes: integer('sign_on_minutes').notNull().default(30),
  signOffMinutes: integer('sign_off_minutes').notNull().default(15),
  /** A driver signed in at a terminal is signed out after this many minutes without a touch. */
  terminalIdleMinutes: integer('terminal_idle_minutes').notNull().default(3),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: version(),
  ...timestamps(),
});

export const termsTemplates = pgTable(
  'terms_templates',
  {
    id: id(),
    name: text('name').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    isDefault: flag('is_default', 0),
    isActive: flag('is_active', 1),
    // Required by the spec, so no `set null`: a user who authored templates is deactivated, not deleted.
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  // At most one default template.
  (t) => [uniqueIndex('terms_templates_one_default_uq').on(t.isDefault).where(sql`${t.isDefault} = 1`)],
);

/** Single-row table: quote and job-sheet document settings. */
export const documentSettings = pgTable('document_settings', {
  id: id(),
  companyName: text('company_name'),
  companyAddress: text('company_address'),
  companyPhone: text('company_phone'),
  companyEmail: text('company_email'),
  companyABN: text('company_abn'),
  companyWebsite: text('company_website'),
  logoUrl: text('logo_url'),
  logoBackground: text('logo_background').notNull().default('transparent'),
  primaryColor: text('primary_color').notNull().default('#1e40af'),
  secondaryColor: text('secondary_color').notNull().default('#64748b'),
  accentColor: text('accent_color').notNull().default('#0891b2'),
  quoteHeaderText: text('quote_header_text').notNull().default('QUOTE'),
  quoteFooterText: text('quote_footer_text').default(DEFAULT_QUOTE_FOOTER_TEXT),
  showLoyaltyFooter: flag('show_loyalty_footer', 1),
  jobSheetHeaderText: text('job_sheet_header_text').notNull().default('JOB SHEET'),
  jobSheetFooterText: text('job_sheet_footer_text'),
  showVehicleNotes: flag('show_vehicle_notes', 1),
  showTermsAndConditions: flag('show_terms_and_conditions', 1),
  showPricingBreakdown: flag('show_pricing_breakdown', 1),
  /** Days a quote holds from its issue date (ADR 29). */
  quoteValidDays: integer('quote_valid_days').notNull().default(14),
  /** The tax line's name; null means the usual name in the operator's locale (ADR 29). */
  taxLabel: text('tax_label'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: version(),
  ...timestamps(),
});

export type AppSettingsRow = typeof appSettings.$inferSelect;
export type NewAppSettingsRow = typeof appSettings.$inferInsert;
export type TermsTemplate = typeof termsTemplates.$inferSelect;
export type NewTermsTemplate = typeof termsTemplates.$inferInsert;
export type DocumentSettings = typeof documentSettings.$inferSelect;
export type NewDocumentSettings = typeof documentSettings.$inferInsert;

import { type AnyPgColumn, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, instant, timestamps, version } from './columns';

// Recurring jobs (issue 27, ADR 36): a series is a rule and a job template; its occurrences are
// ordinary jobs (jobs.series_id), created up to a horizon and extended daily.

export const jobSeries = pgTable(
  'job_series',
  {
    id: id(),
    /** The RFC 5545 rule body (`FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`); start, until and count are columns. */
    rrule: text('rrule').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }),
    /** Occurrences after the exclusions (what a manager counts), when no end date is given. */
    count: integer('count'),
    excludeDates: date('exclude_dates', { mode: 'string' }).array().notNull().default([]),
    /** Public holidays of this region (`AU-NSW`, `GB-SCT`) are left out; null: none. */
    holidaysRegion: text('holidays_region'),
    /** 'in': only days in a school term; 'out': only days outside every term; null: terms ignored. */
    schoolTerms: text('school_terms').$type<'in' | 'out'>(),
    /** The job form's body every occurrence is created from (without its date and number). */
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    /** Occurrences up to this date exist (or were cancelled or deleted): the daily extension starts after it. */
    createdThrough: date('created_through', { mode: 'string' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: instant('ended_at'),
    /** Set on the part split off by "this and following": the series it continues. */
    previousSeriesId: text('previous_series_id').references((): AnyPgColumn => jobSeries.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [index('job_series_previous_series_id_idx').on(t.previousSeriesId)],
);

/** The operator's school terms, named date ranges per year (Settings > Recurring Jobs). */
export const schoolTerms = pgTable(
  'school_terms',
  {
    id: id(),
    year: integer('year').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [index('school_terms_start_date_idx').on(t.startDate)],
);

/** Single-row table: how far ahead occurrences are created, and the default holiday region. */
export const jobSeriesSettings = pgTable('job_series_settings', {
  id: id(),
  /** 0: every occurrence is created at once (no horizon). */
  horizonWeeks: integer('horizon_weeks').notNull().default(8),
  holidaysRegion: text('holidays_region').notNull().default('AU-NSW'),
  version: version(),
  ...timestamps(),
});

import { z } from 'zod';
import { requiredText } from './fields';
import { JOB_STATUSES, JobInputSchema, optionalDate } from './job.schema';
import { MAX_SERIES_OCCURRENCES, parseSeriesRule, SERIES_MESSAGES } from './job-series';

// Contracts of recurring jobs (issue 27, ADR 36).

/** Regions whose public holidays a series can leave out: Australian states, then GB's nations. */
export const HOLIDAY_REGIONS = [
  'AU-ACT',
  'AU-NSW',
  'AU-NT',
  'AU-QLD',
  'AU-SA',
  'AU-TAS',
  'AU-VIC',
  'AU-WA',
  'GB-ENG',
  'GB-NIR',
  'GB-SCT',
  'GB-WLS',
] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number];
export const HOLIDAY_REGION_LABELS: Record<HolidayRegion, string> = {
  'AU-ACT': 'Australian Capital Territory',
  'AU-NSW': 'New South Wales',
  'AU-NT': 'Northern Territory',
  'AU-QLD': 'Queensland',
  'AU-SA': 'South Australia',
  'AU-TAS': 'Tasmania',
  'AU-VIC': 'Victoria',
  'AU-WA': 'Western Australia',
  'GB-ENG': 'England',
  'GB-NIR': 'Northern Ireland',
  'GB-SCT': 'Scotland',
  'GB-WLS': 'Wales',
};

export const SCHOOL_TERM_RULES = ['in', 'out'] as const;
export const JOB_EDIT_SCOPES = ['this', 'following'] as const;
export type JobEditScope = (typeof JOB_EDIT_SCOPES)[number];

const DATE_REQUIRED = 'Enter a date like 2026-02-02';
const requiredDate = () => optionalDate().pipe(z.string({ error: DATE_REQUIRED }));

export const SeriesRecurrenceInputSchema = z
  .object({
    rrule: z.string().trim().max(500, { error: SERIES_MESSAGES.rule }),
    start: requiredDate(),
    until: optionalDate(),
    count: z.coerce
      .number()
      .int()
      .min(1, { error: SERIES_MESSAGES.tooMany })
      .max(MAX_SERIES_OCCURRENCES, { error: SERIES_MESSAGES.tooMany })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((r, ctx) => {
    const parsed = parseSeriesRule(r.rrule);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['rrule'], message: parsed.message });
    if (!r.until && !r.count)
      ctx.addIssue({ code: 'custom', path: ['until'], message: SERIES_MESSAGES.endRequired });
    if (r.until && r.until < r.start)
      ctx.addIssue({ code: 'custom', path: ['until'], message: SERIES_MESSAGES.untilBeforeStart });
  });

export const SeriesExclusionsInputSchema = z.object({
  dates: z.array(requiredDate()).max(400).default([]),
  holidaysRegion: z.enum(HOLIDAY_REGIONS, { error: 'Choose a region from the list' }).nullish(),
  schoolTerms: z.enum(SCHOOL_TERM_RULES).nullish(),
});

/** What the checks of every date may be answered with: leave failing slots open, or one reason for all. */
const SeriesChecksInputSchema = z.object({
  leaveFailingOpen: z.boolean().default(false),
  overrideReason: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});

/** POST /api/job-series. */
export const JobSeriesInputSchema = z
  .object({
    job: JobInputSchema,
    recurrence: SeriesRecurrenceInputSchema,
    exclude: SeriesExclusionsInputSchema.default({ dates: [] }),
  })
  .extend(SeriesChecksInputSchema.shape);
export type JobSeriesInput = z.input<typeof JobSeriesInputSchema>;
export type JobSeriesInputParsed = z.output<typeof JobSeriesInputSchema>;

/** POST /api/job-series/preview: the dates a rule gives, before anything is created. */
export const SeriesPreviewInputSchema = z.object({
  recurrence: SeriesRecurrenceInputSchema,
  exclude: SeriesExclusionsInputSchema.default({ dates: [] }),
});
export type SeriesPreviewInput = z.input<typeof SeriesPreviewInputSchema>;
export const SeriesPreviewSchema = z.object({ dates: z.array(z.string()) });

export const JobSeriesSchema = z.object({
  id: z.string(),
  rrule: z.string(),
  startDate: z.string(),
  untilDate: z.string().nullable(),
  count: z.number().int().nullable(),
  excludeDates: z.array(z.string()),
  holidaysRegion: z.string().nullable(),
  schoolTerms: z.enum(SCHOOL_TERM_RULES).nullable(),
  createdThrough: z.string().nullable(),
  endedAt: z.string().nullable(),
  previousSeriesId: z.string().nullable(),
});
export type JobSeries = z.infer<typeof JobSeriesSchema>;

export const SeriesJobSchema = z.object({
  id: z.string(),
  jobNumber: z.string(),
  serviceDate: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
});
export type SeriesJob = z.infer<typeof SeriesJobSchema>;

export const JobSeriesCreatedSchema = z.object({ series: JobSeriesSchema, jobs: z.array(SeriesJobSchema) });

/** GET /api/job-series/{id}: every date of the rule after the exclusions, with its job once created. */
export const JobSeriesDetailSchema = JobSeriesSchema.extend({
  dates: z.array(z.object({ date: z.string(), jobId: z.string().nullable() })),
  jobs: z.array(SeriesJobSchema),
});
export type JobSeriesDetail = z.infer<typeof JobSeriesDetailSchema>;

/** A date of a series whose allocation a check refused, and why. */
export const SeriesDateProblemSchema = z.object({ date: z.string(), problems: z.array(z.string()) });
export type SeriesDateProblem = z.infer<typeof SeriesDateProblemSchema>;

export const SERIES_DATE_TAKEN = 'Another occurrence of this series is on that date';
export const JobScopeQuerySchema = z.object({ scope: z.enum(JOB_EDIT_SCOPES).default('this') });

export const SERIES_CHECKS_MESSAGE =
  'Some dates of the series fail the allocation checks: leave those slots open or give a reason';

export const SchoolTermInputSchema = z
  .object({
    year: z.coerce.number({ error: 'Enter a year' }).int().min(2000).max(2100),
    name: requiredText('Name is required', 100),
    startDate: requiredDate(),
    endDate: requiredDate(),
  })
  .refine((t) => t.endDate > t.startDate, {
    path: ['endDate'],
    message: 'The term must end after it starts',
  });
export type SchoolTermInput = z.input<typeof SchoolTermInputSchema>;
export const SCHOOL_TERM_OVERLAP = 'This term overlaps another term';
export const SCHOOL_TERM_NOT_FOUND = 'School term not found';

export const SchoolTermSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type SchoolTerm = z.infer<typeof SchoolTermSchema>;

/** Settings > Recurring Jobs. */
export const SeriesSettingsSchema = z.object({
  /** Occurrences are created this many weeks ahead and extended daily; 0 creates them all at once. */
  horizonWeeks: z.coerce
    .number({ error: 'Enter whole weeks from 0 to 104' })
    .int({ error: 'Enter whole weeks from 0 to 104' })
    .min(0, { error: 'Enter whole weeks from 0 to 104' })
    .max(104, { error: 'Enter whole weeks from 0 to 104' }),
  holidaysRegion: z.enum(HOLIDAY_REGIONS, { error: 'Choose a region from the list' }),
});
export type SeriesSettings = z.infer<typeof SeriesSettingsSchema>;

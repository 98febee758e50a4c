import { z } from 'zod';
import { addDays } from './dates';
import { ListQuerySchema } from './fields';
import { FUEL_ISSUES } from './fuel-plausibility';
import { OVERALL_STATUSES } from './inspection';
import { CLEAR_OF_BUS_ANSWERS } from './terminal-forms.schema';

// Reports (spec 2 §2.6, §7.4) and timesheets (spec 2 §2.7): the drivers' forms as the office reads,
// reviews and exports them.

export const REPORT_TABS = [
  'pre-departure',
  'end-of-shift',
  'fuel-logs',
  'emergencies',
  'incidents',
] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const INCIDENT_STATUSES = ['submitted', 'under_review', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const EMERGENCY_STATUSES = ['active', 'resolved'] as const;
export type EmergencyStatus = (typeof EMERGENCY_STATUSES)[number];

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under Review',
  resolved: 'Resolved',
};
export const EMERGENCY_STATUS_LABELS: Record<EmergencyStatus, string> = {
  active: 'Active',
  resolved: 'Resolved',
};

/** Review only moves forward: Submitted → Under Review → Resolved (no silent step back). */
export function canMoveIncident(from: string, to: IncidentStatus): boolean {
  const order = INCIDENT_STATUSES as readonly string[];
  return order.indexOf(to) > order.indexOf(from) && order.indexOf(from) >= 0;
}

export const UNKNOWN_DRIVER = 'Unknown Driver';
export const REVIEW_STEP_BACK = 'A review moves forward only: this report is already further along';
export const MAX_TIMESHEET_DAYS = 62;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const isoDate = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-31' })
    .optional(),
);

/** A report list: one page, newest first, within dates of the operator's calendar. */
export const ReportQuerySchema = ListQuerySchema.pick({ search: true, limit: true, offset: true }).extend({
  from: isoDate,
  to: isoDate,
  status: z.preprocess(blankToNull, z.string().trim().max(40).optional()),
});
export type ReportQuery = z.input<typeof ReportQuerySchema>;

/** One answer of an inspection as the office reads it: the question as it was worded, and the answer. */
export const ReportAnswerSchema = z.object({
  questionId: z.string(),
  question: z.string().nullable(),
  category: z.string().nullable(),
  passed: z.boolean().nullable(),
  notes: z.string().nullable(),
});
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

/**
 * GET /api/inspections/{type}/{id}/answers: a form's answers, loaded when its detail opens. The
 * list rows leave them out (issue 28): a page of 50 forms with every answer was most of its bytes.
 */
export const InspectionAnswersSchema = z.object({ answers: z.array(ReportAnswerSchema) });
export type InspectionAnswers = z.infer<typeof InspectionAnswersSchema>;

/** The office's review of an inspection (ADR 27), as incidents have it. */
const inspectionReview = {
  reviewStatus: z.enum(INCIDENT_STATUSES),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  /** The defect the form raised (a failed inspection), open or cleared. */
  defect: z
    .object({
      id: z.string(),
      clearedAt: z.string().nullable(),
      clearedByName: z.string().nullable(),
      repairNote: z.string().nullable(),
    })
    .nullable(),
};

const reportBase = {
  id: z.string(),
  driverId: z.string(),
  /** Null when the account is gone: screens show 'Unknown Driver'. */
  driverName: z.string().nullable(),
  vehicle: z.string().nullable(),
};

export const PreDepartureReportSchema = z.object({
  ...reportBase,
  inspectionDate: z.string(),
  overallStatus: z.enum(OVERALL_STATUSES),
  damageReported: z.union([z.literal(0), z.literal(1)]),
  notes: z.string().nullable(),
  ...inspectionReview,
});
export type PreDepartureReport = z.infer<typeof PreDepartureReportSchema>;

export const EndOfShiftReportSchema = z.object({
  ...reportBase,
  inspectionDate: z.string(),
  overallStatus: z.enum(OVERALL_STATUSES).nullable(),
  bodyDamageFound: z.union([z.literal(0), z.literal(1)]),
  bodyDamageDetails: z.string().nullable(),
  interiorDamageFound: z.union([z.literal(0), z.literal(1)]),
  interiorDamageDetails: z.string().nullable(),
  busClean: z.union([z.literal(0), z.literal(1)]),
  /** null on forms recorded before the check existed. */
  clearOfBus: z.enum(CLEAR_OF_BUS_ANSWERS).nullable(),
  notes: z.string().nullable(),
  ...inspectionReview,
});
export type EndOfShiftReport = z.infer<typeof EndOfShiftReportSchema>;

/** A shift that ended without its end-of-shift inspection (it carried no job, ADR 27). */
export const SkippedEndOfShiftSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string().nullable(),
  vehicle: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
});
export type SkippedEndOfShift = z.infer<typeof SkippedEndOfShiftSchema>;

export const FuelLogReportSchema = z.object({
  ...reportBase,
  fuelDate: z.string(),
  odometerReading: z.number().int(),
  litersAdded: z.number(),
  fuelType: z.string(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  /** Why the reading looked wrong (ADR 27); empty when plausible. */
  plausibilityFlags: z.array(z.enum(FUEL_ISSUES)),
  /** The driver's reason for confirming a flagged reading. */
  confirmReason: z.string().nullable(),
});
export type FuelLogReport = z.infer<typeof FuelLogReportSchema>;

export const EmergencyReportSchema = z.object({
  ...reportBase,
  alertDate: z.string(),
  typeName: z.string(),
  severity: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
});
export type EmergencyReport = z.infer<typeof EmergencyReportSchema>;

export const IncidentReportRowSchema = z.object({
  ...reportBase,
  incidentDate: z.string(),
  incidentType: z.string(),
  location: z.string(),
  description: z.string(),
  injuriesReported: z.union([z.literal(0), z.literal(1)]),
  injuryDetails: z.string().nullable(),
  witnessDetails: z.string().nullable(),
  policeNotified: z.union([z.literal(0), z.literal(1)]),
  policeReportNumber: z.string().nullable(),
  status: z.string(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type IncidentReportRow = z.infer<typeof IncidentReportRowSchema>;

const reviewNote = z.preprocess(blankToNull, z.string().trim().max(2000, { error: 'Too long' }).optional());

/** PATCH /api/inspections/{pre-departure|end-of-shift}/{id}: the same forward-only review as incidents. */
export const ReviewInspectionInputSchema = z.object({
  status: z.enum(['under_review', 'resolved'], { error: 'Move it to Under Review or Resolved' }),
  notes: z.preprocess(blankToNull, z.string().trim().max(2000, { error: 'Too long' }).optional()),
});

export const ReviewIncidentInputSchema = z.object({
  status: z.enum(['under_review', 'resolved'], { error: 'Move it to Under Review or Resolved' }),
  notes: reviewNote,
});
export const ResolveEmergencyInputSchema = z.object({
  status: z.literal('resolved', { error: 'An emergency can only be resolved' }),
  notes: reviewNote,
});

// ---- timesheets

export const TimesheetQuerySchema = z
  .object({
    startDate: z
      .string({ error: 'Choose a start date' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-31' }),
    endDate: z
      .string({ error: 'Choose an end date' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-31' }),
    driverId: z.preprocess(blankToNull, z.string().trim().max(100).optional()),
  })
  .refine((q) => q.startDate <= q.endDate, {
    path: ['endDate'],
    error: 'The end date is before the start date',
  })
  .refine((q) => q.endDate <= addDays(q.startDate, MAX_TIMESHEET_DAYS - 1), {
    path: ['endDate'],
    error: `Choose at most ${MAX_TIMESHEET_DAYS} days`,
  });
export type TimesheetQuery = z.input<typeof TimesheetQuerySchema>;

export const ShiftCorrectionSchema = z.object({
  id: z.string(),
  originalStart: z.string(),
  originalEnd: z.string().nullable(),
  correctedStart: z.string(),
  correctedEnd: z.string().nullable(),
  reason: z.string(),
  correctedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ShiftCorrection = z.infer<typeof ShiftCorrectionSchema>;

/** Spec 2 §3.3 Shift, with its driver, vehicle and the corrections made to it. */
export const TimesheetShiftSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driver: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  vehicle: z.string().nullable(),
  shiftDate: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  notes: z.string().nullable(),
  /** Clocked out without the end-of-shift inspection (a shift with no job, ADR 27). */
  endOfShiftSkipped: z.boolean(),
  corrections: z.array(ShiftCorrectionSchema),
});
export type TimesheetShift = z.infer<typeof TimesheetShiftSchema>;

/** One driver's shifts on one day, summed: the cell of the timesheet's driver grid (issue 28). */
export const TimesheetDaySchema = z.object({
  date: z.string(),
  shifts: z.number().int(),
  /** Worked seconds of the day's ended shifts; a shift still open counts once it ends. */
  seconds: z.number().int(),
  // Sent only when true: a week of a large office is hundreds of cells, most with no flag.
  active: z.literal(true).optional(),
  corrected: z.literal(true).optional(),
  endOfShiftSkipped: z.literal(true).optional(),
});
export type TimesheetDay = z.infer<typeof TimesheetDaySchema>;

export const TimesheetDriverSchema = z.object({
  driverId: z.string(),
  driver: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  /** Only the days with a shift, in date order. */
  days: z.array(TimesheetDaySchema),
  shifts: z.number().int(),
  seconds: z.number().int(),
});
export type TimesheetDriver = z.infer<typeof TimesheetDriverSchema>;

/**
 * The totals per driver and day of a range: what the timesheet opens on, a few kilobytes where the
 * shifts themselves are hundreds; a day's shifts load when its cell opens.
 */
export const TimesheetSummarySchema = z.object({
  drivers: z.array(TimesheetDriverSchema),
  shifts: z.number().int(),
  seconds: z.number().int(),
});
export type TimesheetSummary = z.infer<typeof TimesheetSummarySchema>;

/** Seconds as hours to two decimals, as the timesheet shows durations (spec 2 §2.7). */
export function hoursOf(seconds: number): string {
  return (seconds / 3600).toFixed(2);
}

export const CorrectShiftInputSchema = z
  .object({
    startTime: z.iso.datetime({ offset: true, error: 'Give the start as a date and time' }),
    endTime: z.preprocess(
      blankToNull,
      z.iso.datetime({ offset: true, error: 'Give the end as a date and time' }).nullable().optional(),
    ),
    reason: z
      .string({ error: 'Give the reason for the correction' })
      .trim()
      .min(3, { error: 'Give the reason for the correction' })
      .max(500, { error: 'Too long' }),
  })
  .refine((v) => !v.endTime || Date.parse(v.endTime) > Date.parse(v.startTime), {
    path: ['endTime'],
    error: 'The end must be after the start',
  });
export type CorrectShiftInput = z.input<typeof CorrectShiftInputSchema>;

/** Active when not ended, else Completed (spec 2 §2.7). */
export function shiftState(shift: { endTime: string | null }): 'Active' | 'Completed' {
  return shift.endTime ? 'Completed' : 'Active';
}

/** Hours with two decimals, or 'In Progress' (spec 2 §2.7). */
export function shiftDuration(shift: { startTime: string; endTime: string | null }): string {
  if (!shift.endTime) return 'In Progress';
  return ((Date.parse(shift.endTime) - Date.parse(shift.startTime)) / 3_600_000).toFixed(2);
}

/** A CSV cell: quoted when needed, and a leading = + - @ (a spreadsheet formula) neutralised. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are data; text that a spreadsheet would run as a formula is not.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

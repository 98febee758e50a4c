import { z } from 'zod';
import type { ComplianceProblemCode } from './compliance-problems';
import { ListQuerySchema, lineText, multilineText, requiredText } from './fields';
import { wordsOf } from './terminal-forms.schema';

// The audit trail of overrides (issue 26, ADR 34): every time a manager allocated although the hours
// check or a compliance check refused, with the reason, in one list.

export const OVERRIDE_KINDS = ['hours', 'compliance'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];
export const OVERRIDE_KIND_LABELS: Record<OverrideKind, string> = {
  hours: 'Hours',
  compliance: 'Compliance',
};

/**
 * The compliance checks made at allocation (issue 26), by the code the checks give each problem. The
 * table stores the code; screens show the label (an unknown code reads as its words).
 */
export const COMPLIANCE_RULE_LABELS: Record<ComplianceProblemCode, string> = {
  licence_missing: 'No licence recorded',
  licence_expired: 'Licence expiry',
  licence_class: 'Licence class',
  medical_expired: 'Medical certificate',
  children_check_expired: 'Working with children check',
  document_expired: 'Driver document',
  registration_expired: 'Registration',
  insurance_expired: 'Insurance',
  inspection_expired: 'Safety inspection',
  service_overdue: 'Service overdue',
};

/** The hours check's rule, as the report names it (an hours override has no rule key of its own). */
export const HOURS_RULE_LABEL = 'Driver hours';

export const complianceRuleLabel = (key: string) =>
  (COMPLIANCE_RULE_LABELS as Record<string, string>)[key] ?? wordsOf(key);

type Details = Record<string, string | number | null>;

/**
 * The numbers of a compliance override as one line (ADR 34), as hours overrides carry theirs in the
 * check's sentence: "Held class MR, needed class HR", "Registration expiry 12 Nov 2026". Null when
 * there is nothing to say (hours, or a row recorded before details were kept).
 */
export function overrideDetailsText(details: Details, formatDate: (date: string) => string): string | null {
  const date = (v: string | number | null | undefined) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
  const parts: string[] = [];
  if ('needs' in details) {
    parts.push(`Held class ${details.held ?? 'none recorded'}, needed class ${details.needs}`);
    if (details.category) parts.push(`for ${details.category}`);
    return parts.join(' ');
  }
  if (details.record && details.expiry) return `${details.record} expiry ${date(details.expiry)}`;
  if (details.record && details.due) return `${details.record} due ${date(details.due)}`;
  const rest = Object.entries(details).filter(([k, v]) => k !== 'subject' && v !== null && v !== '');
  return rest.length ? rest.map(([k, v]) => `${wordsOf(k)}: ${date(v)}`).join(', ') : null;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-31' })
    .optional(),
);
const optionalRef = z.preprocess(blankToUndefined, lineText(100).optional());

/** GET /api/reports/overrides: one page, newest first; from/to are dates of the operator's calendar. */
export const OverridesQuerySchema = ListQuerySchema.pick({ limit: true, offset: true })
  .extend({
    from: optionalDate,
    to: optionalDate,
    driverId: optionalRef,
    vehicleId: optionalRef,
    kind: z.preprocess(blankToUndefined, z.enum(OVERRIDE_KINDS).optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'The start date must be on or before the end date',
    path: ['to'],
  });
export type OverridesQuery = z.input<typeof OverridesQuerySchema>;

/** One thing the check said: a broken hours window, or a compliance refusal. */
export const OverrideProblemSchema = z.object({ label: z.string(), text: z.string() });

/** One override as the report and the job's detail show it. */
export const OverrideRowSchema = z.object({
  id: z.string(),
  kind: z.enum(OVERRIDE_KINDS),
  /** When it was allowed (ISO). */
  at: z.string(),
  allowedByName: z.string().nullable(),
  /** Null only when the job was deleted since (the number stays). */
  jobId: z.string().nullable(),
  jobNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicle: z.string().nullable(),
  /** The rule's key: `hours` for the hours check, else the compliance rule (`licence_class`, …). */
  ruleKey: z.string(),
  rule: z.string(),
  /** What the check said, as the manager read it. */
  problems: z.array(OverrideProblemSchema),
  /** The numbers and dates the compliance refusal was about; empty for hours (its texts carry them). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  checkedFor: z.string().nullable(),
  reason: z.string(),
});
export type OverrideRow = z.infer<typeof OverrideRowSchema>;

/** What an allocation check hands the overrides module to record (inside its own transaction). */
export const ComplianceOverrideInputSchema = z.object({
  jobId: requiredText('A job is needed', 100),
  driverId: z.string().trim().min(1).max(100).nullable().default(null),
  vehicleId: z.string().trim().min(1).max(100).nullable().default(null),
  ruleKey: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,59}$/, { error: 'A rule key is lower-case words joined by _' }),
  problem: requiredText('The problem is needed', 500),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
  checkedFor: optionalDate.transform((v) => v ?? null),
  reason: multilineText(1000).min(1, { error: 'A reason is needed' }),
});
export type ComplianceOverrideInput = z.input<typeof ComplianceOverrideInputSchema>;

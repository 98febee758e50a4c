import { z } from 'zod';
import { flag01, optionalText, requiredText } from './fields';

// Inspection questions and emergency types as configured by managers (spec 2 §2.7, §3.1, §5, §7.4).

export const INSPECTION_TYPES = ['pre_departure', 'end_of_shift'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

export const QUESTION_CATEGORIES = ['Safety', 'Mechanical', 'Lights', 'Interior', 'Other'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const InspectionQuestionInputSchema = z.object({
  type: z.enum(INSPECTION_TYPES).default('pre_departure'),
  question: requiredText('Question is required'),
  category: z.enum(QUESTION_CATEGORIES).default('Other'),
  requiresPhoto: flag01().default(0),
  sortOrder: z.coerce.number({ error: 'Sort order must be a number' }).int().default(0),
  isActive: flag01().optional(),
});
export type InspectionQuestionInput = z.input<typeof InspectionQuestionInputSchema>;

/** POST: as the form, but an absent sort order means "after the last question of that type". */
export const CreateInspectionQuestionInputSchema = InspectionQuestionInputSchema.extend({
  sortOrder: z.coerce.number({ error: 'Sort order must be a number' }).int().optional(),
});
export type CreateInspectionQuestionInput = z.input<typeof CreateInspectionQuestionInputSchema>;

/** PUT: only the fields sent change. */
export const UpdateInspectionQuestionInputSchema = z.object({
  type: z.enum(INSPECTION_TYPES).optional(),
  question: requiredText('Question is required').optional(),
  category: z.enum(QUESTION_CATEGORIES).optional(),
  requiresPhoto: flag01().optional(),
  sortOrder: z.coerce.number({ error: 'Sort order must be a number' }).int().optional(),
  isActive: flag01().optional(),
});
export type UpdateInspectionQuestionInput = z.input<typeof UpdateInspectionQuestionInputSchema>;

/** GET /api/inspection-questions query. includeInactive is honoured for managers only. */
export const InspectionQuestionQuerySchema = z.object({
  type: z.enum(INSPECTION_TYPES).optional(),
  includeInactive: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const InspectionQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(INSPECTION_TYPES),
  question: z.string(),
  category: z.string(),
  requiresPhoto: z.union([z.literal(0), z.literal(1)]),
  isActive: z.union([z.literal(0), z.literal(1)]),
  sortOrder: z.number().int(),
});
export type InspectionQuestion = z.infer<typeof InspectionQuestionSchema>;

/** A new question goes after the last one (spec 2 §5). */
export function nextSortOrder(questions: readonly { sortOrder: number }[]): number {
  return questions.length === 0 ? 0 : Math.max(...questions.map((q) => q.sortOrder)) + 1;
}

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** High and critical are shown as destructive (spec 2 §9). */
export function isDestructiveSeverity(severity: string): boolean {
  return severity === 'high' || severity === 'critical';
}

export const EmergencyTypeInputSchema = z.object({
  name: requiredText('Name is required'),
  description: optionalText(),
  severity: z.enum(SEVERITIES).default('medium'),
  requiresImmediateResponse: flag01().default(0),
});
export type EmergencyTypeInput = z.input<typeof EmergencyTypeInputSchema>;

/** PUT: only the fields sent change; isActive reactivates a type that was deactivated. */
export const UpdateEmergencyTypeInputSchema = z.object({
  name: requiredText('Name is required').optional(),
  description: optionalText().optional(),
  severity: z.enum(SEVERITIES).optional(),
  requiresImmediateResponse: flag01().optional(),
  isActive: flag01().optional(),
});
export type UpdateEmergencyTypeInput = z.input<typeof UpdateEmergencyTypeInputSchema>;

/** GET /api/emergency-types query. includeInactive is honoured for managers only. */
export const EmergencyTypeQuerySchema = z.object({
  includeInactive: z.enum(['0', '1', 'true', 'false']).optional(),
});

/**
 * DELETE answer of configuration rows that history may refer to: deleted, or deactivated (hidden
 * from drivers and lists, kept for the records that use it).
 */
export const DeleteOrDeactivateResultSchema = z.object({
  message: z.string(),
  deactivated: z.boolean(),
});
export type DeleteOrDeactivateResult = z.infer<typeof DeleteOrDeactivateResultSchema>;

export const EmergencyTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  severity: z.string(),
  icon: z.string(),
  color: z.string(),
  requiresImmediateNotification: z.union([z.literal(0), z.literal(1)]),
  requiresImmediateResponse: z.union([z.literal(0), z.literal(1)]),
  isActive: z.union([z.literal(0), z.literal(1)]),
  sortOrder: z.number().int(),
});
export type EmergencyType = z.infer<typeof EmergencyTypeSchema>;

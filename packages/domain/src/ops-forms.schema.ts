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

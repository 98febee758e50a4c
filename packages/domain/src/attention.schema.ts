import { z } from 'zod';

/** What a manager is told of on the home screen (ADR 28). */
export const ATTENTION_KINDS = ['incident', 'defect', 'emergency', 'late_clock_in'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const AttentionItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  /** Serious items are also mailed to the managers who want safety alerts. */
  serious: z.boolean(),
  title: z.string(),
  detail: z.string().nullable(),
  raisedAt: z.string(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** GET /api/attention: the open items, newest first (at most 50), and how many are open. */
export const AttentionListSchema = z.object({
  items: z.array(AttentionItemSchema),
  open: z.number().int(),
});
export type AttentionList = z.infer<typeof AttentionListSchema>;

export const ATTENTION_NOT_FOUND = 'Attention item not found';
export const ATTENTION_ALREADY_ACKNOWLEDGED = 'Another manager has already acknowledged this';

/** How long before a driver's first departure of the day they must have clocked in. */
export const CLOCK_IN_LEAD_MINUTES = 15;

export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = {
  incident: 'Incident',
  defect: 'Defect',
  emergency: 'Emergency',
  late_clock_in: 'Not clocked in',
};

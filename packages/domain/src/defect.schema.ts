import { z } from 'zod';
import { multilineText } from './fields';

// Vehicle defects (dispatch safety): a failed inspection opens one on its vehicle; until a manager
// clears it with a repair note, the vehicle is marked everywhere it is picked and refused at clock-in.

export const DEFECT_MESSAGES = {
  clockInRefused: 'This vehicle has an open defect. A manager must clear it before it can be taken out.',
  repairNote: 'Please describe the repair',
  notFound: 'Defect not found',
  alreadyCleared: 'This defect was already cleared',
} as const;

/** One failed check of the inspection that opened the defect. */
export const DefectItemSchema = z.object({
  question: z.string(),
  category: z.string(),
  notes: z.string().nullable(),
});
export type DefectItem = z.infer<typeof DefectItemSchema>;

export const VehicleDefectSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  vehicleName: z.string(),
  source: z.enum(['pre_departure', 'end_of_shift']),
  reportedAt: z.string(),
  reportedByName: z.string().nullable(),
  items: z.array(DefectItemSchema),
  notes: z.string().nullable(),
  clearedAt: z.string().nullable(),
  clearedByName: z.string().nullable(),
  repairNote: z.string().nullable(),
});
export type VehicleDefect = z.infer<typeof VehicleDefectSchema>;

/** What a vehicle list shows of its open defect. */
export const OpenDefectSchema = z
  .object({ id: z.string(), reportedAt: z.string(), summary: z.string() })
  .nullable();
export type OpenDefect = z.infer<typeof OpenDefectSchema>;

export const DefectListQuerySchema = z.object({
  status: z.enum(['open', 'cleared']).default('open'),
  vehicleId: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

export const ClearDefectInputSchema = z.object({
  repairNote: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    multilineText().pipe(z.string().min(1, { error: DEFECT_MESSAGES.repairNote })),
  ),
});
export type ClearDefectInput = z.input<typeof ClearDefectInputSchema>;

/** 'Brakes; Headlights: cracked lens' — the failed checks in one line. */
export function defectSummary(items: readonly DefectItem[], notes?: string | null): string {
  const parts = items.map((i) => (i.notes ? `${i.question}: ${i.notes}` : i.question));
  if (parts.length === 0 && notes) parts.push(notes);
  return parts.join('; ') || 'Failed inspection';
}

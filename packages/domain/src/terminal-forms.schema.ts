import { z } from 'zod';
import { optionalText } from './fields';
import { OVERALL_STATUSES } from './inspection';

// The terminal's shift and forms (spec 1 §3, §5, §7, §8, §9). The driver, the shift and (where the
// form belongs to a shift) the vehicle come from the session on the server, never from the body.

export const FUEL_TYPES = ['Diesel', 'Petrol', 'LPG', 'CNG'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const INCIDENT_TYPES = [
  'accident',
  'near_miss',
  'passenger_incident',
  'property_damage',
  'other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** 'near_miss' → 'Near miss' (underscore words shown as words). */
export function wordsOf(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const FORM_MESSAGES = {
  vehicle: 'Vehicle is required',
  odometer: 'Odometer reading is required',
  liters: 'Litres added is required',
  emergencyType: 'Emergency type is required',
  incidentType: 'Incident type is required',
  location: 'Location is required',
  description: 'Please provide a detailed description (min 10 characters)',
  onShift: 'You are already on shift',
  noShift: 'Clock in first: this form belongs to a shift',
  idempotencyReused: 'This submission key was already used for a different form',
  endOfShiftRequired:
    'This shift carried a job: submit the end-of-shift inspection (walk-through and vehicle check) before clocking out',
} as const;

const flag = z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]);
const requiredId = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(100);
const instantString = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: message })
    .transform((v) => new Date(v).toISOString());

export const InspectionResponseSchema = z.object({
  questionId: requiredId('Question is required'),
  passed: z.boolean().nullable(),
  notes: optionalText(),
});

const inspectionBase = {
  responses: z.array(InspectionResponseSchema).max(200).default([]),
  notes: optionalText(),
  inspectionDate: instantString('Invalid date').optional(),
};

/** Clock-in refused: the vehicle is on another driver's open shift (one shift per vehicle at a time). */
export function vehicleInUseMessage(vehicle: string, driverName: string): string {
  return `${vehicle} is in use: ${driverName} is on shift with it. Choose another vehicle, or ask ${driverName} to clock out first.`;
}

export const PreDepartureInspectionInputSchema = z.object(inspectionBase);
export type PreDepartureInspectionInput = z.input<typeof PreDepartureInspectionInputSchema>;

export const CLEAR_OF_BUS_ANSWERS = ['confirmed', 'not_applicable'] as const;
export type ClearOfBusAnswer = (typeof CLEAR_OF_BUS_ANSWERS)[number];
export const CLEAR_OF_BUS_LABELS: Record<ClearOfBusAnswer, string> = {
  confirmed: 'Confirmed',
  not_applicable: 'N/A',
};
export const CLEAR_OF_BUS_MESSAGES = {
  statement: 'I walked the vehicle end to end and no passenger remains',
  required: 'Please confirm that you walked the vehicle and no passenger remains',
  school: 'This shift served a school job: walk the vehicle end to end and confirm that no passenger remains',
} as const;

export const EndOfShiftInspectionInputSchema = z.object({
  ...inspectionBase,
  bodyDamageFound: flag.default(0),
  bodyDamageDetails: optionalText(),
  interiorDamageFound: flag.default(0),
  interiorDamageDetails: optionalText(),
  busClean: flag.default(1),
  /** The walk-through for passengers left behind: required on every end-of-shift form. */
  clearOfBus: z.enum(CLEAR_OF_BUS_ANSWERS, { error: CLEAR_OF_BUS_MESSAGES.required }),
});
export type EndOfShiftInspectionInput = z.input<typeof EndOfShiftInspectionInputSchema>;

/**
 * POST /api/shifts/end/{id}: clock out, with the end-of-shift inspection submitted together (one
 * transaction). Without one, a shift that carried a job is refused; any other is recorded as skipped.
 */
export const EndShiftInputSchema = z.preprocess(
  // A bare clock-out carries no body at all.
  (v) => v ?? {},
  z.object({ endOfShift: EndOfShiftInspectionInputSchema.optional() }),
);
export type EndShiftInput = { endOfShift?: EndOfShiftInspectionInput };

/** POST /api/shifts/start: the vehicle and its pre-departure inspection, one transaction (spec 1 §4). */
export const StartShiftInputSchema = z.object({
  vehicleId: requiredId(FORM_MESSAGES.vehicle),
  inspection: PreDepartureInspectionInputSchema,
});
export type StartShiftInput = z.input<typeof StartShiftInputSchema>;

const number = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).min(0, { error: message }),
  );

export const FuelLogInputSchema = z.object({
  fuelDate: instantString('Invalid date').optional(),
  odometerReading: number(FORM_MESSAGES.odometer).pipe(z.number().int({ error: FORM_MESSAGES.odometer })),
  litersAdded: number(FORM_MESSAGES.liters).pipe(
    z
      .number()
      .max(100_000, { error: FORM_MESSAGES.liters })
      .transform((n) => Math.round(n * 100) / 100),
  ),
  fuelType: z.enum(FUEL_TYPES).default('Diesel'),
  location: optionalText(),
  notes: optionalText(),
  /** The driver's reason for a reading that fails the plausibility check (ADR 27). */
  confirmReason: optionalText(),
});
export type FuelLogInput = z.input<typeof FuelLogInputSchema>;

export const EmergencyAlertInputSchema = z.object({
  emergencyTypeId: requiredId(FORM_MESSAGES.emergencyType),
  alertDate: instantString('Invalid date').optional(),
  location: optionalText(),
  description: optionalText(),
});
export type EmergencyAlertInput = z.input<typeof EmergencyAlertInputSchema>;

export const IncidentReportInputSchema = z
  .object({
    incidentType: z.enum(INCIDENT_TYPES, { error: FORM_MESSAGES.incidentType }),
    incidentDate: instantString('Invalid date').optional(),
    location: z
      .string({ error: FORM_MESSAGES.location })
      .trim()
      .min(1, { error: FORM_MESSAGES.location })
      .max(500),
    description: z
      .string({ error: FORM_MESSAGES.description })
      .trim()
      .min(10, { error: FORM_MESSAGES.description })
      .max(5000, { error: 'Too long' }),
    injuriesReported: flag.default(0),
    injuryDetails: optionalText(),
    witnessDetails: optionalText(),
    policeNotified: flag.default(0),
    policeReportNumber: optionalText(),
  })
  // Details belong to their question: none kept when the answer was no.
  .transform((v) => ({
    ...v,
    injuryDetails: v.injuriesReported === 1 ? v.injuryDetails : null,
    policeReportNumber: v.policeNotified === 1 ? v.policeReportNumber : null,
  }));
export type IncidentReportInput = z.input<typeof IncidentReportInputSchema>;

const vehicleRef = z
  .object({
    id: z.string(),
    registrationNumber: z.string().nullable(),
    nickname: z.string().nullable(),
  })
  .nullable();

/** Spec 1 §3 Shift, with the vehicle for the terminal's header. */
export const ShiftSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  vehicleId: z.string().nullable(),
  vehicle: vehicleRef,
  shiftDate: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** The driver holds a school job that day: the clear-of-bus check cannot be N/A (GET /api/shifts/active). */
  servesSchoolJob: z.boolean().optional(),
  /** The driver holds a job that day: clock-out needs the end-of-shift inspection (GET /api/shifts/active). */
  carriesJob: z.boolean().optional(),
  /** An end-of-shift inspection of this shift is on record: clock-out needs no other. */
  endOfShiftDone: z.boolean().optional(),
  /** Clocked out without the end-of-shift inspection (a shift with no job). */
  endOfShiftSkipped: z.boolean().optional(),
  /** What the terminal checks a fuel log against before sending it (ADR 27). */
  fuelBaseline: z
    .object({
      previous: z.object({ odometerReading: z.number(), fuelDate: z.string() }).nullable(),
      tankCapacityLitres: z.number().nullable(),
    })
    .nullable()
    .optional(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const InspectionRecordSchema = z.object({
  id: z.string(),
  overallStatus: z.enum(OVERALL_STATUSES),
  inspectionDate: z.string(),
});

export const StartShiftResultSchema = z.object({ shift: ShiftSchema, inspection: InspectionRecordSchema });

/** A stored form: its id and when it was recorded. */
export const FormReceiptSchema = z.object({ id: z.string(), recordedAt: z.string() });
export type FormReceipt = z.infer<typeof FormReceiptSchema>;

/** Hours on shift with one decimal (spec 1 §9), e.g. '3.5'. */
export function hoursElapsed(startIso: string, now: Date = new Date()): string {
  const hours = Math.max(0, now.getTime() - Date.parse(startIso)) / 3_600_000;
  return (Math.floor(hours * 10) / 10).toFixed(1);
}

import { z } from 'zod';
import { DUE_STATES } from './compliance';
import { isCalendarDate } from './dispatch.schema';
import { lineText, optionalText, requiredText } from './fields';

// Compliance records of vehicles and drivers (issue 26, ADR 33). Dates are YYYY-MM-DD.

export const COMPLIANCE_DATE_MESSAGE = 'Enter a date written YYYY-MM-DD, like 2026-12-31';
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** An optional calendar date; '' or absent is null (nothing recorded). */
export const optionalRecordDate = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: COMPLIANCE_DATE_MESSAGE })
      .trim()
      .refine(isCalendarDate, { error: COMPLIANCE_DATE_MESSAGE })
      .nullable(),
  );

const requiredDate = () =>
  z
    .string({ error: COMPLIANCE_DATE_MESSAGE })
    .trim()
    .refine(isCalendarDate, { error: COMPLIANCE_DATE_MESSAGE });

/** An optional whole number from 1 to max; '' or absent is null. */
const optionalWhole = (message: string, max: number, min = 1) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .nullable(),
  );

export const COMPLIANCE_MESSAGES = {
  intervalKm: 'Service interval must be whole kilometres from 1 to 1,000,000',
  intervalMonths: 'Months must be a whole number from 1 to 120',
  odometer: 'Odometer must be whole kilometres from 0 to 9,999,999',
  cost: 'Cost must be an amount of 0 or more',
  workDone: 'Say what work was done',
  serviceInFuture: 'A service cannot be recorded for a future date',
  documentTypeName: 'Document type name is required',
  documentTypeUnknown: 'Choose a document type from the list',
  documentRepeated: 'Each document type can be recorded once',
  notADriver: 'Driver not found',
  vehicleNotFound: 'Vehicle not found',
  days: 'Days must be a whole number from 0 to 365',
} as const;

const optionalOdometer = () => optionalWhole(COMPLIANCE_MESSAGES.odometer, 9_999_999, 0);

/** PUT /api/vehicles/{id}/compliance: the whole record (what is not sent is cleared). */
export const VehicleComplianceInputSchema = z.object({
  registrationExpiry: optionalRecordDate(),
  insuranceExpiry: optionalRecordDate(),
  /** The safety certificate's expiry; when null, due = lastInspectionDate + inspectionIntervalMonths. */
  inspectionDue: optionalRecordDate(),
  lastInspectionDate: optionalRecordDate(),
  inspectionIntervalMonths: optionalWhole(COMPLIANCE_MESSAGES.intervalMonths, 120),
  serviceIntervalKm: optionalWhole(COMPLIANCE_MESSAGES.intervalKm, 1_000_000),
  serviceIntervalMonths: optionalWhole(COMPLIANCE_MESSAGES.intervalMonths, 120),
  lastServiceDate: optionalRecordDate(),
  lastServiceOdometer: optionalOdometer(),
});
export type VehicleComplianceInput = z.input<typeof VehicleComplianceInputSchema>;
export type VehicleComplianceValues = z.output<typeof VehicleComplianceInputSchema>;

export const ServiceStatusSchema = z.object({
  state: z.enum([...DUE_STATES, 'unknown']),
  dueDate: z.string().nullable(),
  dueOdometer: z.number().int().nullable(),
  kmLeft: z.number().int().nullable(),
  daysLeft: z.number().int().nullable(),
  by: z.enum(['km', 'months']).nullable(),
});

export const VehicleServiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  odometer: z.number().int(),
  workDone: z.string(),
  cost: z.number().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type VehicleService = z.infer<typeof VehicleServiceSchema>;

/** GET /api/vehicles/{id}/compliance. */
export const VehicleComplianceSchema = VehicleComplianceInputSchema.extend({
  registrationExpiry: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  inspectionDue: z.string().nullable(),
  lastInspectionDate: z.string().nullable(),
  inspectionIntervalMonths: z.number().int().nullable(),
  serviceIntervalKm: z.number().int().nullable(),
  serviceIntervalMonths: z.number().int().nullable(),
  lastServiceDate: z.string().nullable(),
  lastServiceOdometer: z.number().int().nullable(),
}).extend({
  vehicleId: z.string(),
  /** The inspection's due date in force: the certificate's, else last inspection + interval. */
  inspectionDueDate: z.string().nullable(),
  /** Latest fuel-log odometer reading of the vehicle (km), null before any. */
  currentOdometer: z.number().int().nullable(),
  service: ServiceStatusSchema,
  /** The latest recorded services, newest first. */
  services: z.array(VehicleServiceSchema),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type VehicleCompliance = z.infer<typeof VehicleComplianceSchema>;

/** POST /api/vehicles/{id}/services: restarts the service interval from this date and odometer. */
export const RecordServiceInputSchema = z.object({
  date: requiredDate(),
  odometer: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: COMPLIANCE_MESSAGES.odometer })
      .int({ error: COMPLIANCE_MESSAGES.odometer })
      .min(0, { error: COMPLIANCE_MESSAGES.odometer })
      .max(9_999_999, { error: COMPLIANCE_MESSAGES.odometer }),
  ),
  workDone: requiredText(COMPLIANCE_MESSAGES.workDone, 2000),
  cost: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: COMPLIANCE_MESSAGES.cost })
      .min(0, { error: COMPLIANCE_MESSAGES.cost })
      .max(99_999_999, { error: COMPLIANCE_MESSAGES.cost })
      .transform((n) => Math.round(n * 100) / 100)
      .nullable(),
  ),
});
export type RecordServiceInput = z.input<typeof RecordServiceInputSchema>;

/** Operator-defined document types (Settings > Compliance documents). */
export const DocumentTypeInputSchema = z.object({
  name: requiredText(COMPLIANCE_MESSAGES.documentTypeName, 100),
  expires: z.boolean().default(true),
  requiredForSchoolWork: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type DocumentTypeInput = z.input<typeof DocumentTypeInputSchema>;
export const DocumentTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  expires: z.boolean(),
  requiredForSchoolWork: z.boolean(),
  isActive: z.boolean(),
});
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DriverDocumentInputSchema = z.object({
  typeId: lineText(100).pipe(z.string().min(1, { error: COMPLIANCE_MESSAGES.documentTypeUnknown })),
  number: optionalText(100),
  expiry: optionalRecordDate(),
});

/** PUT /api/drivers/{id}/compliance: the whole record (what is not sent is cleared). */
export const DriverComplianceInputSchema = z.object({
  licenceNumber: optionalText(50),
  /** One of the operator's licence classes (checked against the operator's set by the API). */
  licenceClass: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : (v ?? null)),
    lineText(10).nullable(),
  ),
  licenceExpiry: optionalRecordDate(),
  medicalExpiry: optionalRecordDate(),
  childrenCheckNumber: optionalText(50),
  childrenCheckExpiry: optionalRecordDate(),
  documents: z
    .array(DriverDocumentInputSchema)
    .max(50)
    .default([])
    .refine((docs) => new Set(docs.map((d) => d.typeId)).size === docs.length, {
      error: COMPLIANCE_MESSAGES.documentRepeated,
    }),
});
export type DriverComplianceInput = z.input<typeof DriverComplianceInputSchema>;
export type DriverComplianceValues = z.output<typeof DriverComplianceInputSchema>;

export const DriverDocumentSchema = z.object({
  typeId: z.string(),
  typeName: z.string(),
  expires: z.boolean(),
  requiredForSchoolWork: z.boolean(),
  number: z.string().nullable(),
  expiry: z.string().nullable(),
});

/** GET /api/drivers/{id}/compliance. */
export const DriverComplianceSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  licenceNumber: z.string().nullable(),
  licenceClass: z.string().nullable(),
  licenceExpiry: z.string().nullable(),
  medicalExpiry: z.string().nullable(),
  childrenCheckNumber: z.string().nullable(),
  childrenCheckExpiry: z.string().nullable(),
  documents: z.array(DriverDocumentSchema),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type DriverCompliance = z.infer<typeof DriverComplianceSchema>;

/** One version of a record as it was saved: who, when, and the whole record then. */
export const ComplianceVersionSchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedByName: z.string().nullable(),
  /** What the save did: 'updated' (PUT) or 'service' (a service recorded). */
  change: z.string(),
  record: z.record(z.string(), z.unknown()),
});
export type ComplianceVersion = z.infer<typeof ComplianceVersionSchema>;

export const COMPLIANCE_KINDS = [
  'registration',
  'insurance',
  'inspection',
  'service',
  'licence',
  'medical',
  'children_check',
  'document',
] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const COMPLIANCE_KIND_LABELS: Record<ComplianceKind, string> = {
  registration: 'Registration',
  insurance: 'Insurance',
  inspection: 'Safety inspection',
  service: 'Service',
  licence: 'Licence',
  medical: 'Medical certificate',
  children_check: 'Working with children check',
  document: 'Document',
};

/** GET /api/compliance/due. */
export const ComplianceDueQuerySchema = z.object({
  days: z.coerce
    .number({ error: COMPLIANCE_MESSAGES.days })
    .int({ error: COMPLIANCE_MESSAGES.days })
    .min(0, { error: COMPLIANCE_MESSAGES.days })
    .max(365, { error: COMPLIANCE_MESSAGES.days })
    .default(30),
  subject: z.enum(['vehicle', 'driver'], { error: 'Show vehicles or drivers' }).optional(),
  kind: z.enum(COMPLIANCE_KINDS, { error: 'Choose a record kind from the list' }).optional(),
  /** One vehicle's or driver's records. */
  subjectId: lineText(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ComplianceDueQuery = z.input<typeof ComplianceDueQuerySchema>;

export const ComplianceDueItemSchema = z.object({
  subject: z.enum(['vehicle', 'driver']),
  subjectId: z.string(),
  subjectName: z.string(),
  kind: z.enum(COMPLIANCE_KINDS),
  /** 'Registration', or the document type's name. */
  label: z.string(),
  state: z.enum(['due_soon', 'overdue']),
  dueDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  /** Service by distance: kilometres left (negative when past). */
  kmLeft: z.number().int().nullable(),
});
export type ComplianceDueItem = z.infer<typeof ComplianceDueItemSchema>;

export const ComplianceDuePageSchema = z.object({
  items: z.array(ComplianceDueItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  today: z.string(),
  days: z.number().int(),
});
export type ComplianceDuePage = z.infer<typeof ComplianceDuePageSchema>;

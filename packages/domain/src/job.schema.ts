import { z } from 'zod';
import { CUSTOMER_TYPES } from './customer.schema';
import { JOB_LIST_PERIODS } from './dates';
import {
  boundedPageOf,
  currencyCode,
  LIST_COUNT_AHEAD,
  ListQuerySchema,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
} from './fields';
import { optionalVersion } from './fleet.schema';
import { ADJUSTMENT_TYPES, DEFAULT_CURRENCY, DEFAULT_TAX_RATE, TAX_MODES } from './pricing';
import { QUOTE_LINK_STATUSES, QUOTE_LIST_FILTERS } from './quote-link.schema';

// Jobs: quotes and job sheets with their customer, vehicle slots and legs (spec 2 §2.2-2.4, §3.3, §4,
// §5, §7.1, §9).

export const JOB_STATUSES = [
  'draft',
  'quoted',
  'confirmed',
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
  'postponed',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: 'Draft',
  quoted: 'Quoted',
  confirmed: 'Confirmed',
  assigned: 'Assigned',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

/** One colour per status everywhere (DESIGN.md "Look and feel"); Mantine colour names. */
export const JOB_STATUS_COLORS: Record<JobStatus, string> = {
  draft: 'gray',
  quoted: 'blue',
  confirmed: 'cyan',
  assigned: 'indigo',
  in_progress: 'orange',
  completed: 'green',
  cancelled: 'red',
  postponed: 'yellow',
};

export const JOB_OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type JobOfferStatus = (typeof JOB_OFFER_STATUSES)[number];

/** 'J-00042': a job number as generated; any other unique text may be typed when editing. */
export function formatJobNumber(sequence: number): string {
  return `J-${String(sequence).padStart(5, '0')}`;
}

export const JOB_NUMBER_TAKEN_MESSAGE = 'This job number is already used by another job';
export const JOB_CHANGED_MESSAGE = 'This job was changed by someone else. Reload it to see the changes.';
/** A save must say which version of the job it changes (428): without it, it would overwrite blindly. */
export const JOB_VERSION_REQUIRED =
  "Saving a job needs its version (the one it was read at), so that no one else's changes are overwritten. Reload the job and save again.";
export const DRIVER_NEEDS_VEHICLE_MESSAGE = 'Choose a vehicle before choosing a driver';
export const SLOT_NEEDS_CATEGORY_MESSAGE = 'Choose a vehicle type or a vehicle';
export const NEW_CUSTOMER_NAME_MESSAGE = 'Company/School name is required';
export const CONTACT_NAME_MESSAGE = 'Contact name is required';

/** What a vehicle slot holds, on a screen or in a request: ids, empty or null when not chosen. */
export interface SlotChoice {
  vehicleId?: string | null;
  driverId?: string | null;
}

/**
 * A driver drives a vehicle: a slot takes a driver only once it has a vehicle (spec 2 §2.3). The
 * job form, the dispatch board and the schemas below ask this one rule.
 */
export function canChooseDriver(slot: SlotChoice): boolean {
  return Boolean(slot.vehicleId);
}

/** The driver a slot keeps: none while it has no vehicle. */
export function keptDriverId(slot: SlotChoice): string | null {
  return canChooseDriver(slot) ? slot.driverId || null : null;
}

/** A slot after a vehicle or driver is chosen or cleared: clearing the vehicle lets the driver go. */
export function chooseForSlot<S extends SlotChoice>(slot: S, change: SlotChoice): S {
  const next = { ...slot, ...change };
  return { ...next, driverId: keptDriverId(next) };
}

const TIME_MESSAGE = 'Use a time like 09:30';
const DATE_MESSAGE = 'Use a date like 2026-03-31';
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** 'HH:mm' (24 h) or empty. */
export const optionalTime = () =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_MESSAGE })
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

/** A real calendar date 'YYYY-MM-DD' or empty. */
export const optionalDate = () =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
        .refine(
          (d) =>
            !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
            new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
          {
            error: DATE_MESSAGE,
          },
        )
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

const money = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: message })
      .min(0, { error: message })
      .max(99_999_999.99, { error: message })
      .transform((n) => Math.round(n * 100) / 100),
  );

export const PriceAdjustmentInputSchema = z.object({
  id: z.string().trim().max(64).optional(),
  description: z.string().trim().max(200, { error: 'Too long' }).default(''),
  amount: money('Amount must be 0 or more'),
  type: z.enum(ADJUSTMENT_TYPES).default('fixed'),
});
export type PriceAdjustmentInput = z.input<typeof PriceAdjustmentInputSchema>;

export const PriceAdjustmentSchema = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number(),
  type: z.enum(ADJUSTMENT_TYPES),
});

export const JobLegInputSchema = z.object({
  originAddress: optionalText(),
  destinationAddress: optionalText(),
  departureTime: optionalTime(),
  arrivalTime: optionalTime(),
  notes: optionalText(),
});
export type JobLegInput = z.input<typeof JobLegInputSchema>;

/**
 * A vehicle slot: a vehicle type (category), then optionally a vehicle, then optionally its driver
 * (spec 2 §4). The spec's two payload forms both fit: `{vehicleId, driverId, vehicleNotes}` takes the
 * category from the vehicle; `{categoryId, categoryName, quantity: 1, vehicleNotes}` is an open slot.
 * `id` is the slot being edited, so that its offers stay attached.
 */
export const JobSlotInputSchema = z
  .object({
    id: optionalId(),
    categoryId: optionalId(),
    categoryName: optionalText(),
    quantity: z.coerce.number().int().min(1).max(1).optional(),
    vehicleId: optionalId(),
    driverId: optionalId(),
    vehicleNotes: optionalText(),
    startingDepotId: optionalId(),
    endingDepotId: optionalId(),
  })
  .refine((s) => !s.driverId || canChooseDriver(s), {
    path: ['driverId'],
    error: DRIVER_NEEDS_VEHICLE_MESSAGE,
  })
  .refine((s) => s.categoryId || s.vehicleId, { path: ['categoryId'], error: SLOT_NEEDS_CATEGORY_MESSAGE });
export type JobSlotInput = z.input<typeof JobSlotInputSchema>;

export const NewContactInputSchema = z.object({
  name: optionalText(),
  role: optionalText(),
  email: optionalEmail(),
  phone: optionalPhone(),
});

/** A customer typed into the job form; created with the job only when its name is not blank (spec 2 §5). */
export const NewCustomerInputSchema = z.object({
  companyName: optionalText(),
  companyType: z.enum(CUSTOMER_TYPES).default('other'),
  phone: optionalPhone(),
  email: optionalEmail(),
  address: optionalText(),
  contacts: z.array(NewContactInputSchema).max(20).default([]),
});
export type NewCustomerInput = z.input<typeof NewCustomerInputSchema>;

const paxCount = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Passengers must be a whole number' })
    .int({ error: 'Passengers must be a whole number' })
    .min(0, { error: 'Passengers must be a whole number' })
    .max(10_000, { error: 'Passengers must be a whole number' })
    .nullable(),
);

const mapsLink = z
  .preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, { error: 'Too long' })
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: 'Enter a link starting with https://' })
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

/** POST /api/jobs and PUT /api/jobs/{id}: every field optional (spec 2 §5), defaults of a new job. */
export const JobInputSchema = z.object({
  /** Only taken when editing; a new job gets the next generated number. */
  jobNumber: optionalText(),
  title: optionalText(),
  status: z.enum(JOB_STATUSES).default('draft'),
  serviceDate: optionalDate(),
  paxCount: paxCount.optional().transform((v) => v ?? null),
  serviceDescription: optionalText(),
  /** Rich text (HTML), cleaned on the server to bold, italic and the eight colours. */
  notesDriver: z.preprocess(blankToNull, z.string().max(20_000, { error: 'Too long' }).nullable().optional()),
  mapsLink,
  customerId: optionalId(),
  contactId: optionalId(),
  newCustomer: NewCustomerInputSchema.optional(),
  vehicles: z.array(JobSlotInputSchema).max(50).default([]),
  legs: z.array(JobLegInputSchema).max(50).default([]),
  basePrice: money('Base price must be 0 or more').default(0),
  extraCharges: z.array(PriceAdjustmentInputSchema).max(20).default([]),
  discounts: z.array(PriceAdjustmentInputSchema).max(20).default([]),
  taxMode: z.enum(TAX_MODES).default('inclusive'),
  taxRate: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined ? DEFAULT_TAX_RATE : typeof v === 'string' ? Number(v) : v,
    z
      .number({ error: 'Tax rate must be between 0 and 100' })
      .min(0, { error: 'Tax rate must be between 0 and 100' })
      .max(100, { error: 'Tax rate must be between 0 and 100' }),
  ),
  currency: currencyCode().default(DEFAULT_CURRENCY),
  pricingNotes: optionalText(),
  termsTemplateId: optionalId(),
  termsAndConditions: z.preprocess(
    blankToNull,
    z.string().max(50_000, { error: 'Too long' }).nullable().optional(),
  ),
  /** The version the form was loaded at (PUT): a newer stored version answers 409. */
  version: optionalVersion(),
  /** Why a driver is put on the job although the hours check warns (recorded; required then). */
  hoursOverrideReason: optionalText(500),
  /** Why the allocation goes ahead although a compliance check refuses (recorded; required then). */
  complianceOverrideReason: optionalText(500),
});
export type JobInput = z.input<typeof JobInputSchema>;
export type JobInputParsed = z.output<typeof JobInputSchema>;

export const JobStatusInputSchema = z.object({ status: z.enum(JOB_STATUSES) });

export const JOB_PERIODS = ['all', 'today', 'week', 'month', 'custom'] as const;
export type JobPeriod = (typeof JOB_PERIODS)[number];

/** GET /api/jobs: one page, filtered on the server; `from`/`to` are service dates (inclusive). */
export const JobListQuerySchema = ListQuerySchema.omit({ includeInactive: true }).extend({
  /** Today, this week (Monday start), this month or upcoming, in the operator's time zone; `from`/`to` narrow it. */
  period: z.preprocess(blankToNull, z.enum(JOB_LIST_PERIODS).nullable().optional()),
  from: optionalDate(),
  to: optionalDate(),
  driverId: optionalId(),
  status: z.preprocess(blankToNull, z.enum(JOB_STATUSES).nullable().optional()),
  /** Only the occurrences of this series (issue 27). */
  seriesId: optionalId(),
  /** Quote links (issue 24): 'viewed_unanswered' finds quotes the customer opened and has not answered. */
  quote: z.preprocess(blankToNull, z.enum(QUOTE_LIST_FILTERS).nullable().optional()),
  /** 'rows': a manager's page as JobListRow tuples, as the list screen reads it (ADR 40); drivers get their jobs whole. */
  shape: z.preprocess(blankToNull, z.enum(['rows']).nullable().optional()),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

export const JobLegSchema = z.object({
  id: z.string(),
  legNumber: z.number().int(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  departureTime: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  notes: z.string().nullable(),
});
export type JobLeg = z.infer<typeof JobLegSchema>;

export const JobSlotVehicleSchema = z.object({
  id: z.string(),
  registrationNumber: z.string().nullable(),
  nickname: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  seatedCapacity: z.number().int(),
  type: z.enum(['company_owned', 'subcontracted']),
});

export const JobSlotDriverSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

const depotRef = z.object({ id: z.string(), name: z.string() }).nullable();

/** One vehicle slot of a job as screens see it (spec 2 §3.3 `vehicles`). */
export const JobSlotSchema = z.object({
  id: z.string(),
  slotPosition: z.number().int(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicle: JobSlotVehicleSchema.nullable(),
  driverId: z.string().nullable(),
  driver: JobSlotDriverSchema.nullable(),
  vehicleNotes: z.string().nullable(),
  startingDepot: depotRef,
  endingDepot: depotRef,
  /** The latest offer to the slot's driver on this job ('expired' once a pending one is past its expiry). */
  offerStatus: z.enum(JOB_OFFER_STATUSES).nullable(),
});
export type JobSlot = z.infer<typeof JobSlotSchema>;

export const JobCustomerSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  /** The spec's `customer.name`: the company name again, kept for clients of the spec. */
  name: z.string(),
  companyType: z.enum(CUSTOMER_TYPES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const JobContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** What a driver may see of a job: no prices, no customer contact details beyond the name and phone. */
export const DriverJobSchema = z.object({
  id: z.string(),
  jobNumber: z.string(),
  title: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  serviceDate: z.string().nullable(),
  /** The series this job is an occurrence of (issue 27), or null. */
  seriesId: z.string().nullable().optional(),
  paxCount: z.number().int().nullable(),
  serviceDescription: z.string().nullable(),
  notesDriver: z.string().nullable(),
  mapsLink: z.string().nullable(),
  hasUpdates: flag,
  customer: JobCustomerSchema.nullable(),
  vehicles: z.array(JobSlotSchema),
  legs: z.array(JobLegSchema),
  updatedAt: z.string(),
});
export type DriverJob = z.infer<typeof DriverJobSchema>;

/** A job as a manager sees it: everything, with prices and terms. */
export const JobSchema = DriverJobSchema.extend({
  /** The manager's view adds the customer's address (the quote prints it); drivers do not get it. */
  customer: JobCustomerSchema.extend({ address: z.string().nullable() }).nullable(),
  customerId: z.string().nullable(),
  contactId: z.string().nullable(),
  contact: JobContactSchema.nullable(),
  loyaltyAwarded: flag,
  basePrice: z.number(),
  extraCharges: z.array(PriceAdjustmentSchema),
  discounts: z.array(PriceAdjustmentSchema),
  subtotal: z.number(),
  taxMode: z.enum(TAX_MODES),
  taxRate: z.number(),
  taxAmount: z.number(),
  totalPrice: z.number(),
  currency: z.string(),
  pricingNotes: z.string().nullable(),
  termsTemplateId: z.string().nullable(),
  termsAndConditions: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  /** Drivers' requests waiting for a decision. */
  pendingRequests: z.number().int(),
});
export type Job = z.infer<typeof JobSchema>;

/**
 * A row of the manager's job list (spec 2 §2.2): what the table shows, and no more. The whole job
 * (contact, pricing lines, terms, notes, depots) is GET /api/jobs/{id}, which the detail and the
 * edit form read; a page of 50 summaries is about a third of the bytes of 50 jobs (ADR 23).
 */
export const JobSummarySchema = JobSchema.pick({
  id: true,
  jobNumber: true,
  title: true,
  status: true,
  serviceDate: true,
  hasUpdates: true,
  updatedAt: true,
  totalPrice: true,
  currency: true,
  pendingRequests: true,
  seriesId: true,
}).extend({
  // Only what a row shows (ADR 38): no ids of the customer, legs, slots, vehicles or drivers.
  customer: JobCustomerSchema.pick({ companyName: true, phone: true }).nullable(),
  legs: z.array(JobLegSchema.pick({ originAddress: true, destinationAddress: true, departureTime: true })),
  vehicles: z.array(
    z.object({
      /** The slot's category, sent only while it has no vehicle: the row shows it then only. */
      categoryName: z.string().nullable(),
      vehicle: JobSlotVehicleSchema.pick({ registrationNumber: true, nickname: true }).nullable(),
      /** `clockedInAt`: when the driver began a shift on the job's date (the Start Time column). */
      driver: JobSlotDriverSchema.pick({ firstName: true, lastName: true })
        .extend({ clockedInAt: z.string().nullable().optional() })
        .nullable(),
    }),
  ),
  /** The newest quote link's state and when it reached it (issue 24); null when none was sent. */
  quoteLink: z
    .object({ status: z.enum(QUOTE_LINK_STATUSES), at: z.string() })
    .nullable()
    .optional(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

/** How far past its page the job list counts matching jobs (ADR 38). */
export const JOB_LIST_COUNT_AHEAD = LIST_COUNT_AHEAD;

/** A page of the job list: `totalIsLowerBound` when more jobs match than were counted (ADR 38). */
export const jobPageOf = boundedPageOf;

/** A vehicle or driver of this job already on another job whose time overlaps (a warning, not a refusal). */
export const JobClashSchema = z.object({
  kind: z.enum(['vehicle', 'driver']),
  /** The vehicle's registration (or nickname) or the driver's name. */
  name: z.string(),
  vehicleId: z.string().nullable(),
  driverId: z.string().nullable(),
  otherJobId: z.string(),
  otherJobNumber: z.string(),
  otherJobTitle: z.string().nullable(),
  /** 'HH:mm' first departure and last arrival of the other job (null when it has no times). */
  otherStart: z.string().nullable(),
  otherEnd: z.string().nullable(),
});
export type JobClash = z.infer<typeof JobClashSchema>;

/** The answer of a save: the job as stored, and the clashes it has now. */
/** One compliance problem of a slot's driver or vehicle on the job's date (issue 26, ADR 33). */
export const ComplianceProblemSchema = z.object({
  code: z.string(),
  subject: z.enum(['driver', 'vehicle']),
  severity: z.enum(['refusal', 'warning']),
  message: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
});

export const COMPLIANCE_REFUSAL = {
  reasonRequired:
    'This allocation fails a compliance check. Give a reason to allocate anyway, or choose another driver or vehicle.',
} as const;

/** The terminal's refusal of a vehicle whose registration or insurance has lapsed (no override there). */
export const clockInLapsedMessage = (problems: readonly string[]) =>
  `This vehicle cannot be taken out: ${problems.join('; ')}. Choose another vehicle and tell the office.`;

export const JobSaveResultSchema = JobSchema.extend({
  clashes: z.array(JobClashSchema),
  /** Compliance warnings (a service overdue) of the slots this save allocated: shown, never blocking. */
  complianceWarnings: z.array(ComplianceProblemSchema).default([]),
  /** The drivers this save (or publishing) sent a new offer to, for the result's toast. */
  offeredTo: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
});
export type JobSaveResult = z.infer<typeof JobSaveResultSchema>;

/** A driver the job would put over a window of the operator's hours rule set (dispatch safety). */
export const HoursWarningSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  breaches: z.array(
    z.object({
      /** The window, e.g. '12 h work in any 24 h'. */
      label: z.string(),
      /** By how much, and when the driver is next legal, in words. */
      text: z.string(),
      nextLegalAt: z.string().nullable(),
    }),
  ),
});
export type HoursWarning = z.infer<typeof HoursWarningSchema>;

export const HOURS_MESSAGES = {
  reasonRequired:
    'This allocation breaks the driver hours rules. Give a reason to allocate anyway, or choose another driver or time.',
} as const;

/** The answer of POST /api/jobs/clashes. */
export const JobChecksSchema = z.object({
  clashes: z.array(JobClashSchema),
  hours: z.array(HoursWarningSchema),
});
export type JobChecks = z.infer<typeof JobChecksSchema>;

/** POST /api/jobs/clashes: what the form has now, checked before saving. */
export const JobClashQuerySchema = z.object({
  jobId: optionalId(),
  serviceDate: optionalDate(),
  legs: z
    .array(JobLegInputSchema.pick({ departureTime: true, arrivalTime: true }))
    .max(50)
    .default([]),
  vehicles: z
    .array(z.object({ vehicleId: optionalId(), driverId: optionalId() }))
    .max(50)
    .default([]),
});
export type JobClashQuery = z.input<typeof JobClashQuerySchema>;

/** The message of a clash, the same in the form and in the list. */
export function describeClash(clash: JobClash): string {
  const other = `${clash.otherJobNumber}${clash.otherJobTitle ? ` ${clash.otherJobTitle}` : ''}`;
  const window =
    clash.otherStart || clash.otherEnd ? ` (${clash.otherStart ?? '?'}–${clash.otherEnd ?? '?'})` : '';
  return `${clash.name} is already on ${other}${window}`;
}

/** First departure to last arrival of a job's legs, as 'HH:mm' strings (null when no leg has a time). */
export function jobTimeWindow(
  legs: readonly { departureTime: string | null; arrivalTime: string | null }[],
): {
  start: string | null;
  end: string | null;
} {
  const times = legs.flatMap((l) => [l.departureTime, l.arrivalTime]).filter((t): t is string => Boolean(t));
  if (times.length === 0) return { start: null, end: null };
  const departures = legs.map((l) => l.departureTime).filter((t): t is string => Boolean(t));
  const arrivals = legs.map((l) => l.arrivalTime).filter((t): t is string => Boolean(t));
  const start = [...(departures.length ? departures : times)].sort()[0] ?? null;
  const end = [...(arrivals.length ? arrivals : times)].sort().at(-1) ?? null;
  return { start, end };
}

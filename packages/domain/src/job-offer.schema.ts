import { z } from 'zod';
import { countText, optionalId, optionalText } from './fields';
import { DriverJobSchema, JOB_OFFER_STATUSES, JobCustomerSchema, type JobOfferStatus } from './job.schema';

// Job offers and job requests: the driver's answers and the manager's side of the cycle
// (spec 2 §2.5, §3.3, §4, §7.1, §7.2, §8; ADR 0014).

export const JOB_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JobRequestStatus = (typeof JOB_REQUEST_STATUSES)[number];

/** What a screen shows: 'rejected' reads 'Declined'; a pending offer past its expiry reads 'Expired'. */
export const OFFER_STATUS_LABELS: Record<JobOfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Declined',
  expired: 'Expired',
};

export const OFFER_STATUS_COLORS: Record<JobOfferStatus, string> = {
  pending: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'gray',
};

export const REQUEST_STATUS_LABELS: Record<JobRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Not taken',
};

/** The status to show: a pending offer whose expiry has passed is expired, whatever the row says yet. */
export function effectiveOfferStatus(
  offer: { status: JobOfferStatus; expiresAt: string | null },
  now: Date = new Date(),
): JobOfferStatus {
  if (offer.status === 'pending' && offer.expiresAt && Date.parse(offer.expiresAt) <= now.getTime()) {
    return 'expired';
  }
  return offer.status;
}

export const OFFER_ALREADY_ANSWERED = 'This offer has already been answered';
export const OFFER_EXPIRED = 'This offer has expired';
export const NO_OPEN_POSITION = 'This job has no open driver position';
export const ALREADY_REQUESTED = 'You have already requested this job';
export const HOLDS_OFFER_MESSAGE = 'You already have an offer for this job: answer it under Job Offers';
export const REQUEST_ALREADY_DECIDED = 'This request has already been decided';
export const SLOT_NOT_OPEN = 'This vehicle slot already has a driver, or has no vehicle yet';

/** A driver's offer as Job Offers shows it (spec 2 §3.3). */
export const JobOfferSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  driverId: z.string(),
  status: z.enum(JOB_OFFER_STATUSES),
  message: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  job: DriverJobSchema,
  creator: z.object({ firstName: z.string().nullable() }).nullable(),
});
export type JobOffer = z.infer<typeof JobOfferSchema>;

/** PATCH /api/job-offers/{offerId}. */
export const AnswerOfferInputSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'Answer with accepted or rejected' }),
  /** On an occurrence of a series: the same answer to every open offer of that series (issue 27). */
  series: z.boolean().default(false),
});
export type AnswerOfferInput = z.input<typeof AnswerOfferInputSchema>;

/** GET /api/job-offers: the driver's pending offers first, then the previous ones. */
export const JobOfferListSchema = z.object({
  pending: z.array(JobOfferSchema),
  previous: z.array(JobOfferSchema),
});

/** POST /api/jobs/{jobId}/request. */
export const JobRequestInputSchema = z.object({ message: optionalText() });
export type JobRequestInput = z.input<typeof JobRequestInputSchema>;

const person = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const JobRequestSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  driverId: z.string(),
  status: z.enum(JOB_REQUEST_STATUSES),
  message: z.string().nullable(),
  createdAt: z.string(),
  driver: person,
});
export type JobRequest = z.infer<typeof JobRequestSchema>;

/** An offer as the manager sees it on a job: to whom, and how it stands. */
export const JobOfferSummarySchema = z.object({
  id: z.string(),
  driverId: z.string(),
  status: z.enum(JOB_OFFER_STATUSES),
  message: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  driver: person,
});
export type JobOfferSummary = z.infer<typeof JobOfferSummarySchema>;

/** GET /api/jobs/{id}/staffing: the manager's view of a job's offers and requests. */
export const JobStaffingSchema = z.object({
  offers: z.array(JobOfferSummarySchema),
  requests: z.array(JobRequestSchema),
});
export type JobStaffing = z.infer<typeof JobStaffingSchema>;

/** PATCH /api/job-requests/{id}: approve (onto an open slot, the first one unless named) or reject. */
export const DecideRequestInputSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Decide with approved or rejected' }),
  slotId: optionalId(),
  /** Required when approving breaks the driver hours rules (recorded). */
  hoursOverrideReason: optionalText(500),
  /** Why the allocation goes ahead although a compliance check refuses (recorded; required then). */
  complianceOverrideReason: optionalText(500),
});
export type DecideRequestInput = z.input<typeof DecideRequestInputSchema>;

/** POST /api/jobs/{id}/offers: offer an open slot to a chosen driver. */
export const CreateOfferInputSchema = z.object({
  slotId: z.string({ error: 'Choose a vehicle slot' }).trim().min(1, { error: 'Choose a vehicle slot' }),
  driverId: z.string({ error: 'Choose a driver' }).trim().min(1, { error: 'Choose a driver' }),
  message: optionalText(),
  /** Required when the offer breaks the driver hours rules (recorded). */
  hoursOverrideReason: optionalText(500),
  /** Why the allocation goes ahead although a compliance check refuses (recorded; required then). */
  complianceOverrideReason: optionalText(500),
});
export type CreateOfferInput = z.input<typeof CreateOfferInputSchema>;

/**
 * A job a driver may request: its open positions, and whether they asked already. The customer by
 * name only: a driver sees the customer's email and phone on a job they hold, not on one they might
 * request (issue 28).
 */
export const AvailableJobSchema = DriverJobSchema.extend({
  customer: JobCustomerSchema.omit({ email: true, phone: true }).nullable(),
  openSlots: z.number().int(),
  requested: z.boolean(),
  /** The driver's own pending offer of this job: the card shows it instead of Request. */
  offer: z.object({ id: z.string(), expiresAt: z.string().nullable() }).nullable(),
});

/** Available Jobs come a page at a time (issue 28): a phone on a mobile network loads 20 cards, then more. */
export const AVAILABLE_JOBS_PAGE_SIZE = 20;
/**
 * How far past its page Available Jobs counts (ADR 42): each match is a job whose open positions are
 * looked up, so it counts five pages ahead ("Found 100+ jobs …"), not the office lists' 1,000.
 */
export const AVAILABLE_JOBS_COUNT_AHEAD = 100;
export const AvailableJobsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(AVAILABLE_JOBS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** How many offers wait for the driver's answer (the Job Offers tab's badge). */
export const PendingOfferCountSchema = z.object({ pending: z.number().int() });
export type AvailableJob = z.infer<typeof AvailableJobSchema>;

/** 'N slots available' (spec 2 §2.5). */
export function slotsAvailableText(n: number): string {
  return `${n} ${n === 1 ? 'slot' : 'slots'} available`;
}

/** 'Found N jobs with available driver positions' (spec 2 §2.5). */
export function availableJobsSummary(n: number, isLowerBound = false): string {
  // A count stopped at its bound (ADR 42) reads "Found 1,000+ jobs …".
  const count = isLowerBound ? countText(n, true) : String(n);
  return `Found ${count} ${n === 1 && !isLowerBound ? 'job' : 'jobs'} with available driver positions`;
}

import { randomUUID } from 'node:crypto';
import {
  type ComplianceProblem,
  calculatePrice,
  effectiveRoles,
  formatJobNumber,
  JOB_CHANGED_MESSAGE,
  JOB_NUMBER_TAKEN_MESSAGE,
  type Job,
  type JobClash,
  type JobInputParsed,
  JobInputSchema,
  type JobSaveResult,
  type JobStatus,
  jobInputFrom,
  jobTimeWindow,
  type PriceAdjustment,
  SERIES_DATE_TAKEN,
  type SeriesDateProblem,
  SLOT_CHANGED_MESSAGE,
  SLOT_NOT_FOUND,
  type SlotAllocationInputParsed,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { type FieldError, HttpError } from '../../http/errors';
import { Port } from '../../lib/record-hooks';
import { sanitizeDriverNotes, sanitizeRichText } from '../../lib/sanitize-rich-text';
import { insertContact, insertCustomer, recordCompletedBooking } from '../customers';
import type { HoursContext } from '../driver-hours';
import {
  guardAllocation,
  isAllocationRefusal,
  newAllocations,
  refusalProblems,
  seriesRefusal,
} from './allocation-guard';
import { findClashes } from './job-clashes.repository';
import { jobsOfSeries, moveSeriesJobs, STARTED_STATUSES } from './job-occurrences.repository';
import { loadCategories, loadReferences, type References } from './job-references.repository';
import { settleStaffedStatus } from './job-staffing.repository';
import {
  getJob,
  insertJobRow,
  type JobValues,
  jobNumberTaken,
  lockJob,
  loyaltyFacts,
  nextJobSequence,
  replaceLegs,
  replaceSlots,
  type SlotValues,
  setJobFlags,
  slotIdsOf,
  updateJobRow,
} from './jobs.repository';

export const JOB_NOT_FOUND = 'Job not found';
export const ONLY_DRAFTS_PUBLISH = 'Only draft jobs can be published';

/** The drivers a published job was just offered to, and until when they may answer. */
export interface NewOffers {
  driverIds: string[];
  expiresAt: Date | null;
}

/**
 * Offers published jobs to each driver on them who has no offer yet, in the save's transaction. The
 * offers are the job-offers module's (it depends on jobs); record-links.ts wires its implementation.
 */
export const offerJobsToTheirDrivers = new Port<
  (
    tx: Db,
    jobs: readonly Job[],
    createdBy: string | null,
    now: Date,
  ) => Promise<{ byDriver: Map<string, string[]>; expiresAt: Date | null }>
>('Offering published jobs to their drivers');

async function offerJobToItsDrivers(
  tx: Db,
  job: Job,
  createdBy: string | null,
  now: Date,
): Promise<NewOffers> {
  const { byDriver, expiresAt } = await offerJobsToTheirDrivers.run(tx, [job], createdBy, now);
  return { driverIds: [...byDriver.keys()], expiresAt };
}

/** What happened besides the write, for the caller to act on once the transaction has committed. */
export interface SaveOutcome {
  job: Job;
  clashes: JobClash[];
  /** Drivers who got a new pending offer (mail them an offer). */
  offeredDriverIds: string[];
  offerExpiresAt: Date | null;
  /** The job before the save (null for a new one): whose own work changed is told by mail (ADR 28). */
  previous: Job | null;
  /** Compliance warnings (a service overdue) of the slots this save allocated. */
  complianceWarnings?: ComplianceProblem[];
}

/**
 * Splits a series at an occurrence's date for "this and following" (issue 27): the series module
 * ends the old series the day before and answers a new one from that date with the edited body.
 * The series are the job-series module's (it depends on jobs); record-links.ts wires it.
 */
export const splitSeriesAt = new Port<
  (
    tx: Db,
    seriesId: string,
    fromDate: string,
    template: JobInputParsed,
    userId: string | null,
  ) => Promise<string>
>('Splitting a job series');

// ---- checks

function referenceErrors(input: JobInputParsed, refs: References): FieldError[] {
  const errors: FieldError[] = [];
  if (input.customerId && !refs.customers.has(input.customerId)) {
    errors.push({ path: 'customerId', message: 'Customer not found' });
  }
  if (input.contactId) {
    const contact = refs.contacts.get(input.contactId);
    if (!contact || (input.customerId && contact.customerId !== input.customerId)) {
      errors.push({ path: 'contactId', message: 'Contact not found for this customer' });
    }
  }
  if (input.termsTemplateId && !refs.termsTemplates.has(input.termsTemplateId)) {
    errors.push({ path: 'termsTemplateId', message: 'Terms template not found' });
  }
  const seenVehicles = new Set<string>();
  const seenDrivers = new Set<string>();
  input.vehicles.forEach((slot, i) => {
    const at = (field: string) => `vehicles.${i}.${field}`;
    if (slot.categoryId && !refs.categories.has(slot.categoryId)) {
      errors.push({ path: at('categoryId'), message: 'Vehicle type not found' });
    }
    if (slot.vehicleId) {
      if (!refs.vehicles.has(slot.vehicleId))
        errors.push({ path: at('vehicleId'), message: 'Vehicle not found' });
      else if (seenVehicles.has(slot.vehicleId)) {
        errors.push({
          path: at('vehicleId'),
          message: 'This vehicle is already on another slot of this job',
        });
      }
      seenVehicles.add(slot.vehicleId);
    }
    if (slot.driverId) {
      const driver = refs.drivers.get(slot.driverId);
      if (!driver || !effectiveRoles(driver).includes('driver')) {
        errors.push({ path: at('driverId'), message: 'Driver not found' });
      } else if (driver.isActive !== 1) {
        errors.push({ path: at('driverId'), message: 'This driver is inactive' });
      } else if (seenDrivers.has(slot.driverId)) {
        errors.push({ path: at('driverId'), message: 'This driver is already on another slot of this job' });
      }
      seenDrivers.add(slot.driverId);
    }
    for (const field of ['startingDepotId', 'endingDepotId'] as const) {
      const depotId = slot[field];
      if (depotId && !refs.depots.has(depotId)) errors.push({ path: at(field), message: 'Depot not found' });
    }
  });
  return errors;
}

export async function checkedReferences(db: Db, input: JobInputParsed): Promise<References> {
  const refs = await loadReferences(db, {
    customerIds: input.customerId ? [input.customerId] : [],
    contactIds: input.contactId ? [input.contactId] : [],
    vehicleIds: input.vehicles.map((s) => s.vehicleId ?? ''),
    driverIds: input.vehicles.map((s) => s.driverId ?? ''),
    categoryIds: input.vehicles.map((s) => s.categoryId ?? ''),
    depotIds: input.vehicles.flatMap((s) => [s.startingDepotId ?? '', s.endingDepotId ?? '']),
    termsTemplateIds: input.termsTemplateId ? [input.termsTemplateId] : [],
  });
  const errors = referenceErrors(input, refs);
  if (errors.length > 0) throw new HttpError(400, errors[0]?.message ?? 'Invalid job', errors);
  return refs;
}

// ---- shaping what is stored

const withIds = (lines: JobInputParsed['discounts']): PriceAdjustment[] =>
  lines.map((l) => ({
    id: l.id || randomUUID(),
    description: l.description,
    amount: l.amount,
    type: l.type,
  }));

export function jobValues(input: JobInputParsed, customerId: string | null, contactId: string | null) {
  const extraCharges = withIds(input.extraCharges);
  const discounts = withIds(input.discounts);
  const price = calculatePrice({
    basePrice: input.basePrice,
    extraCharges,
    discounts,
    taxMode: input.taxMode,
    taxRate: input.taxRate,
  });
  const notes = input.notesDriver ? sanitizeDriverNotes(input.notesDriver) : null;
  // Terms come from the rich-text editor (or a template, itself sanitised) and are shown to the
  // customer: stored by the same allow-list, whatever a client sends.
  const terms = input.termsAndConditions ? sanitizeRichText(input.termsAndConditions) : null;
  return {
    title: input.title,
    status: input.status,
    serviceDate: input.serviceDate,
    paxCount: input.paxCount,
    serviceDescription: input.serviceDescription,
    notesDriver: notes || null,
    mapsLink: input.mapsLink,
    customerId,
    contactId,
    basePrice: input.basePrice,
    extraCharges,
    discounts,
    subtotal: price.subtotal,
    taxMode: input.taxMode,
    taxRate: input.taxRate,
    taxAmount: price.taxAmount,
    totalPrice: price.totalPrice,
    currency: input.currency,
    pricingNotes: input.pricingNotes,
    termsTemplateId: input.termsTemplateId,
    termsAndConditions: terms || null,
  } satisfies Partial<JobValues>;
}

export async function slotValues(
  db: Db,
  input: JobInputParsed,
  refs: References,
  ownSlotIds: Set<string>,
): Promise<SlotValues[]> {
  const missing = input.vehicles
    .filter((s) => !s.categoryId && s.vehicleId)
    .map((s) => refs.vehicles.get(s.vehicleId ?? '')?.categoryId ?? '');
  const vehicleCategories = missing.length > 0 ? await loadCategories(db, missing) : new Map();
  return input.vehicles.map((s) => {
    const vehicle = s.vehicleId ? refs.vehicles.get(s.vehicleId) : undefined;
    const categoryId = s.categoryId ?? vehicle?.categoryId ?? null;
    const category = categoryId
      ? (refs.categories.get(categoryId) ?? vehicleCategories.get(categoryId))
      : undefined;
    return {
      id: s.id && ownSlotIds.has(s.id) ? s.id : null,
      categoryId,
      categoryName: category?.name ?? s.categoryName ?? null,
      categoryColor: category?.color ?? null,
      vehicleId: s.vehicleId,
      driverId: s.vehicleId ? s.driverId : null,
      vehicleNotes: s.vehicleNotes,
      // A vehicle starts and ends at its home depot unless the form says otherwise.
      startingDepotId: s.startingDepotId ?? vehicle?.defaultDepotId ?? null,
      endingDepotId: s.endingDepotId ?? vehicle?.defaultDepotId ?? null,
    };
  });
}

export async function createCustomerFrom(
  tx: Db,
  input: JobInputParsed,
): Promise<{ customerId: string | null; contactId: string | null }> {
  const fresh = input.newCustomer;
  if (!fresh?.companyName) return { customerId: input.customerId, contactId: input.contactId };
  const customerId = await insertCustomer(tx, {
    companyName: fresh.companyName,
    companyType: fresh.companyType,
    phone: fresh.phone,
    email: fresh.email,
    address: fresh.address,
  });
  let contactId: string | null = null;
  for (const contact of fresh.contacts) {
    if (!contact.name) continue;
    const id = await insertContact(tx, customerId, {
      name: contact.name,
      role: contact.role,
      email: contact.email,
      phone: contact.phone,
    });
    contactId ??= id;
  }
  return { customerId, contactId };
}

/** What a driver sees of a job: a change here on a published job sets hasUpdates and mails them. */
function driverFacing(job: Job) {
  return JSON.stringify({
    title: job.title,
    serviceDate: job.serviceDate,
    paxCount: job.paxCount,
    serviceDescription: job.serviceDescription,
    notesDriver: job.notesDriver,
    mapsLink: job.mapsLink,
    status: job.status,
    legs: job.legs.map(({ id: _id, ...leg }) => leg),
    slots: job.vehicles.map((s) => [s.vehicleId, s.driverId, s.startingDepot?.id, s.endingDepot?.id]),
  });
}

const driverIdsOf = (job: Job) => [
  ...new Set(job.vehicles.map((s) => s.driverId).filter((id): id is string => !!id)),
];

export async function clashesOf(db: Db, job: Job): Promise<JobClash[]> {
  if (!job.serviceDate || job.status === 'cancelled') return [];
  const window = jobTimeWindow(job.legs);
  return findClashes(db, {
    jobId: job.id,
    serviceDate: job.serviceDate,
    start: window.start,
    end: window.end,
    vehicleIds: job.vehicles.map((s) => s.vehicleId).filter((id): id is string => !!id),
    driverIds: driverIdsOf(job),
  });
}

// ---- offers and loyalty, inside the save's transaction

/** Completing a job counts it once on its customer: a booking, its revenue and a loyalty point. */
async function awardLoyaltyOnce(tx: Db, jobId: string): Promise<void> {
  const facts = await loyaltyFacts(tx, jobId);
  if (facts?.status !== 'completed' || facts.loyaltyAwarded === 1 || !facts.customerId) return;
  await recordCompletedBooking(tx, facts.customerId, facts.totalPrice);
  await setJobFlags(tx, jobId, { loyaltyAwarded: 1 });
}

// ---- the writes

/**
 * Drivers newly on the job (hours) and slots newly allocated (compliance), checked when a context is
 * given (routes do); answers the compliance warnings to show.
 */
export async function guardNewAllocations(
  tx: Db,
  hours: HoursContext | undefined,
  before: Job | null,
  job: Job,
  input: JobInputParsed,
  userId: string | null,
  now = new Date(),
): Promise<ComplianceProblem[]> {
  if (!hours) return [];
  const had = new Set(before ? driverIdsOf(before) : []);
  return guardAllocation(
    tx,
    hours,
    job,
    {
      newDriverIds: driverIdsOf(job).filter((d) => !had.has(d)),
      allocations: newAllocations(before, job),
    },
    input,
    userId,
    now,
  );
}

export async function createJob(
  db: Db,
  input: JobInputParsed,
  userId: string | null,
  hours?: HoursContext,
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const refs = await checkedReferences(tx, input);
    const { customerId, contactId } = await createCustomerFrom(tx, input);
    let jobNumber = formatJobNumber(await nextJobSequence(tx));
    // A number typed by hand may already hold the next generated one: skip past it.
    for (let tries = 0; (await jobNumberTaken(tx, jobNumber)) && tries < 100; tries++) {
      jobNumber = formatJobNumber(await nextJobSequence(tx));
    }
    const id = await insertJobRow(tx, {
      ...jobValues(input, customerId, contactId),
      jobNumber,
      createdBy: userId,
    });
    await replaceLegs(tx, id, input.legs);
    await replaceSlots(tx, id, await slotValues(tx, input, refs, new Set()));
    await awardLoyaltyOnce(tx, id);
    const job = (await getJob(tx, id))!;
    const complianceWarnings = await guardNewAllocations(tx, hours, null, job, input, userId);
    // A job created straight into a published status is offered to its drivers like a published draft.
    const offered =
      job.status === 'draft'
        ? { driverIds: [], expiresAt: null }
        : await offerJobToItsDrivers(tx, job, userId, new Date());
    await settleStaffedStatus(tx, id);
    return {
      job: (await getJob(tx, id))!,
      clashes: await clashesOf(tx, job),
      offeredDriverIds: offered.driverIds,
      offerExpiresAt: offered.expiresAt,
      previous: null,
      complianceWarnings,
    };
  });
}

export async function updateJob(
  db: Db,
  id: string,
  input: JobInputParsed,
  userId: string | null,
  now = new Date(),
  hours?: HoursContext,
): Promise<SaveOutcome> {
  return db.transaction((tx) => saveJobChanges(tx, id, input, userId, now, hours));
}

/** The whole of a job save, inside the caller's transaction: the form's PUT and the board's moves. */
async function saveJobChanges(
  tx: Db,
  id: string,
  input: JobInputParsed,
  userId: string | null,
  now: Date,
  hours: HoursContext | undefined,
): Promise<SaveOutcome> {
  const stored = await lockJob(tx, id);
  if (!stored) throw new HttpError(404, JOB_NOT_FOUND);
  if (input.version !== undefined && input.version !== stored.version)
    throw new HttpError(409, JOB_CHANGED_MESSAGE);
  const before = (await getJob(tx, id))!;
  const refs = await checkedReferences(tx, input);
  if (before.seriesId && input.serviceDate && input.serviceDate !== before.serviceDate) {
    const [sibling] = await jobsOfSeries(tx, [before.seriesId], input.serviceDate);
    if (sibling?.serviceDate === input.serviceDate && sibling.id !== id) {
      throw new HttpError(409, SERIES_DATE_TAKEN, [{ path: 'serviceDate', message: SERIES_DATE_TAKEN }]);
    }
  }
  if (
    input.jobNumber &&
    input.jobNumber !== before.jobNumber &&
    (await jobNumberTaken(tx, input.jobNumber, id))
  ) {
    throw new HttpError(409, JOB_NUMBER_TAKEN_MESSAGE, [
      { path: 'jobNumber', message: JOB_NUMBER_TAKEN_MESSAGE },
    ]);
  }
  const { customerId, contactId } = await createCustomerFrom(tx, input);
  await updateJobRow(tx, id, {
    ...jobValues(input, customerId, contactId),
    ...(input.jobNumber ? { jobNumber: input.jobNumber } : {}),
  });
  await replaceLegs(tx, id, input.legs);
  await replaceSlots(tx, id, await slotValues(tx, input, refs, await slotIdsOf(tx, id)));
  let after = (await getJob(tx, id))!;
  const complianceWarnings = await guardNewAllocations(tx, hours, before, after, input, userId, now);

  const published = before.status !== 'draft' && after.status !== 'draft';
  let offered = { driverIds: [] as string[], expiresAt: null as Date | null };
  if (published) {
    if (driverFacing(before) !== driverFacing(after)) await setJobFlags(tx, id, { hasUpdates: 1 });
    offered = await offerJobToItsDrivers(tx, after, userId, now);
  }
  await settleStaffedStatus(tx, id);
  await awardLoyaltyOnce(tx, id);
  after = (await getJob(tx, id))!;
  return {
    job: after,
    clashes: await clashesOf(tx, after),
    offeredDriverIds: offered.driverIds,
    offerExpiresAt: offered.expiresAt,
    previous: before,
    complianceWarnings,
  };
}

/**
 * "This and following" (issue 27): the job, then every later occurrence of its series that has not
 * started (in progress, completed, cancelled are left as they are) gets the same change, each on its
 * own date and number, checked like any save; the series splits at the job's date.
 */
export async function updateFollowing(
  tx: Db,
  id: string,
  input: JobInputParsed,
  userId: string | null,
  now = new Date(),
  hours?: HoursContext,
): Promise<{ outcome: SaveOutcome; others: SaveOutcome[] }> {
  const outcome = await saveJobChanges(tx, id, input, userId, now, hours);
  const seriesId = outcome.previous?.seriesId;
  const from = outcome.previous?.serviceDate;
  if (!seriesId || !from) return { outcome, others: [] };
  const others: SaveOutcome[] = [];
  const later = (await jobsOfSeries(tx, [seriesId], from)).filter(
    (j) => j.id !== id && j.serviceDate && j.serviceDate > from && !STARTED_STATUSES.includes(j.status),
  );
  // Every later date is tried, so one 409 names each that fails (as creating a series does); the
  // reasons given with the edit answer for all of them.
  const problems: SeriesDateProblem[] = [];
  for (const occurrence of later) {
    const current = (await getJob(tx, occurrence.id))!;
    try {
      others.push(
        await saveJobChanges(
          tx,
          occurrence.id,
          {
            ...input,
            serviceDate: current.serviceDate,
            jobNumber: null,
            version: undefined,
            // Slot by slot, so each occurrence keeps its slot ids (and the offers made on them).
            vehicles: input.vehicles.map((s, i) => ({ ...s, id: current.vehicles[i]?.id ?? null })),
          },
          userId,
          now,
          hours,
        ),
      );
    } catch (error) {
      if (!isAllocationRefusal(error)) throw error;
      problems.push({ date: current.serviceDate ?? '', problems: refusalProblems(error) });
    }
  }
  if (problems.length > 0) throw seriesRefusal(problems);
  const newSeriesId = await splitSeriesAt.run(tx, seriesId, from, input, userId);
  await moveSeriesJobs(tx, seriesId, newSeriesId, from);
  const job = (await getJob(tx, id))!;
  return { outcome: { ...outcome, job }, others };
}

async function homeDepotsOf(tx: Db, vehicleIds: (string | null)[]): Promise<Map<string, string | null>> {
  const refs = await loadReferences(tx, {
    customerIds: [],
    contactIds: [],
    vehicleIds: vehicleIds.filter((id): id is string => !!id),
    driverIds: [],
    categoryIds: [],
    depotIds: [],
    termsTemplateIds: [],
  });
  return new Map([...refs.vehicles.values()].map((v) => [v.id, v.defaultDepotId]));
}

/**
 * The dispatch board's move: one slot gets another vehicle and/or driver, saved as the job form
 * would save the job with that one change (clashes, hours, offers, driver updates), provided the
 * slot still holds what the board saw.
 */
export async function allocateSlot(
  db: Db,
  jobId: string,
  slotId: string,
  change: SlotAllocationInputParsed,
  userId: string | null,
  now = new Date(),
  hours?: HoursContext,
): Promise<SaveOutcome & { before: readonly string[] }> {
  return db.transaction(async (tx) => {
    if (!(await lockJob(tx, jobId))) throw new HttpError(404, JOB_NOT_FOUND);
    const job = (await getJob(tx, jobId))!;
    const slot = job.vehicles.find((s) => s.id === slotId);
    if (!slot) throw new HttpError(404, SLOT_NOT_FOUND);
    if (slot.vehicleId !== change.was.vehicleId || slot.driverId !== change.was.driverId)
      throw new HttpError(409, SLOT_CHANGED_MESSAGE);
    const input = jobInputFrom(job);
    const homeOf = await homeDepotsOf(tx, [slot.vehicleId, change.vehicleId]);
    input.vehicles = (input.vehicles ?? []).map((s) => {
      if (s.id !== slotId) return s;
      // A slot that left from the old vehicle's home depot now leaves from the new one's.
      const oldHome = homeOf.get(slot.vehicleId ?? '') ?? null;
      const moved = change.vehicleId !== slot.vehicleId;
      const depot = (id: string | null) => (moved && id === oldHome ? null : id);
      return {
        ...s,
        vehicleId: change.vehicleId,
        driverId: change.driverId,
        startingDepotId: depot(slot.startingDepot?.id ?? null),
        endingDepotId: depot(slot.endingDepot?.id ?? null),
      };
    });
    input.hoursOverrideReason = change.hoursOverrideReason;
    input.complianceOverrideReason = change.complianceOverrideReason;
    const outcome = await saveJobChanges(tx, jobId, JobInputSchema.parse(input), userId, now, hours);
    return { ...outcome, before: driverIdsOf(job) };
  });
}

/**
 * Moves a draft out of draft (ADR 0012: 'assigned' when every slot has a driver, else 'confirmed')
 * and offers the job to every driver on it.
 */
export async function publishJob(
  db: Db,
  id: string,
  userId: string | null,
  now = new Date(),
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const stored = await lockJob(tx, id);
    if (!stored) throw new HttpError(404, JOB_NOT_FOUND);
    if (stored.status !== 'draft') throw new HttpError(409, ONLY_DRAFTS_PUBLISH);
    // Confirmed until every slot's driver has accepted; then Assigned (ADR 28).
    await updateJobRow(tx, id, { status: 'confirmed' });
    const offered = await offerJobToItsDrivers(tx, (await getJob(tx, id))!, userId, now);
    await settleStaffedStatus(tx, id);
    const job = (await getJob(tx, id))!;
    return {
      job,
      clashes: await clashesOf(tx, job),
      offeredDriverIds: offered.driverIds,
      offerExpiresAt: offered.expiresAt,
      previous: null,
    };
  });
}

export async function changeJobStatus(db: Db, id: string, status: JobStatus): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const stored = await lockJob(tx, id);
    if (!stored) throw new HttpError(404, JOB_NOT_FOUND);
    const before = (await getJob(tx, id))!;
    if (stored.status === status) {
      return { job: before, clashes: [], offeredDriverIds: [], offerExpiresAt: null, previous: before };
    }
    await updateJobRow(tx, id, {
      status,
      ...(stored.status !== 'draft' && status !== 'draft' ? { hasUpdates: 1 } : {}),
    });
    await settleStaffedStatus(tx, id);
    await awardLoyaltyOnce(tx, id);
    const job = (await getJob(tx, id))!;
    return { job, clashes: [], offeredDriverIds: [], offerExpiresAt: null, previous: before };
  });
}

export function toSaveResult(outcome: SaveOutcome): JobSaveResult {
  const offered = new Set(outcome.offeredDriverIds);
  const names = outcome.job.vehicles.flatMap((s) =>
    s.driverId && offered.has(s.driverId)
      ? [
          {
            id: s.driverId,
            name: [s.driver?.firstName, s.driver?.lastName].filter(Boolean).join(' ') || 'A driver',
          },
        ]
      : [],
  );
  return {
    ...outcome.job,
    clashes: outcome.clashes,
    offeredTo: names,
    complianceWarnings: outcome.complianceWarnings ?? [],
  };
}

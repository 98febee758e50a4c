import {
  type DriverWork,
  EMAIL_NOTIFICATION_TYPES,
  JOB_OFFER_STATUSES,
  JOB_REQUEST_STATUSES,
  JOB_STATUSES,
  TAX_MODES,
} from '@dms/domain';
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, flag, id, instant, money, rate, timestamps, version } from './columns';
import { customerContacts, customers } from './customers';
import { depots, vehicleCategoriesNew, vehicles } from './fleet';
import { jobSeries } from './job-series';
import { termsTemplates } from './settings';

// Jobs (quotes and job sheets) with their requirements, vehicle slots, legs, offers, requests and the
// mail log (spec 2 §3).

// The enums take their values from the domain's constants: the database and the API contracts
// cannot drift apart (a changed list shows up as a migration).
export const jobStatusEnum = pgEnum('job_status', JOB_STATUSES);
export const taxModeEnum = pgEnum('tax_mode', TAX_MODES);
export const jobOfferStatusEnum = pgEnum('job_offer_status', JOB_OFFER_STATUSES);
export const jobRequestStatusEnum = pgEnum('job_request_status', JOB_REQUEST_STATUSES);
export const emailNotificationTypeEnum = pgEnum('email_notification_type', EMAIL_NOTIFICATION_TYPES);

/** A discount or an additional charge line. */
export interface PriceAdjustment {
  id: string;
  description: string;
  amount: number;
  type: 'fixed' | 'percentage';
}

/** Generated job numbers ('J-00042'): a sequence never hands out one number twice, even to racing saves. */
export const jobNumberSeq = pgSequence('job_number_seq', { startWith: 1 });

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    jobNumber: text('job_number').notNull().unique(),
    title: text('title'),
    serviceDate: date('service_date', { mode: 'string' }),
    paxCount: integer('pax_count'),
    serviceDescription: text('service_description'),
    /** Sanitised HTML. */
    notesDriver: text('notes_driver'),
    // restrict: customers are archived, never deleted, so their job history stays.
    customerId: text('customer_id').references(() => customers.id),
    contactId: text('contact_id').references(() => customerContacts.id, { onDelete: 'set null' }),
    mapsLink: text('maps_link'),
    status: jobStatusEnum('status').notNull().default('draft'),
    hasUpdates: flag('has_updates', 0),
    loyaltyAwarded: flag('loyalty_awarded', 0),
    basePrice: money('base_price').notNull().default(0),
    subtotal: money('subtotal').notNull().default(0),
    discounts: jsonb('discounts').$type<PriceAdjustment[]>().notNull().default([]),
    extraCharges: jsonb('extra_charges').$type<PriceAdjustment[]>().notNull().default([]),
    taxMode: taxModeEnum('tax_mode').notNull().default('inclusive'),
    taxRate: rate('tax_rate').notNull().default(10),
    taxAmount: money('tax_amount').notNull().default(0),
    totalPrice: money('total_price').notNull().default(0),
    currency: text('currency').notNull().default('AUD'),
    termsTemplateId: text('terms_template_id').references(() => termsTemplates.id, { onDelete: 'set null' }),
    /** The terms text as quoted (a copy, so later template edits do not change old quotes). */
    termsAndConditions: text('terms_and_conditions'),
    pricingNotes: text('pricing_notes'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The series this job is an occurrence of (issue 27); set null: ending or deleting a series keeps its jobs. */
    seriesId: text('series_id').references(() => jobSeries.id, { onDelete: 'set null' }),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    // One occurrence of a series a day: the daily extension can run twice without doubling a date.
    uniqueIndex('jobs_series_id_service_date_uq').on(t.seriesId, t.serviceDate),
    // The job list walks service dates in order; a status filter is checked in the index (bench/NOTES.md).
    index('jobs_service_date_status_idx').on(t.serviceDate, t.status),
    index('jobs_status_idx').on(t.status),
    index('jobs_customer_id_idx').on(t.customerId),
    index('jobs_contact_id_idx').on(t.contactId),
  ],
);

/** A vehicle slot requested by category ("2 x Coach"), before or beside specific vehicles. */
export const jobRequirements = pgTable(
  'job_requirements',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    // set null: the requirement keeps its own copy of the category name and colour.
    categoryId: text('category_id').references(() => vehicleCategoriesNew.id, { onDelete: 'set null' }),
    categoryName: text('category_name'),
    quantity: integer('quantity').notNull().default(1),
    color: text('color'),
    categoryColor: text('category_color'),
    isRequired: flag('is_required', 1),
    notes: text('notes'),
    /** Shown to the customer on the quote. */
    vehicleNotes: text('vehicle_notes'),
    ...timestamps(),
  },
  (t) => [index('job_requirements_job_id_idx').on(t.jobId)],
);

/** One vehicle (and its driver) on a job. A null driverId is an open driver position. */
export const jobVehicles = pgTable(
  'job_vehicles',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    driverId: text('driver_id').references(() => users.id, { onDelete: 'set null' }),
    requirementId: text('requirement_id').references(() => jobRequirements.id, { onDelete: 'set null' }),
    slotPosition: integer('slot_position').notNull().default(1),
    startingDepotId: text('starting_depot_id').references(() => depots.id, { onDelete: 'set null' }),
    endingDepotId: text('ending_depot_id').references(() => depots.id, { onDelete: 'set null' }),
    /** Shown to the customer on the quote (the job payload's vehicleNotes for a specific vehicle). */
    vehicleNotes: text('vehicle_notes'),
    ...timestamps(),
  },
  (t) => [
    index('job_vehicles_job_id_idx').on(t.jobId),
    index('job_vehicles_driver_id_idx').on(t.driverId),
    index('job_vehicles_vehicle_id_idx').on(t.vehicleId),
    index('job_vehicles_starting_depot_id_idx').on(t.startingDepotId),
    index('job_vehicles_ending_depot_id_idx').on(t.endingDepotId),
    // Open driver positions, what drivers may request: a few among many filled slots (bench/NOTES.md).
    index('job_vehicles_open_position_idx')
      .on(t.jobId)
      .where(sql`${t.driverId} is null and ${t.vehicleId} is not null`),
  ],
);

export const jobLegs = pgTable(
  'job_legs',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    legNumber: integer('leg_number').notNull(),
    originAddress: text('origin_address'),
    destinationAddress: text('destination_address'),
    /** 'HH:mm' in the operator's time zone. */
    departureTime: text('departure_time'),
    /** 'HH:mm' in the operator's time zone. */
    arrivalTime: text('arrival_time'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    index('job_legs_job_id_leg_number_idx').on(t.jobId, t.legNumber),
    // Address suggestions match every job's legs from the start of the address (ADR 29).
    index('job_legs_origin_address_prefix_idx').using(
      'btree',
      sql`lower(${t.originAddress}) text_pattern_ops`,
    ),
    index('job_legs_destination_address_prefix_idx').using(
      'btree',
      sql`lower(${t.destinationAddress}) text_pattern_ops`,
    ),
  ],
);

export const jobOffers = pgTable(
  'job_offers',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    // An offer to an account that no longer exists means nothing.
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: jobOfferStatusEnum('status').notNull().default('pending'),
    message: text('message'),
    expiresAt: instant('expires_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Answered for the whole series (ADR 36): the answer stands for the occurrences created later.
    forSeries: boolean('for_series').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('job_offers_driver_id_idx').on(t.driverId), index('job_offers_job_id_idx').on(t.jobId)],
);

export const jobRequests = pgTable(
  'job_requests',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: jobRequestStatusEnum('status').notNull().default('pending'),
    message: text('message'),
    ...timestamps(),
  },
  (t) => [
    // A driver requests a job once (spec 2 §2.5); the index also settles two requests racing.
    uniqueIndex('job_requests_job_driver_uq').on(t.jobId, t.driverId),
    index('job_requests_driver_id_idx').on(t.driverId),
  ],
);

/** Log of the mails sent about jobs. */
/**
 * A manager put a driver on a job although the hours check said a window would be broken: who,
 * why, and what the check said at the time (dispatch safety).
 */
export const hoursOverrides = pgTable(
  'hours_overrides',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** The breaches as the manager saw them ({ label, text }). */
    breaches: jsonb('breaches').$type<{ label: string; text: string }[]>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('hours_overrides_job_id_idx').on(t.jobId),
    index('hours_overrides_driver_id_idx').on(t.driverId),
  ],
);

export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: id(),
    // cascade: the log of a removed account is noise (and personal data).
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    emailType: emailNotificationTypeEnum('email_type').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
    status: text('status').notNull().default('sent'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_notifications_user_id_idx').on(t.userId),
    index('email_notifications_job_id_idx').on(t.jobId),
  ],
);

/**
 * A driver's change mail waiting for its window to close (ADR 28): what their own work on the job was
 * before the first change of the window. When it is due, the queue compares it with the job as it is
 * then and mails the difference, or nothing when the changes undid each other. One row per job and
 * driver: later changes in the window only move what is compared at the end.
 */
export const driverChangeNotices = pgTable(
  'driver_change_notices',
  {
    id: id(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the driver was not on the job. */
    was: jsonb('was').$type<DriverWork | null>(),
    dueAt: instant('due_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('driver_change_notices_job_driver_idx').on(t.jobId, t.driverId),
    index('driver_change_notices_due_at_idx').on(t.dueAt),
  ],
);

export const jobsRelations = relations(jobs, ({ one, many }) => ({
  customer: one(customers, { fields: [jobs.customerId], references: [customers.id] }),
  contact: one(customerContacts, { fields: [jobs.contactId], references: [customerContacts.id] }),
  termsTemplate: one(termsTemplates, { fields: [jobs.termsTemplateId], references: [termsTemplates.id] }),
  creator: one(users, { fields: [jobs.createdBy], references: [users.id] }),
  requirements: many(jobRequirements),
  vehicles: many(jobVehicles),
  legs: many(jobLegs),
  offers: many(jobOffers),
  requests: many(jobRequests),
}));

export const jobRequirementsRelations = relations(jobRequirements, ({ one, many }) => ({
  job: one(jobs, { fields: [jobRequirements.jobId], references: [jobs.id] }),
  category: one(vehicleCategoriesNew, {
    fields: [jobRequirements.categoryId],
    references: [vehicleCategoriesNew.id],
  }),
  vehicles: many(jobVehicles),
}));

export const jobVehiclesRelations = relations(jobVehicles, ({ one }) => ({
  job: one(jobs, { fields: [jobVehicles.jobId], references: [jobs.id] }),
  vehicle: one(vehicles, { fields: [jobVehicles.vehicleId], references: [vehicles.id] }),
  driver: one(users, { fields: [jobVehicles.driverId], references: [users.id] }),
  requirement: one(jobRequirements, {
    fields: [jobVehicles.requirementId],
    references: [jobRequirements.id],
  }),
  startingDepot: one(depots, {
    fields: [jobVehicles.startingDepotId],
    references: [depots.id],
    relationName: 'job_vehicle_starting_depot',
  }),
  endingDepot: one(depots, {
    fields: [jobVehicles.endingDepotId],
    references: [depots.id],
    relationName: 'job_vehicle_ending_depot',
  }),
}));

export const jobLegsRelations = relations(jobLegs, ({ one }) => ({
  job: one(jobs, { fields: [jobLegs.jobId], references: [jobs.id] }),
}));

export const jobOffersRelations = relations(jobOffers, ({ one }) => ({
  job: one(jobs, { fields: [jobOffers.jobId], references: [jobs.id] }),
  driver: one(users, {
    fields: [jobOffers.driverId],
    references: [users.id],
    relationName: 'job_offer_driver',
  }),
  creator: one(users, {
    fields: [jobOffers.createdBy],
    references: [users.id],
    relationName: 'job_offer_creator',
  }),
}));

export const jobRequestsRelations = relations(jobRequests, ({ one }) => ({
  job: one(jobs, { fields: [jobRequests.jobId], references: [jobs.id] }),
  driver: one(users, { fields: [jobRequests.driverId], references: [users.id] }),
}));

export const emailNotificationsRelations = relations(emailNotifications, ({ one }) => ({
  user: one(users, { fields: [emailNotifications.userId], references: [users.id] }),
  job: one(jobs, { fields: [emailNotifications.jobId], references: [jobs.id] }),
}));

export type JobStatus = (typeof jobStatusEnum.enumValues)[number];
export type TaxMode = (typeof taxModeEnum.enumValues)[number];
export type JobOfferStatus = (typeof jobOfferStatusEnum.enumValues)[number];
export type JobRequestStatus = (typeof jobRequestStatusEnum.enumValues)[number];
export type EmailNotificationType = (typeof emailNotificationTypeEnum.enumValues)[number];
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type JobRequirement = typeof jobRequirements.$inferSelect;
export type NewJobRequirement = typeof jobRequirements.$inferInsert;
export type JobVehicle = typeof jobVehicles.$inferSelect;
export type NewJobVehicle = typeof jobVehicles.$inferInsert;
export type JobLeg = typeof jobLegs.$inferSelect;
export type NewJobLeg = typeof jobLegs.$inferInsert;
export type JobOffer = typeof jobOffers.$inferSelect;
export type NewJobOffer = typeof jobOffers.$inferInsert;
export type JobRequest = typeof jobRequests.$inferSelect;
export type NewJobRequest = typeof jobRequests.$inferInsert;
export type EmailNotification = typeof emailNotifications.$inferSelect;
export type NewEmailNotification = typeof emailNotifications.$inferInsert;

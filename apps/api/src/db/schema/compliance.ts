import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, money, timestamps } from './columns';
import { vehicles } from './fleet';

// Compliance records of vehicles and drivers (issue 26, ADR 33). The *_compliance rows hold what is in
// force; every save also appends the whole record to compliance_record_versions, so nothing is lost
// when a record is superseded and "who held which licence when" stays answerable.

/** A vehicle's registration, insurance, safety inspection and service interval in force. */
export const vehicleCompliance = pgTable('vehicle_compliance', {
  vehicleId: text('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id),
  registrationExpiry: date('registration_expiry', { mode: 'string' }),
  insuranceExpiry: date('insurance_expiry', { mode: 'string' }),
  /** The safety certificate's expiry; when null the due date is lastInspectionDate + interval. */
  inspectionDue: date('inspection_due', { mode: 'string' }),
  lastInspectionDate: date('last_inspection_date', { mode: 'string' }),
  inspectionIntervalMonths: integer('inspection_interval_months'),
  serviceIntervalKm: integer('service_interval_km'),
  serviceIntervalMonths: integer('service_interval_months'),
  lastServiceDate: date('last_service_date', { mode: 'string' }),
  lastServiceOdometer: integer('last_service_odometer'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});

/** Services done: each restarts the interval (the vehicle's record takes its date and odometer). */
export const vehicleServices = pgTable(
  'vehicle_services',
  {
    id: id(),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    odometer: integer('odometer').notNull(),
    workDone: text('work_done').notNull(),
    cost: money('cost'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('vehicle_services_vehicle_date_idx').on(t.vehicleId, t.serviceDate)],
);

/** A driver's licence, medical and working-with-children check in force. */
export const driverCompliance = pgTable('driver_compliance', {
  driverId: text('driver_id')
    .primaryKey()
    .references(() => users.id),
  licenceNumber: text('licence_number'),
  licenceClass: text('licence_class'),
  licenceExpiry: date('licence_expiry', { mode: 'string' }),
  medicalExpiry: date('medical_expiry', { mode: 'string' }),
  childrenCheckNumber: text('children_check_number'),
  childrenCheckExpiry: date('children_check_expiry', { mode: 'string' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});

/** Other documents an operator asks drivers to hold (a first-aid certificate, a DBS check). */
export const complianceDocumentTypes = pgTable(
  'compliance_document_types',
  {
    id: id(),
    name: text('name').notNull(),
    expires: boolean('expires').notNull().default(true),
    requiredForSchoolWork: boolean('required_for_school_work').notNull().default(false),
    // Types are retired, not deleted: old versions of driver records still name them.
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('compliance_document_types_name_uq').on(sql`lower(${t.name})`)],
);

/** A driver's document of an operator-defined type, in force. */
export const driverDocuments = pgTable(
  'driver_documents',
  {
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    typeId: text('type_id')
      .notNull()
      .references(() => complianceDocumentTypes.id),
    number: text('number'),
    expiry: date('expiry', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.driverId, t.typeId] }), index('driver_documents_expiry_idx').on(t.expiry)],
);

/** Every saved version of a vehicle's or driver's record: never updated, never deleted. */
export const complianceRecordVersions = pgTable(
  'compliance_record_versions',
  {
    id: id(),
    subjectType: text('subject_type').$type<'vehicle' | 'driver'>().notNull(),
    subjectId: text('subject_id').notNull(),
    /** 'updated' (a PUT) or 'service' (a service recorded). */
    change: text('change').notNull(),
    /** The whole record as saved. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: instant('changed_at').notNull().defaultNow(),
  },
  (t) => [index('compliance_record_versions_subject_idx').on(t.subjectType, t.subjectId, t.changedAt)],
);

/**
 * The scans of records (issue 26, ADR 35): a licence, a certificate, an insurance schedule. A new scan
 * of a record supersedes the one before, which is kept (with who uploaded it when) and still served.
 */
export const complianceScans = pgTable(
  'compliance_scans',
  {
    id: id(),
    subjectType: text('subject_type').$type<'vehicle' | 'driver'>().notNull(),
    subjectId: text('subject_id').notNull(),
    /** The record: licence, medical, childrenCheck, document:<type id>, registration, insurance, inspection. */
    recordKind: text('record_kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
    supersededAt: instant('superseded_at'),
  },
  (t) => [
    index('compliance_scans_subject_idx').on(t.subjectType, t.subjectId, t.recordKind, t.uploadedAt),
    // One scan in force per record.
    uniqueIndex('compliance_scans_current_idx')
      .on(t.subjectType, t.subjectId, t.recordKind)
      .where(sql`${t.supersededAt} is null`),
  ],
);

/** The weekly digest sent to a manager, one row per week: a second run in the same week sends nothing. */
export const complianceDigestSends = pgTable(
  'compliance_digest_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday of the operator's week. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

export type VehicleComplianceRow = typeof vehicleCompliance.$inferSelect;
export type DriverComplianceRow = typeof driverCompliance.$inferSelect;

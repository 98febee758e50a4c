import { INSPECTION_TYPES } from '@dms/domain';
import { relations, sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, flag, id, instant, timestamps } from './columns';
import { vehicles } from './fleet';
import { shifts } from './shifts';

// Driver safety forms and their configuration: inspection questions, pre-departure and end-of-shift
// inspections, fuel logs, emergency types and alerts, incident reports.
// Every form points at its driver, vehicle and shift with restrict (no action): a safety record must
// never disappear, or lose its driver, because someone deleted a user, a vehicle or a shift.

export const inspectionTypeEnum = pgEnum('inspection_type', INSPECTION_TYPES);

/** One answer: passed null means N/A. */
export interface InspectionResponse {
  questionId: string;
  passed: boolean | null;
  notes?: string | null;
}

/** Who was told about an emergency alert, and when (ISO instant). */
export interface AlertNotification {
  userId: string;
  channel: 'email' | 'live';
  sentAt: string;
}

export const inspectionTemplateQuestions = pgTable(
  'inspection_template_questions',
  {
    id: id(),
    type: inspectionTypeEnum('type').notNull().default('pre_departure'),
    question: text('question').notNull(),
    /** Safety, Mechanical, Lights, Interior or Other. */
    category: text('category').notNull().default('Other'),
    requiresPhoto: flag('requires_photo', 0),
    isActive: flag('is_active', 1),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('inspection_template_questions_type_sort_idx').on(t.type, t.sortOrder)],
);

export const preDepartureInspections = pgTable(
  'pre_departure_inspections',
  {
    id: id(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    shiftId: text('shift_id').references(() => shifts.id),
    inspectionDate: instant('inspection_date').notNull().defaultNow(),
    responses: jsonb('responses').$type<InspectionResponse[]>().notNull().default([]),
    /** pass, pass_with_notes or fail. */
    overallStatus: text('overall_status').notNull(),
    damageReported: flag('damage_reported', 0),
    damageDetails: text('damage_details'),
    notes: text('notes'),
    // The office's review (ADR 27), as incidents have it: submitted, under_review, resolved.
    reviewStatus: text('review_status').notNull().default('submitted'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    reviewNotes: text('review_notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pre_departure_inspections_driver_id_idx').on(t.driverId),
    index('pre_departure_inspections_date_idx').on(t.inspectionDate),
    index('pre_departure_inspections_shift_id_idx').on(t.shiftId),
    index('pre_departure_inspections_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const endOfShiftInspections = pgTable(
  'end_of_shift_inspections',
  {
    id: id(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    shiftId: text('shift_id').references(() => shifts.id),
    inspectionDate: instant('inspection_date').notNull().defaultNow(),
    responses: jsonb('responses').$type<InspectionResponse[]>().notNull().default([]),
    /** pass, pass_with_notes or fail (computed like the pre-departure one). */
    overallStatus: text('overall_status'),
    bodyDamageFound: flag('body_damage_found', 0),
    bodyDamageDetails: text('body_damage_details'),
    interiorDamageFound: flag('interior_damage_found', 0),
    interiorDamageDetails: text('interior_damage_details'),
    busClean: flag('bus_clean', 1),
    /** 'confirmed' or 'not_applicable'; null on forms from before the check existed. */
    clearOfBus: text('clear_of_bus'),
    notes: text('notes'),
    // The office's review (ADR 27), as incidents have it: submitted, under_review, resolved.
    reviewStatus: text('review_status').notNull().default('submitted'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    reviewNotes: text('review_notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('end_of_shift_inspections_driver_id_idx').on(t.driverId),
    index('end_of_shift_inspections_date_idx').on(t.inspectionDate),
    index('end_of_shift_inspections_shift_id_idx').on(t.shiftId),
    index('end_of_shift_inspections_vehicle_id_idx').on(t.vehicleId),
  ],
);

/** One failed check of the inspection that opened a defect. */
export interface DefectItemValue {
  question: string;
  category: string;
  notes: string | null;
}

/**
 * A failed inspection's finding on a vehicle. Open until a manager clears it with a repair note;
 * while open, the vehicle is refused at clock-in and marked wherever it is picked.
 */
export const vehicleDefects = pgTable(
  'vehicle_defects',
  {
    id: id(),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    preDepartureInspectionId: text('pre_departure_inspection_id').references(
      () => preDepartureInspections.id,
    ),
    endOfShiftInspectionId: text('end_of_shift_inspection_id').references(() => endOfShiftInspections.id),
    reportedBy: text('reported_by')
      .notNull()
      .references(() => users.id),
    reportedAt: instant('reported_at').notNull().defaultNow(),
    items: jsonb('items').$type<DefectItemValue[]>().notNull().default([]),
    notes: text('notes'),
    clearedAt: instant('cleared_at'),
    clearedBy: text('cleared_by').references(() => users.id),
    repairNote: text('repair_note'),
    ...timestamps(),
  },
  (t) => [
    index('vehicle_defects_open_idx').on(t.vehicleId).where(sql`${t.clearedAt} is null`),
    index('vehicle_defects_reported_at_idx').on(t.reportedAt),
  ],
);

export const fuelLogs = pgTable(
  'fuel_logs',
  {
    id: id(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    shiftId: text('shift_id').references(() => shifts.id),
    fuelDate: instant('fuel_date').notNull().defaultNow(),
    /** km */
    odometerReading: integer('odometer_reading').notNull(),
    /** litres, 2 decimals */
    litersAdded: numeric('liters_added', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    receiptPhotoUrl: text('receipt_photo_url'),
    /** Diesel, Petrol, LPG or CNG. */
    fuelType: text('fuel_type').notNull().default('Diesel'),
    location: text('location'),
    notes: text('notes'),
    /** What made the reading implausible (odometer_back, odometer_jump, over_tank); empty when plausible. */
    plausibilityFlags: jsonb('plausibility_flags').$type<string[]>().notNull().default([]),
    /** The driver's reason for confirming an implausible reading (ADR 27). */
    confirmReason: text('confirm_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('fuel_logs_driver_id_idx').on(t.driverId),
    index('fuel_logs_date_idx').on(t.fuelDate),
    index('fuel_logs_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const emergencyTypes = pgTable('emergency_types', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  /** low, medium, high or critical. */
  severity: text('severity').notNull().default('medium'),
  icon: text('icon').notNull().default('alert-circle'),
  color: text('color').notNull().default('red'),
  procedureTitle: text('procedure_title'),
  procedureContent: text('procedure_content'),
  procedurePdfUrl: text('procedure_pdf_url'),
  // An emergency tells the managers at once unless configured otherwise.
  requiresImmediateNotification: flag('requires_immediate_notification', 1),
  requiresImmediateResponse: flag('requires_immediate_response', 0),
  isActive: flag('is_active', 1),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps(),
});

export const emergencyAlerts = pgTable(
  'emergency_alerts',
  {
    id: id(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    // Emergencies can be raised off shift, so vehicle and shift are optional.
    vehicleId: text('vehicle_id').references(() => vehicles.id),
    shiftId: text('shift_id').references(() => shifts.id),
    // restrict: a type that alerts used is deactivated (isActive = 0), not deleted.
    emergencyTypeId: text('emergency_type_id')
      .notNull()
      .references(() => emergencyTypes.id),
    alertDate: instant('alert_date').notNull().defaultNow(),
    location: text('location'),
    description: text('description'),
    /** active, resolved (others possible). */
    status: text('status').notNull().default('active'),
    notificationsSent: jsonb('notifications_sent').$type<AlertNotification[]>().notNull().default([]),
    resolvedAt: instant('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNotes: text('resolution_notes'),
    ...timestamps(),
  },
  (t) => [
    index('emergency_alerts_driver_id_idx').on(t.driverId),
    index('emergency_alerts_date_idx').on(t.alertDate),
    index('emergency_alerts_status_idx').on(t.status),
    index('emergency_alerts_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const incidentReports = pgTable(
  'incident_reports',
  {
    id: id(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: text('vehicle_id').references(() => vehicles.id),
    shiftId: text('shift_id').references(() => shifts.id),
    incidentDate: instant('incident_date').notNull().defaultNow(),
    /** accident, near_miss, passenger_incident, property_damage, other (others possible). */
    incidentType: text('incident_type').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    injuriesReported: flag('injuries_reported', 0),
    injuryDetails: text('injury_details'),
    witnessDetails: text('witness_details'),
    policeNotified: flag('police_notified', 0),
    policeReportNumber: text('police_report_number'),
    photosUrls: jsonb('photos_urls').$type<string[]>().notNull().default([]),
    damageDetails: text('damage_details'),
    /** submitted, under_review, resolved (others possible). */
    status: text('status').notNull().default('submitted'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    reviewNotes: text('review_notes'),
    ...timestamps(),
  },
  (t) => [
    index('incident_reports_driver_id_idx').on(t.driverId),
    index('incident_reports_date_idx').on(t.incidentDate),
    index('incident_reports_status_idx').on(t.status),
    index('incident_reports_vehicle_id_idx').on(t.vehicleId),
  ],
);

export const preDepartureInspectionsRelations = relations(preDepartureInspections, ({ one }) => ({
  driver: one(users, { fields: [preDepartureInspections.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [preDepartureInspections.vehicleId], references: [vehicles.id] }),
  shift: one(shifts, { fields: [preDepartureInspections.shiftId], references: [shifts.id] }),
}));

export const endOfShiftInspectionsRelations = relations(endOfShiftInspections, ({ one }) => ({
  driver: one(users, { fields: [endOfShiftInspections.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [endOfShiftInspections.vehicleId], references: [vehicles.id] }),
  shift: one(shifts, { fields: [endOfShiftInspections.shiftId], references: [shifts.id] }),
}));

export const fuelLogsRelations = relations(fuelLogs, ({ one }) => ({
  driver: one(users, { fields: [fuelLogs.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [fuelLogs.vehicleId], references: [vehicles.id] }),
  shift: one(shifts, { fields: [fuelLogs.shiftId], references: [shifts.id] }),
}));

export const emergencyAlertsRelations = relations(emergencyAlerts, ({ one }) => ({
  driver: one(users, { fields: [emergencyAlerts.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [emergencyAlerts.vehicleId], references: [vehicles.id] }),
  shift: one(shifts, { fields: [emergencyAlerts.shiftId], references: [shifts.id] }),
  emergencyType: one(emergencyTypes, {
    fields: [emergencyAlerts.emergencyTypeId],
    references: [emergencyTypes.id],
  }),
}));

export const incidentReportsRelations = relations(incidentReports, ({ one }) => ({
  driver: one(users, { fields: [incidentReports.driverId], references: [users.id] }),
  vehicle: one(vehicles, { fields: [incidentReports.vehicleId], references: [vehicles.id] }),
  shift: one(shifts, { fields: [incidentReports.shiftId], references: [shifts.id] }),
}));

export type InspectionType = (typeof inspectionTypeEnum.enumValues)[number];
export type InspectionTemplateQuestion = typeof inspectionTemplateQuestions.$inferSelect;
export type NewInspectionTemplateQuestion = typeof inspectionTemplateQuestions.$inferInsert;
export type PreDepartureInspection = typeof preDepartureInspections.$inferSelect;
export type NewPreDepartureInspection = typeof preDepartureInspections.$inferInsert;
export type EndOfShiftInspection = typeof endOfShiftInspections.$inferSelect;
export type NewEndOfShiftInspection = typeof endOfShiftInspections.$inferInsert;
export type FuelLog = typeof fuelLogs.$inferSelect;
export type NewFuelLog = typeof fuelLogs.$inferInsert;
export type EmergencyType = typeof emergencyTypes.$inferSelect;
export type NewEmergencyType = typeof emergencyTypes.$inferInsert;
export type EmergencyAlert = typeof emergencyAlerts.$inferSelect;
export type NewEmergencyAlert = typeof emergencyAlerts.$inferInsert;
export type IncidentReport = typeof incidentReports.$inferSelect;
export type NewIncidentReport = typeof incidentReports.$inferInsert;

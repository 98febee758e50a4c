import type { InspectionAnswer, InspectionKind, OverallStatus } from '@dms/domain';
import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  emergencyAlerts,
  emergencyTypes,
  endOfShiftInspections,
  fuelLogs,
  incidentReports,
  inspectionTemplateQuestions,
  jobs,
  jobVehicles,
  preDepartureInspections,
  users,
  vehicles,
} from '../../db/schema';

// The drivers' safety forms as the terminal writes them.

/** The active questions of an inspection type, in their order. */
export async function activeQuestions(db: Db, type: InspectionKind) {
  return db
    .select({
      id: inspectionTemplateQuestions.id,
      question: inspectionTemplateQuestions.question,
      category: inspectionTemplateQuestions.category,
    })
    .from(inspectionTemplateQuestions)
    .where(and(eq(inspectionTemplateQuestions.type, type), eq(inspectionTemplateQuestions.isActive, 1)))
    .orderBy(asc(inspectionTemplateQuestions.sortOrder));
}

interface Common {
  driverId: string;
  vehicleId: string;
  shiftId: string | null;
}

export async function insertPreDeparture(
  db: Db,
  values: Common & {
    inspectionDate: Date;
    responses: InspectionAnswer[];
    overallStatus: OverallStatus;
    notes: string | null;
  },
) {
  const [row] = await db
    .insert(preDepartureInspections)
    .values({
      ...values,
      responses: values.responses.map((r) => ({
        questionId: r.questionId,
        passed: r.passed,
        notes: r.notes ?? null,
      })),
      damageReported: values.overallStatus === 'fail' ? 1 : 0,
    })
    .returning({ id: preDepartureInspections.id, inspectionDate: preDepartureInspections.inspectionDate });
  return row!;
}

export async function insertEndOfShift(
  db: Db,
  values: Common & {
    inspectionDate: Date;
    responses: InspectionAnswer[];
    overallStatus: OverallStatus;
    notes: string | null;
    bodyDamageFound: 0 | 1;
    bodyDamageDetails: string | null;
    interiorDamageFound: 0 | 1;
    interiorDamageDetails: string | null;
    busClean: 0 | 1;
    clearOfBus: 'confirmed' | 'not_applicable';
  },
) {
  const [row] = await db
    .insert(endOfShiftInspections)
    .values({
      ...values,
      responses: values.responses.map((r) => ({
        questionId: r.questionId,
        passed: r.passed,
        notes: r.notes ?? null,
      })),
    })
    .returning({ id: endOfShiftInspections.id, recordedAt: endOfShiftInspections.createdAt });
  return row!;
}

/** Whether the driver holds a slot on a school customer's job that day (not cancelled). */
export async function servesSchoolJob(db: Db, driverId: string, serviceDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobVehicles)
    .innerJoin(jobs, eq(jobs.id, jobVehicles.jobId))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobVehicles.driverId, driverId),
        eq(jobs.serviceDate, serviceDate),
        eq(customers.companyType, 'school'),
        ne(jobs.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the driver holds a slot on any job that day (not cancelled): the shift carried passengers
 * for someone, so its clock-out needs the end-of-shift inspection (ADR 27).
 */
export async function carriesJob(db: Db, driverId: string, serviceDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobVehicles)
    .innerJoin(jobs, eq(jobs.id, jobVehicles.jobId))
    .where(
      and(
        eq(jobVehicles.driverId, driverId),
        eq(jobs.serviceDate, serviceDate),
        ne(jobs.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether an end-of-shift inspection of the shift is on record. */
export async function hasEndOfShift(db: Db, shiftId: string): Promise<boolean> {
  return (await db.$count(endOfShiftInspections, eq(endOfShiftInspections.shiftId, shiftId))) > 0;
}

/**
 * What a new reading on the vehicle is checked against (ADR 27): its latest reading at or before
 * `at` (the vehicle's row is locked first, so two fills at once are checked one after the other) and
 * its tank size.
 */
export async function fuelBaseline(db: Db, vehicleId: string, at: Date, lock = true) {
  const query = db
    .select({ tankCapacityLitres: vehicles.tankCapacityLitres })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  const [vehicle] = await (lock ? query.for('update') : query);
  const [previous] = await db
    .select({ odometerReading: fuelLogs.odometerReading, fuelDate: fuelLogs.fuelDate })
    .from(fuelLogs)
    .where(and(eq(fuelLogs.vehicleId, vehicleId), lte(fuelLogs.fuelDate, at)))
    .orderBy(desc(fuelLogs.fuelDate), desc(fuelLogs.createdAt))
    .limit(1);
  return { previous: previous ?? null, tankCapacityLitres: vehicle?.tankCapacityLitres ?? null };
}

export async function insertFuelLog(
  db: Db,
  values: Common & {
    fuelDate: Date;
    odometerReading: number;
    litersAdded: number;
    fuelType: string;
    location: string | null;
    notes: string | null;
    plausibilityFlags: string[];
    confirmReason: string | null;
  },
) {
  const [row] = await db
    .insert(fuelLogs)
    .values(values)
    .returning({ id: fuelLogs.id, recordedAt: fuelLogs.createdAt });
  return row!;
}

export async function insertEmergencyAlert(
  db: Db,
  values: Omit<Common, 'vehicleId'> & {
    vehicleId: string | null;
    emergencyTypeId: string;
    alertDate: Date;
    location: string | null;
    description: string | null;
  },
) {
  const [row] = await db
    .insert(emergencyAlerts)
    .values(values)
    .returning({ id: emergencyAlerts.id, recordedAt: emergencyAlerts.createdAt });
  return row!;
}

export async function insertIncidentReport(
  db: Db,
  values: Common & {
    incidentDate: Date;
    incidentType: string;
    location: string;
    description: string;
    injuriesReported: 0 | 1;
    injuryDetails: string | null;
    witnessDetails: string | null;
    policeNotified: 0 | 1;
    policeReportNumber: string | null;
  },
) {
  const [row] = await db
    .insert(incidentReports)
    .values(values)
    .returning({ id: incidentReports.id, recordedAt: incidentReports.createdAt });
  return row!;
}

export async function activeEmergencyType(db: Db, id: string) {
  const [row] = await db
    .select({ id: emergencyTypes.id, name: emergencyTypes.name, severity: emergencyTypes.severity })
    .from(emergencyTypes)
    .where(and(eq(emergencyTypes.id, id), eq(emergencyTypes.isActive, 1)));
  return row;
}

/** An emergency as the managers' alert shows it. */
export async function getEmergencyAlert(db: Db, id: string) {
  const [row] = await db
    .select({
      id: emergencyAlerts.id,
      status: emergencyAlerts.status,
      alertDate: emergencyAlerts.alertDate,
      location: emergencyAlerts.location,
      description: emergencyAlerts.description,
      typeName: emergencyTypes.name,
      severity: emergencyTypes.severity,
      driverFirstName: users.firstName,
      driverLastName: users.lastName,
      vehicleRego: vehicles.registrationNumber,
      vehicleNickname: vehicles.nickname,
    })
    .from(emergencyAlerts)
    .innerJoin(emergencyTypes, eq(emergencyTypes.id, emergencyAlerts.emergencyTypeId))
    .leftJoin(users, eq(users.id, emergencyAlerts.driverId))
    .leftJoin(vehicles, eq(vehicles.id, emergencyAlerts.vehicleId))
    .where(eq(emergencyAlerts.id, id));
  return row;
}

// ---- how many forms refer to a record of another module (its delete rule asks, via record-links.ts)

/** Forms of any kind written for the vehicle. */
export async function countFormsOfVehicle(db: Db, vehicleId: string): Promise<number> {
  let forms = 0;
  forms += await db.$count(preDepartureInspections, eq(preDepartureInspections.vehicleId, vehicleId));
  forms += await db.$count(endOfShiftInspections, eq(endOfShiftInspections.vehicleId, vehicleId));
  forms += await db.$count(fuelLogs, eq(fuelLogs.vehicleId, vehicleId));
  forms += await db.$count(emergencyAlerts, eq(emergencyAlerts.vehicleId, vehicleId));
  forms += await db.$count(incidentReports, eq(incidentReports.vehicleId, vehicleId));
  return forms;
}

/** Alerts raised with the emergency type (0 or 1: whether any was). */
export async function countAlertsOfType(db: Db, emergencyTypeId: string): Promise<number> {
  const [row] = await db
    .select({ id: emergencyAlerts.id })
    .from(emergencyAlerts)
    .where(eq(emergencyAlerts.emergencyTypeId, emergencyTypeId))
    .limit(1);
  return row ? 1 : 0;
}

/** Inspections that answered the question (0 or 1: whether any did). */
export async function countInspectionsAnswering(db: Db, questionId: string): Promise<number> {
  const probe = JSON.stringify([{ questionId }]);
  const [pre] = await db
    .select({ id: preDepartureInspections.id })
    .from(preDepartureInspections)
    .where(sql`${preDepartureInspections.responses} @> ${probe}::jsonb`)
    .limit(1);
  if (pre) return 1;
  const [end] = await db
    .select({ id: endOfShiftInspections.id })
    .from(endOfShiftInspections)
    .where(sql`${endOfShiftInspections.responses} @> ${probe}::jsonb`)
    .limit(1);
  return end ? 1 : 0;
}

// ---- the review of incidents and emergencies (Reports: a manager's workflow on the drivers' forms)

export async function lockIncident(db: Db, id: string) {
  const [row] = await db
    .select({ status: incidentReports.status, reviewNotes: incidentReports.reviewNotes })
    .from(incidentReports)
    .where(eq(incidentReports.id, id))
    .for('update');
  return row;
}

export async function reviewIncident(
  db: Db,
  id: string,
  values: { status: string; reviewedBy: string; reviewedAt: Date; reviewNotes: string | null },
) {
  await db
    .update(incidentReports)
    .set({ ...values, updatedAt: values.reviewedAt })
    .where(eq(incidentReports.id, id));
}

const INSPECTION_TABLES = {
  pre_departure: preDepartureInspections,
  end_of_shift: endOfShiftInspections,
} as const;

/** An inspection's review state, locked for the review's transaction (ADR 27). */
export async function lockInspection(db: Db, kind: InspectionKind, id: string) {
  const t = INSPECTION_TABLES[kind];
  const [row] = await db
    .select({ status: t.reviewStatus, reviewNotes: t.reviewNotes })
    .from(t)
    .where(eq(t.id, id))
    .for('update');
  return row;
}

export async function reviewInspection(
  db: Db,
  kind: InspectionKind,
  id: string,
  values: { status: string; reviewedBy: string; reviewedAt: Date; reviewNotes: string | null },
) {
  const t = INSPECTION_TABLES[kind];
  await db
    .update(t)
    .set({
      reviewStatus: values.status,
      reviewedBy: values.reviewedBy,
      reviewedAt: values.reviewedAt,
      reviewNotes: values.reviewNotes,
    })
    .where(eq(t.id, id));
}

export async function lockEmergency(db: Db, id: string) {
  const [row] = await db
    .select({ status: emergencyAlerts.status })
    .from(emergencyAlerts)
    .where(eq(emergencyAlerts.id, id))
    .for('update');
  return row;
}

export async function resolveEmergency(
  db: Db,
  id: string,
  values: { resolvedBy: string; resolvedAt: Date; resolutionNotes: string | null },
) {
  await db
    .update(emergencyAlerts)
    .set({ ...values, status: 'resolved', updatedAt: values.resolvedAt })
    .where(eq(emergencyAlerts.id, id));
}

/** The driver's name and the vehicle's label, for what managers are told (ADR 28). */
export async function namesOf(db: Db, driverId: string, vehicleId: string | null) {
  const [driver] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, driverId));
  const [vehicle] = vehicleId
    ? await db
        .select({ rego: vehicles.registrationNumber, nickname: vehicles.nickname })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
    : [];
  return {
    driver: [driver?.firstName, driver?.lastName].filter(Boolean).join(' ') || 'A driver',
    vehicle: vehicle ? [vehicle.rego, vehicle.nickname].filter(Boolean).join(' · ') || 'a vehicle' : null,
  };
}

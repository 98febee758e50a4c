import type { InspectionAnswer, InspectionKind, OverallStatus } from '@dms/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
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

export async function insertFuelLog(
  db: Db,
  values: Common & {
    fuelDate: Date;
    odometerReading: number;
    litersAdded: number;
    fuelType: string;
    location: string | null;
    notes: string | null;
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

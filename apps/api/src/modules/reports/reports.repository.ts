import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  emergencyAlerts,
  emergencyTypes,
  endOfShiftInspections,
  fuelLogs,
  type InspectionResponse,
  incidentReports,
  inspectionTemplateQuestions,
  preDepartureInspections,
  shifts,
  users,
  vehicles,
} from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

// The drivers' forms as the office reads them (spec 2 §2.6, §7.4): one page at a time, newest first,
// within dates of the operator's calendar. Every list reads its page and its count in two queries
// plus, for inspections, one for the question texts.

export interface FormFilter {
  /** Dates of the operator's calendar (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  timeZone: string;
  /** Matches the driver's name. */
  search?: string;
  status?: string;
  limit: number;
  offset: number;
  /** Keyset paging for exports: rows strictly older than this (date, id). */
  before?: { at: Date; id: string };
  /** The inspections' answers too (the CSV export); the list leaves them to the detail (ADR 37). */
  withAnswers?: boolean;
}

/** The answers column, or an empty list where the page does not carry them. */
function answersOf(column: AnyPgColumn, filter: FormFilter) {
  return filter.withAnswers
    ? sql<InspectionResponse[]>`${column}`.mapWith(
        (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as InspectionResponse[],
      )
    : sql<InspectionResponse[]>`'[]'::jsonb`;
}

const reviewer = alias(users, 'reviewer');

/** The defect a form raised, with who cleared it (one per failed form). */
const defectOf = (
  column: 'pre_departure_inspection_id' | 'end_of_shift_inspection_id',
  formId: AnyPgColumn,
) =>
  sql<StoredDefect | string | null>`(
    select jsonb_build_object(
      'id', d.id, 'clearedAt', d.cleared_at, 'repairNote', d.repair_note,
      'clearedByName', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
    )
    from vehicle_defects d
    left join users u on u.id = d.cleared_by
    where d.${sql.raw(column)} = ${formId}
    order by d.reported_at
    limit 1
  )`;

export interface StoredDefect {
  id: string;
  clearedAt: string | null;
  repairNote: string | null;
  clearedByName: string | null;
}

const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), '')`;
const driverName = fullName(users);
const vehicleName = sql<
  string | null
>`nullif(concat_ws(' · ', ${vehicles.registrationNumber}, ${vehicles.nickname}), '')`;

function window(dateColumn: AnyPgColumn, idColumn: AnyPgColumn, filter: FormFilter): SQL[] {
  const conditions: SQL[] = [];
  // The operator's day: midnight to midnight in APP_TIMEZONE.
  if (filter.from)
    conditions.push(sql`${dateColumn} >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`);
  if (filter.to)
    conditions.push(sql`${dateColumn} < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(driverName, pattern))!,
    );
  }
  if (filter.before) {
    conditions.push(
      or(
        lt(dateColumn, filter.before.at),
        and(eq(dateColumn, filter.before.at), lt(idColumn, filter.before.id)),
      )!,
    );
  }
  return conditions;
}

async function page<R>(
  rows: Promise<R[]>,
  count: Promise<{ n: number }[]>,
): Promise<{ items: R[]; total: number }> {
  const [items, [c]] = await Promise.all([rows, count]);
  return { items, total: Number(c?.n ?? 0) };
}

const countAll = sql<number>`count(*)::int`;

/** One inspection's answers, or undefined when there is no such inspection. */
export async function inspectionAnswers(
  db: Db,
  kind: 'pre_departure' | 'end_of_shift',
  id: string,
): Promise<InspectionResponse[] | undefined> {
  const t = kind === 'pre_departure' ? preDepartureInspections : endOfShiftInspections;
  const [row] = await db.select({ responses: t.responses }).from(t).where(eq(t.id, id));
  return row?.responses;
}

/** The questions' texts for a page of inspections (answers keep only the question's id). */
export async function questionTexts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { question: string; category: string }>();
  const rows = await db
    .select({
      id: inspectionTemplateQuestions.id,
      question: inspectionTemplateQuestions.question,
      category: inspectionTemplateQuestions.category,
    })
    .from(inspectionTemplateQuestions)
    .where(inArray(inspectionTemplateQuestions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { question: r.question, category: r.category }]));
}

export async function listPreDeparture(db: Db, filter: FormFilter) {
  const t = preDepartureInspections;
  const conditions = window(t.inspectionDate, t.id, filter);
  if (filter.status) conditions.push(eq(t.overallStatus, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return page(
    db
      .select({
        id: t.id,
        at: t.inspectionDate,
        driverId: t.driverId,
        driverName,
        vehicle: vehicleName,
        overallStatus: t.overallStatus,
        damageReported: t.damageReported,
        notes: t.notes,
        responses: answersOf(t.responses, filter),
        reviewStatus: t.reviewStatus,
        reviewedByName: fullName(reviewer),
        reviewedAt: t.reviewedAt,
        reviewNotes: t.reviewNotes,
        defect: defectOf('pre_departure_inspection_id', t.id),
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.driverId))
      .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
      .leftJoin(reviewer, eq(reviewer.id, t.reviewedBy))
      .where(where)
      .orderBy(desc(t.inspectionDate), desc(t.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(t).leftJoin(users, eq(users.id, t.driverId)).where(where),
  );
}

export async function listEndOfShift(db: Db, filter: FormFilter) {
  const t = endOfShiftInspections;
  const conditions = window(t.inspectionDate, t.id, filter);
  if (filter.status) conditions.push(eq(t.overallStatus, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return page(
    db
      .select({
        id: t.id,
        at: t.inspectionDate,
        driverId: t.driverId,
        driverName,
        vehicle: vehicleName,
        overallStatus: t.overallStatus,
        bodyDamageFound: t.bodyDamageFound,
        bodyDamageDetails: t.bodyDamageDetails,
        interiorDamageFound: t.interiorDamageFound,
        interiorDamageDetails: t.interiorDamageDetails,
        busClean: t.busClean,
        clearOfBus: t.clearOfBus,
        notes: t.notes,
        responses: answersOf(t.responses, filter),
        reviewStatus: t.reviewStatus,
        reviewedByName: fullName(reviewer),
        reviewedAt: t.reviewedAt,
        reviewNotes: t.reviewNotes,
        defect: defectOf('end_of_shift_inspection_id', t.id),
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.driverId))
      .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
      .leftJoin(reviewer, eq(reviewer.id, t.reviewedBy))
      .where(where)
      .orderBy(desc(t.inspectionDate), desc(t.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(t).leftJoin(users, eq(users.id, t.driverId)).where(where),
  );
}

export async function listFuelLogs(db: Db, filter: FormFilter) {
  const t = fuelLogs;
  const conditions = window(t.fuelDate, t.id, filter);
  const where = conditions.length ? and(...conditions) : undefined;
  return page(
    db
      .select({
        id: t.id,
        at: t.fuelDate,
        driverId: t.driverId,
        driverName,
        vehicle: vehicleName,
        odometerReading: t.odometerReading,
        litersAdded: t.litersAdded,
        fuelType: t.fuelType,
        location: t.location,
        notes: t.notes,
        plausibilityFlags: t.plausibilityFlags,
        confirmReason: t.confirmReason,
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.driverId))
      .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
      .where(where)
      .orderBy(desc(t.fuelDate), desc(t.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(t).leftJoin(users, eq(users.id, t.driverId)).where(where),
  );
}

export async function listEmergencies(db: Db, filter: FormFilter) {
  const t = emergencyAlerts;
  const conditions = window(t.alertDate, t.id, filter);
  if (filter.status) conditions.push(eq(t.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return page(
    db
      .select({
        id: t.id,
        at: t.alertDate,
        driverId: t.driverId,
        driverName,
        vehicle: vehicleName,
        typeName: emergencyTypes.name,
        severity: emergencyTypes.severity,
        location: t.location,
        description: t.description,
        status: t.status,
        resolvedAt: t.resolvedAt,
        resolvedByName: fullName(reviewer),
        resolutionNotes: t.resolutionNotes,
      })
      .from(t)
      .innerJoin(emergencyTypes, eq(emergencyTypes.id, t.emergencyTypeId))
      .leftJoin(users, eq(users.id, t.driverId))
      .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
      .leftJoin(reviewer, eq(reviewer.id, t.resolvedBy))
      .where(where)
      .orderBy(desc(t.alertDate), desc(t.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(t).leftJoin(users, eq(users.id, t.driverId)).where(where),
  );
}

export async function listIncidents(db: Db, filter: FormFilter) {
  const t = incidentReports;
  const conditions = window(t.incidentDate, t.id, filter);
  if (filter.status) conditions.push(eq(t.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return page(
    db
      .select({
        id: t.id,
        at: t.incidentDate,
        driverId: t.driverId,
        driverName,
        vehicle: vehicleName,
        incidentType: t.incidentType,
        location: t.location,
        description: t.description,
        injuriesReported: t.injuriesReported,
        injuryDetails: t.injuryDetails,
        witnessDetails: t.witnessDetails,
        policeNotified: t.policeNotified,
        policeReportNumber: t.policeReportNumber,
        status: t.status,
        reviewedByName: fullName(reviewer),
        reviewedAt: t.reviewedAt,
        reviewNotes: t.reviewNotes,
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.driverId))
      .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
      .leftJoin(reviewer, eq(reviewer.id, t.reviewedBy))
      .where(where)
      .orderBy(desc(t.incidentDate), desc(t.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(t).leftJoin(users, eq(users.id, t.driverId)).where(where),
  );
}

// ---- review

// ---- shifts ended without their end-of-shift inspection (ADR 27)

/** Shifts marked skipped, newest first, ended within the operator's dates; searched by driver. */
export async function listSkippedEndOfShift(db: Db, filter: FormFilter) {
  const conditions = window(shifts.endTime, shifts.id, filter);
  conditions.push(eq(shifts.endOfShiftSkipped, true));
  const where = and(...conditions);
  return page(
    db
      .select({
        id: shifts.id,
        driverId: shifts.driverId,
        driverName,
        vehicle: vehicleName,
        startTime: shifts.startTime,
        endTime: shifts.endTime,
      })
      .from(shifts)
      .leftJoin(users, eq(users.id, shifts.driverId))
      .leftJoin(vehicles, eq(vehicles.id, shifts.vehicleId))
      .where(where)
      .orderBy(desc(shifts.endTime), desc(shifts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: countAll }).from(shifts).leftJoin(users, eq(users.id, shifts.driverId)).where(where),
  );
}

import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import { boundedCountQuery, pageWithBoundedTotal } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { preparedPerShape, shapeKey } from '../../db/prepared';
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
// within dates of the operator's calendar. Every list reads its page, then, when the page is full, its
// count bounded past the page (ADR 42), through statements prepared by name for each shape of filter;
// the question texts of inspections are read for the page's detail.

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

const placeholder = (name: keyof ReturnType<typeof valuesOf>) => sql.placeholder(name);

/** Which parts of a filter are set: the key of a list's prepared statements. */
function shapeOf(filter: FormFilter): string {
  return shapeKey({
    from: filter.from,
    to: filter.to,
    search: filter.search,
    status: filter.status,
    before: filter.before,
    answers: filter.withAnswers,
  });
}

/** A filter's values, for the placeholders of its statements. */
function valuesOf(filter: FormFilter) {
  return {
    from: filter.from,
    to: filter.to,
    timeZone: filter.timeZone,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    status: filter.status,
    beforeAt: filter.before?.at,
    beforeId: filter.before?.id,
    limit: filter.limit,
    offset: filter.offset,
  };
}

/** The filter as SQL whose values are placeholders: one text per shape of filter. */
function whereOf(
  dateColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  filter: FormFilter,
  more: (SQL | undefined)[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...more];
  // The operator's day: midnight to midnight in APP_TIMEZONE.
  if (filter.from)
    conditions.push(
      sql`${dateColumn} >= (${placeholder('from')}::date)::timestamp at time zone ${placeholder('timeZone')}`,
    );
  if (filter.to)
    conditions.push(
      sql`${dateColumn} < (${placeholder('to')}::date + 1)::timestamp at time zone ${placeholder('timeZone')}`,
    );
  if (filter.search) {
    const pattern = placeholder('pattern');
    conditions.push(
      or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(driverName, pattern)),
    );
  }
  if (filter.before) {
    conditions.push(
      or(
        lt(dateColumn, placeholder('beforeAt')),
        and(eq(dateColumn, placeholder('beforeAt')), lt(idColumn, placeholder('beforeId'))),
      ),
    );
  }
  return and(...conditions);
}

/** The bounded count of a list's matches (ADR 42); the driver is joined only when searched by. */
function countOf(db: Db, table: PgTable, driverId: AnyPgColumn, where: SQL | undefined, filter: FormFilter) {
  const from = db.select({ one: sql`1` }).from(table);
  const joined = filter.search ? from.leftJoin(users, eq(users.id, driverId)) : from;
  return boundedCountQuery(db, joined.where(where).limit(sql.placeholder('countTo')).as('matches'));
}

interface FormStatements<R> {
  page: { execute: (values: Record<string, unknown>) => Promise<R[]> };
  count: { execute: (values: Record<string, unknown>) => Promise<{ n: number }[]> };
}

/** One page of a list through its prepared statements, with its total counted only when needed. */
function formPage<R>(statements: FormStatements<R>, filter: FormFilter) {
  const values = valuesOf(filter);
  return pageWithBoundedTotal(
    filter,
    () => statements.page.execute(values),
    async (countTo) => Number((await statements.count.execute({ ...values, countTo }))[0]?.n ?? 0),
  );
}

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

const preDepartureStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const t = preDepartureInspections;
  const where = whereOf(t.inspectionDate, t.id, filter, [
    filter.status ? eq(t.overallStatus, placeholder('status')) : undefined,
  ]);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_pre_departure')),
    count: countOf(db, t, t.driverId, where, filter).prepare(name('report_pre_departure_count')),
  };
});

export const listPreDeparture = (db: Db, filter: FormFilter) =>
  formPage(preDepartureStatements(db, filter), filter);

const endOfShiftStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const t = endOfShiftInspections;
  const where = whereOf(t.inspectionDate, t.id, filter, [
    filter.status ? eq(t.overallStatus, placeholder('status')) : undefined,
  ]);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_end_of_shift')),
    count: countOf(db, t, t.driverId, where, filter).prepare(name('report_end_of_shift_count')),
  };
});

export const listEndOfShift = (db: Db, filter: FormFilter) =>
  formPage(endOfShiftStatements(db, filter), filter);

const fuelLogsStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const t = fuelLogs;
  const where = whereOf(t.fuelDate, t.id, filter);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_fuel_logs')),
    count: countOf(db, t, t.driverId, where, filter).prepare(name('report_fuel_logs_count')),
  };
});

export const listFuelLogs = (db: Db, filter: FormFilter) => formPage(fuelLogsStatements(db, filter), filter);

const emergenciesStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const t = emergencyAlerts;
  const where = whereOf(t.alertDate, t.id, filter, [
    filter.status ? eq(t.status, placeholder('status')) : undefined,
  ]);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_emergencies')),
    count: countOf(db, t, t.driverId, where, filter).prepare(name('report_emergencies_count')),
  };
});

export const listEmergencies = (db: Db, filter: FormFilter) =>
  formPage(emergenciesStatements(db, filter), filter);

const incidentsStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const t = incidentReports;
  const where = whereOf(t.incidentDate, t.id, filter, [
    filter.status ? eq(t.status, placeholder('status')) : undefined,
  ]);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_incidents')),
    count: countOf(db, t, t.driverId, where, filter).prepare(name('report_incidents_count')),
  };
});

export const listIncidents = (db: Db, filter: FormFilter) =>
  formPage(incidentsStatements(db, filter), filter);

// ---- review

// ---- shifts ended without their end-of-shift inspection (ADR 27)

/** Shifts marked skipped, newest first, ended within the operator's dates; searched by driver. */
const skippedEndOfShiftStatements = preparedPerShape(shapeOf, (db, filter: FormFilter, name) => {
  const where = whereOf(shifts.endTime, shifts.id, filter, [eq(shifts.endOfShiftSkipped, true)]);
  return {
    page: db
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
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('report_skipped_end_of_shift')),
    count: countOf(db, shifts, shifts.driverId, where, filter).prepare(
      name('report_skipped_end_of_shift_count'),
    ),
  };
});

export const listSkippedEndOfShift = (db: Db, filter: FormFilter) =>
  formPage(skippedEndOfShiftStatements(db, filter), filter);

import type { DocumentType, DriverComplianceValues, VehicleComplianceValues } from '@dms/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  complianceDigestSends,
  complianceDocumentTypes,
  complianceRecordVersions,
  driverCompliance,
  driverDocuments,
  fuelLogs,
  users,
  vehicleCategoriesNew,
  vehicleCompliance,
  vehicleServices,
  vehicles,
} from '../../db/schema';

// The compliance tables (ADR 33). Reads that join vehicles, categories, users and fuel logs are read
// models (ADR 25): they show names and the odometer, and never write those tables.

/**
 * How many compliance records name a vehicle: its record in force and its services. A vehicle with
 * any is deactivated rather than deleted (ADR 25's usage registry), since records are never deleted.
 */
export async function countComplianceRecordsOfVehicle(db: Db, vehicleId: string): Promise<number> {
  // One after the other: `db` is the delete's transaction, one connection (no overlapping queries).
  const records = await db.$count(vehicleCompliance, eq(vehicleCompliance.vehicleId, vehicleId));
  return records + (await db.$count(vehicleServices, eq(vehicleServices.vehicleId, vehicleId)));
}

const personName = (first: typeof users.firstName, last: typeof users.lastName, email: typeof users.email) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${first}, ${last})), ''), ${email})`;

/** 'MO 4105', else the nickname, else 'Vehicle'. */
export const vehicleLabel = sql<string>`coalesce(nullif(${vehicles.registrationNumber}, ''), nullif(${vehicles.nickname}, ''), 'Vehicle')`;

const vehicleLabelRaw = sql.raw(
  `coalesce(nullif(v.registration_number, ''), nullif(v.nickname, ''), 'Vehicle')`,
);

export async function getVehicleHeader(db: Db, vehicleId: string) {
  const [row] = await db
    .select({
      id: vehicles.id,
      name: vehicleLabel,
      categoryName: vehicleCategoriesNew.name,
      requiredLicenceClass: vehicleCategoriesNew.requiredLicenceClass,
    })
    .from(vehicles)
    .leftJoin(vehicleCategoriesNew, eq(vehicleCategoriesNew.id, vehicles.categoryId))
    .where(eq(vehicles.id, vehicleId));
  return row;
}

/** The latest fuel-log odometer reading of the vehicle (km), or null before any. */
export async function currentOdometer(db: Db, vehicleId: string): Promise<number | null> {
  const [row] = await db
    .select({ odometer: fuelLogs.odometerReading })
    .from(fuelLogs)
    .where(eq(fuelLogs.vehicleId, vehicleId))
    .orderBy(desc(fuelLogs.fuelDate), desc(fuelLogs.createdAt))
    .limit(1);
  return row?.odometer ?? null;
}

export async function getVehicleComplianceRow(db: Db, vehicleId: string) {
  const [row] = await db
    .select({
      record: vehicleCompliance,
      updatedByName: personName(users.firstName, users.lastName, users.email),
    })
    .from(vehicleCompliance)
    .leftJoin(users, eq(users.id, vehicleCompliance.updatedBy))
    .where(eq(vehicleCompliance.vehicleId, vehicleId));
  return row;
}

/** Serialises saves of one vehicle's record (a PUT and a service at once). */
export async function lockVehicle(db: Db, vehicleId: string): Promise<boolean> {
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for('update');
  return rows.length > 0;
}

export async function upsertVehicleCompliance(
  db: Db,
  vehicleId: string,
  values: Partial<VehicleComplianceValues>,
  userId: string | null,
) {
  const [row] = await db
    .insert(vehicleCompliance)
    .values({ vehicleId, ...values, updatedBy: userId })
    .onConflictDoUpdate({
      target: vehicleCompliance.vehicleId,
      set: { ...values, updatedBy: userId, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function listServices(db: Db, vehicleId: string, limit: number) {
  return db
    .select({
      id: vehicleServices.id,
      date: vehicleServices.serviceDate,
      odometer: vehicleServices.odometer,
      workDone: vehicleServices.workDone,
      cost: vehicleServices.cost,
      recordedByName: sql<
        string | null
      >`case when ${users.id} is null then null else ${personName(users.firstName, users.lastName, users.email)} end`,
      createdAt: vehicleServices.createdAt,
    })
    .from(vehicleServices)
    .leftJoin(users, eq(users.id, vehicleServices.createdBy))
    .where(eq(vehicleServices.vehicleId, vehicleId))
    .orderBy(desc(vehicleServices.serviceDate), desc(vehicleServices.createdAt))
    .limit(limit);
}

export async function insertService(
  db: Db,
  values: {
    vehicleId: string;
    serviceDate: string;
    odometer: number;
    workDone: string;
    cost: number | null;
    createdBy: string | null;
  },
) {
  const [row] = await db.insert(vehicleServices).values(values).returning({ id: vehicleServices.id });
  return row!.id;
}

export async function getDriverComplianceRow(db: Db, driverId: string) {
  const [row] = await db
    .select({
      record: driverCompliance,
      updatedByName: personName(users.firstName, users.lastName, users.email),
    })
    .from(driverCompliance)
    .leftJoin(users, eq(users.id, driverCompliance.updatedBy))
    .where(eq(driverCompliance.driverId, driverId));
  return row;
}

export async function upsertDriverCompliance(
  db: Db,
  driverId: string,
  values: Omit<DriverComplianceValues, 'documents'>,
  userId: string | null,
) {
  const [row] = await db
    .insert(driverCompliance)
    .values({ driverId, ...values, updatedBy: userId })
    .onConflictDoUpdate({
      target: driverCompliance.driverId,
      set: { ...values, updatedBy: userId, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** The driver's documents, with every active type listed (unrecorded ones with nulls). */
export async function listDriverDocuments(db: Db, driverId: string) {
  return db
    .select({
      typeId: complianceDocumentTypes.id,
      typeName: complianceDocumentTypes.name,
      expires: complianceDocumentTypes.expires,
      requiredForSchoolWork: complianceDocumentTypes.requiredForSchoolWork,
      number: driverDocuments.number,
      expiry: driverDocuments.expiry,
    })
    .from(complianceDocumentTypes)
    .leftJoin(
      driverDocuments,
      and(eq(driverDocuments.typeId, complianceDocumentTypes.id), eq(driverDocuments.driverId, driverId)),
    )
    .where(sql`${complianceDocumentTypes.isActive} or ${driverDocuments.driverId} is not null`)
    .orderBy(asc(sql`lower(${complianceDocumentTypes.name})`));
}

/** Replaces the driver's documents with these (the version row keeps what they were). */
export async function replaceDriverDocuments(
  db: Db,
  driverId: string,
  documents: { typeId: string; number: string | null; expiry: string | null }[],
) {
  await db.delete(driverDocuments).where(eq(driverDocuments.driverId, driverId));
  if (documents.length) await db.insert(driverDocuments).values(documents.map((d) => ({ driverId, ...d })));
}

export async function insertVersion(
  db: Db,
  values: {
    subjectType: 'vehicle' | 'driver';
    subjectId: string;
    change: string;
    record: Record<string, unknown>;
    changedBy: string | null;
  },
) {
  await db.insert(complianceRecordVersions).values(values);
}

export async function listVersions(
  db: Db,
  subjectType: 'vehicle' | 'driver',
  subjectId: string,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(complianceRecordVersions.subjectType, subjectType),
    eq(complianceRecordVersions.subjectId, subjectId),
  );
  const items = await db
    .select({
      id: complianceRecordVersions.id,
      changedAt: complianceRecordVersions.changedAt,
      changedByName: sql<
        string | null
      >`case when ${users.id} is null then null else ${personName(users.firstName, users.lastName, users.email)} end`,
      change: complianceRecordVersions.change,
      record: complianceRecordVersions.record,
    })
    .from(complianceRecordVersions)
    .leftJoin(users, eq(users.id, complianceRecordVersions.changedBy))
    .where(where)
    .orderBy(desc(complianceRecordVersions.changedAt), desc(complianceRecordVersions.id))
    .limit(limit)
    .offset(offset);
  return { items, total: await db.$count(complianceRecordVersions, where) };
}

// Document types

const typeColumns = {
  id: complianceDocumentTypes.id,
  name: complianceDocumentTypes.name,
  expires: complianceDocumentTypes.expires,
  requiredForSchoolWork: complianceDocumentTypes.requiredForSchoolWork,
  isActive: complianceDocumentTypes.isActive,
};

/** A short list an operator keeps (a handful of types): answered whole. */
export async function listDocumentTypes(db: Db): Promise<DocumentType[]> {
  return db
    .select(typeColumns)
    .from(complianceDocumentTypes)
    .orderBy(desc(complianceDocumentTypes.isActive), asc(sql`lower(${complianceDocumentTypes.name})`))
    .limit(200);
}

export async function getDocumentType(db: Db, id: string): Promise<DocumentType | undefined> {
  const [row] = await db
    .select(typeColumns)
    .from(complianceDocumentTypes)
    .where(eq(complianceDocumentTypes.id, id));
  return row;
}

export async function findDocumentTypes(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select(typeColumns).from(complianceDocumentTypes).where(inArray(complianceDocumentTypes.id, ids));
}

export async function findDocumentTypeIdByName(db: Db, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: complianceDocumentTypes.id })
    .from(complianceDocumentTypes)
    .where(sql`lower(${complianceDocumentTypes.name}) = lower(${name})`);
  return rows.find((r) => r.id !== exceptId)?.id;
}

export async function insertDocumentType(db: Db, values: Omit<DocumentType, 'id'>) {
  const [row] = await db.insert(complianceDocumentTypes).values(values).returning(typeColumns);
  return row!;
}

export async function updateDocumentType(db: Db, id: string, values: Omit<DocumentType, 'id'>) {
  const [row] = await db
    .update(complianceDocumentTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(complianceDocumentTypes.id, id))
    .returning(typeColumns);
  return row;
}

// The due list (a read model over vehicles, users, categories and fuel logs)

export interface DueRow {
  subject: 'vehicle' | 'driver';
  subjectId: string;
  subjectName: string;
  kind: string;
  label: string;
  dueDate: string | null;
}

// The due list is read on each open of the compliance page and each change of its filters: its two
// statements are built and planned once a database, the filters going in as placeholders, null when
// unset (ADR 42, bench/NOTES.md §22).

const datedRecordsDue = preparedPerDatabase((db) =>
  db
    .select({
      subject: sql<'vehicle' | 'driver'>`subject`,
      subjectId: sql<string>`subject_id`,
      subjectName: sql<string>`subject_name`,
      kind: sql<string>`kind`,
      label: sql<string>`label`,
      dueDate: sql<string>`to_char(due_date, 'YYYY-MM-DD')`,
    })
    .from(sql`(
      select 'vehicle' as subject, v.id as subject_id, ${vehicleLabelRaw} as subject_name, k.kind, k.label, k.due_date
        from ${vehicleCompliance} c
        join ${vehicles} v on v.id = c.vehicle_id and v.is_active = 1
        cross join lateral (values
          ('registration', 'Registration', c.registration_expiry),
          ('insurance', 'Insurance', c.insurance_expiry),
          ('inspection', 'Safety inspection', coalesce(c.inspection_due,
            case when c.last_inspection_date is not null and c.inspection_interval_months is not null
              then (c.last_inspection_date + make_interval(months => c.inspection_interval_months))::date end))
        ) as k(kind, label, due_date)
      union all
      select 'driver', u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email), k.kind, k.label, k.due_date
        from ${driverCompliance} c
        join ${users} u on u.id = c.driver_id and u.is_active = 1
        cross join lateral (values
          ('licence', 'Licence', c.licence_expiry),
          ('medical', 'Medical certificate', c.medical_expiry),
          ('children_check', 'Working with children check', c.children_check_expiry)
        ) as k(kind, label, due_date)
      union all
      select 'driver', u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email), 'document', t.name, d.expiry
        from ${driverDocuments} d
        join ${complianceDocumentTypes} t on t.id = d.type_id and t.expires
        join ${users} u on u.id = d.driver_id and u.is_active = 1
    ) as records`)
    .where(sql`due_date is not null and due_date <= ${sql.placeholder('horizon')}::date
       and (${sql.placeholder('subject')}::text is null or subject = ${sql.placeholder('subject')}::text)
       and (${sql.placeholder('kind')}::text is null or kind = ${sql.placeholder('kind')}::text)
       and (${sql.placeholder('subjectId')}::text is null or subject_id = ${sql.placeholder('subjectId')}::text)`)
    .prepare('compliance_dated_due'),
);

/**
 * Every dated record of active vehicles and drivers due on or before `horizon` (overdue ones too), in
 * one statement. Bounded by the horizon: at most a year ahead (ComplianceDueQuerySchema).
 */
export function listDatedRecordsDue(
  db: Db,
  horizon: string,
  filter: { subject?: 'vehicle' | 'driver'; kind?: string; subjectId?: string },
): Promise<DueRow[]> {
  return datedRecordsDue(db).execute({
    horizon,
    subject: filter.subject ?? null,
    kind: filter.kind ?? null,
    subjectId: filter.subjectId ?? null,
  });
}

const serviceIntervals = preparedPerDatabase((db) => {
  const latest = db
    .select({ vehicleId: fuelLogs.vehicleId, at: max(fuelLogs.fuelDate).as('at') })
    .from(fuelLogs)
    .groupBy(fuelLogs.vehicleId)
    .as('latest');
  return db
    .select({
      vehicleId: vehicleCompliance.vehicleId,
      name: vehicleLabel,
      serviceIntervalKm: vehicleCompliance.serviceIntervalKm,
      serviceIntervalMonths: vehicleCompliance.serviceIntervalMonths,
      lastServiceDate: vehicleCompliance.lastServiceDate,
      lastServiceOdometer: vehicleCompliance.lastServiceOdometer,
      currentOdometer: sql<
        number | null
      >`(select max(${fuelLogs.odometerReading}) from ${fuelLogs} where ${fuelLogs.vehicleId} = ${vehicleCompliance.vehicleId} and ${fuelLogs.fuelDate} = ${latest.at})`,
    })
    .from(vehicleCompliance)
    .innerJoin(vehicles, and(eq(vehicles.id, vehicleCompliance.vehicleId), eq(vehicles.isActive, 1)))
    .leftJoin(latest, eq(latest.vehicleId, vehicleCompliance.vehicleId))
    .where(
      sql`(${vehicleCompliance.serviceIntervalKm} is not null or ${vehicleCompliance.serviceIntervalMonths} is not null)
        and (${sql.placeholder('subjectId')}::text is null or ${vehicleCompliance.vehicleId} = ${sql.placeholder('subjectId')}::text)`,
    )
    .prepare('compliance_service_intervals');
});

/** Active vehicles with a service interval, with their latest fuel-log odometer (one row per vehicle). */
export function listServiceIntervals(db: Db, subjectId?: string) {
  return serviceIntervals(db).execute({ subjectId: subjectId ?? null });
}

// Deleting a document type: only one no driver ever recorded (ADR 35)

export async function lockDocumentType(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: complianceDocumentTypes.id })
    .from(complianceDocumentTypes)
    .where(eq(complianceDocumentTypes.id, id))
    .for('update');
  return rows.length > 0;
}

/** Drivers holding a document of this type now, and saved versions that name it (kept forever). */
export async function countDocumentTypeUses(db: Db, id: string) {
  // One after the other: `db` is the delete's transaction.
  const drivers = await db.$count(driverDocuments, eq(driverDocuments.typeId, id));
  const versions = await db.$count(
    complianceRecordVersions,
    sql`${complianceRecordVersions.record} -> 'documents' @> ${JSON.stringify([{ typeId: id }])}::jsonb`,
  );
  return { driver: drivers, 'saved record': versions };
}

export async function retireDocumentType(db: Db, id: string): Promise<void> {
  await db
    .update(complianceDocumentTypes)
    .set({ isActive: false, updatedAt: new Date() })
    .where(eq(complianceDocumentTypes.id, id));
}

export async function deleteDocumentType(db: Db, id: string): Promise<void> {
  await db.delete(complianceDocumentTypes).where(eq(complianceDocumentTypes.id, id));
}

/** Claims this week's digest for a manager: false when it was already sent (a second run, another instance). */
export async function claimDigestWeek(db: Db, userId: string, weekStart: string): Promise<boolean> {
  const rows = await db
    .insert(complianceDigestSends)
    .values({ userId, weekStart })
    .onConflictDoNothing()
    .returning({ userId: complianceDigestSends.userId });
  return rows.length > 0;
}

/**
 * Active vehicles whose registration, insurance or safety inspection may have lapsed by `date`: one
 * statement for the board or the terminal. An inspection due from its last date and interval is
 * worked out by the domain rule, so those rows come back for it to judge.
 */
export async function listVehicleRecordsLapsedBy(db: Db, date: string) {
  return db
    .select({ vehicleId: vehicles.id, name: vehicleLabel, record: vehicleCompliance })
    .from(vehicleCompliance)
    .innerJoin(vehicles, eq(vehicles.id, vehicleCompliance.vehicleId))
    .where(
      and(
        eq(vehicles.isActive, 1),
        or(
          lt(vehicleCompliance.registrationExpiry, date),
          lt(vehicleCompliance.insuranceExpiry, date),
          lt(vehicleCompliance.inspectionDue, date),
          and(isNull(vehicleCompliance.inspectionDue), isNotNull(vehicleCompliance.lastInspectionDate)),
        ),
      ),
    );
}

/** Active drivers with a licence, medical, children check or dated document lapsed by `date`. */
export async function listDriverRecordsLapsedBy(db: Db, date: string) {
  const documentLapsed = sql`exists (select 1 from ${driverDocuments} d
    join ${complianceDocumentTypes} t on t.id = d.type_id
    where d.driver_id = ${driverCompliance.driverId} and t.expires and d.expiry < ${date})`;
  const rows = await db
    .select({
      driverId: driverCompliance.driverId,
      name: personName(users.firstName, users.lastName, users.email),
      record: driverCompliance,
    })
    .from(driverCompliance)
    .innerJoin(users, eq(users.id, driverCompliance.driverId))
    .where(
      and(
        eq(users.isActive, 1),
        or(
          lt(driverCompliance.licenceExpiry, date),
          lt(driverCompliance.medicalExpiry, date),
          lt(driverCompliance.childrenCheckExpiry, date),
          documentLapsed,
        ),
      ),
    );
  if (rows.length === 0) return [];
  // One after the other: `db` may be a transaction's single connection.
  const documents = await db
    .select({
      driverId: driverDocuments.driverId,
      typeName: complianceDocumentTypes.name,
      expires: complianceDocumentTypes.expires,
      requiredForSchoolWork: complianceDocumentTypes.requiredForSchoolWork,
      expiry: driverDocuments.expiry,
    })
    .from(driverDocuments)
    .innerJoin(complianceDocumentTypes, eq(complianceDocumentTypes.id, driverDocuments.typeId))
    .where(
      and(
        inArray(
          driverDocuments.driverId,
          rows.map((r) => r.driverId),
        ),
        lt(driverDocuments.expiry, date),
      ),
    );
  return rows.map((r) => ({ ...r, documents: documents.filter((d) => d.driverId === r.driverId) }));
}

import {
  CLOCK_IN_BLOCKING_CODES,
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_MESSAGES,
  type ComplianceDueItem,
  type ComplianceKind,
  type ComplianceLapse,
  type ComplianceLapses,
  type ComplianceProblem,
  classesCoveredBy,
  complianceProblems,
  complianceRuleLabel,
  type DeleteResult,
  type DocumentType,
  type DocumentTypeInputSchema,
  type DriverCompliance,
  type DriverComplianceValues,
  dateInZone,
  daysBetween,
  dueState,
  getLicenceClassSet,
  inspectionDueDate,
  isLicenceClassOf,
  licenceClassMessage,
  type RecordServiceInputSchema,
  serviceStatus,
  type VehicleCompliance,
  type VehicleComplianceValues,
  type VehicleRecord,
} from '@dms/domain';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { deleteOrDeactivate, usageInWords } from '../../lib/delete-or-deactivate';
import { getAppSettings, operatorFormatters } from '../settings';
import { getUserAsDriver } from '../users';
import {
  countDocumentTypeUses,
  currentOdometer,
  deleteDocumentType,
  findDocumentTypeIdByName,
  findDocumentTypes,
  getDocumentType,
  getDriverComplianceRow,
  getVehicleComplianceRow,
  getVehicleHeader,
  insertDocumentType,
  insertService,
  insertVersion,
  listDatedRecordsDue,
  listDriverDocuments,
  listDriverRecordsLapsedBy,
  listServiceIntervals,
  listServices,
  listVehicleRecordsLapsedBy,
  lockDocumentType,
  lockVehicle,
  replaceDriverDocuments,
  retireDocumentType,
  updateDocumentType,
  upsertDriverCompliance,
  upsertVehicleCompliance,
} from './compliance.repository';

// Compliance records (issue 26, ADR 33): every save writes the record in force and appends its whole
// new version, in one transaction.

/** What the Compliance tab and page call "due soon". */
export const DUE_SOON_DAYS = 30;
const SERVICES_SHOWN = 10;

const EMPTY_VEHICLE: VehicleComplianceValues = {
  registrationExpiry: null,
  insuranceExpiry: null,
  inspectionDue: null,
  lastInspectionDate: null,
  inspectionIntervalMonths: null,
  serviceIntervalKm: null,
  serviceIntervalMonths: null,
  lastServiceDate: null,
  lastServiceOdometer: null,
};

function vehicleValues(row: Partial<VehicleComplianceValues> | undefined): VehicleComplianceValues {
  const v = { ...EMPTY_VEHICLE };
  if (!row) return v;
  for (const key of Object.keys(v) as (keyof VehicleComplianceValues)[]) {
    (v as Record<string, unknown>)[key] = row[key] ?? null;
  }
  return v;
}

async function vehicleHeaderOr404(db: Db, vehicleId: string) {
  const header = await getVehicleHeader(db, vehicleId);
  if (!header) throw new HttpError(404, COMPLIANCE_MESSAGES.vehicleNotFound);
  return header;
}

export async function getVehicleCompliance(
  db: Db,
  vehicleId: string,
  today: string,
): Promise<VehicleCompliance> {
  await vehicleHeaderOr404(db, vehicleId);
  const [stored, odometer, services] = await Promise.all([
    getVehicleComplianceRow(db, vehicleId),
    currentOdometer(db, vehicleId),
    listServices(db, vehicleId, SERVICES_SHOWN),
  ]);
  const values = vehicleValues(stored?.record);
  return {
    vehicleId,
    ...values,
    inspectionDueDate: inspectionDueDate(values),
    currentOdometer: odometer,
    service: serviceStatus(values, odometer, today, DUE_SOON_DAYS),
    services: services.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    updatedAt: stored?.record.updatedAt.toISOString() ?? null,
    updatedByName: stored?.record.updatedBy ? stored.updatedByName : null,
  };
}

export function saveVehicleCompliance(
  db: Database,
  vehicleId: string,
  input: VehicleComplianceValues,
  userId: string | null,
) {
  return db.transaction(async (tx) => {
    if (!(await lockVehicle(tx, vehicleId))) throw new HttpError(404, COMPLIANCE_MESSAGES.vehicleNotFound);
    const values = vehicleValues(input);
    await upsertVehicleCompliance(tx, vehicleId, values, userId);
    await insertVersion(tx, {
      subjectType: 'vehicle',
      subjectId: vehicleId,
      change: 'updated',
      record: values,
      changedBy: userId,
    });
  });
}

type ServiceInput = z.output<typeof RecordServiceInputSchema>;

/**
 * A service restarts the interval from its date and odometer; one recorded late (older than the last
 * service) is kept in the history without moving the interval back.
 */
export function recordService(
  db: Database,
  vehicleId: string,
  input: ServiceInput,
  userId: string | null,
  today: string,
) {
  if (input.date > today) {
    throw new HttpError(400, COMPLIANCE_MESSAGES.serviceInFuture, [
      { path: 'date', message: COMPLIANCE_MESSAGES.serviceInFuture },
    ]);
  }
  return db.transaction(async (tx) => {
    if (!(await lockVehicle(tx, vehicleId))) throw new HttpError(404, COMPLIANCE_MESSAGES.vehicleNotFound);
    const id = await insertService(tx, {
      vehicleId,
      serviceDate: input.date,
      odometer: input.odometer,
      workDone: input.workDone,
      cost: input.cost,
      createdBy: userId,
    });
    const current = vehicleValues((await getVehicleComplianceRow(tx, vehicleId))?.record);
    const restarts = !current.lastServiceDate || input.date >= current.lastServiceDate;
    const values = restarts
      ? { ...current, lastServiceDate: input.date, lastServiceOdometer: input.odometer }
      : current;
    await upsertVehicleCompliance(tx, vehicleId, values, userId);
    await insertVersion(tx, {
      subjectType: 'vehicle',
      subjectId: vehicleId,
      change: 'service',
      record: { ...values, service: { id, ...input } },
      changedBy: userId,
    });
    return id;
  });
}

async function driverOr404(db: Db, driverId: string) {
  const driver = await getUserAsDriver(db, driverId);
  if (!driver?.roles.includes('driver')) throw new HttpError(404, COMPLIANCE_MESSAGES.notADriver);
  return driver;
}

const nameOf = (d: { firstName: string | null; lastName: string | null; email: string }) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ').trim() || d.email;

export async function getDriverCompliance(db: Db, driverId: string): Promise<DriverCompliance> {
  const driver = await driverOr404(db, driverId);
  // One after the other: the allocation checks pass their transaction, one connection.
  const stored = await getDriverComplianceRow(db, driverId);
  const documents = await listDriverDocuments(db, driverId);
  const r = stored?.record;
  return {
    driverId,
    driverName: nameOf(driver),
    licenceNumber: r?.licenceNumber ?? null,
    licenceClass: r?.licenceClass ?? null,
    licenceExpiry: r?.licenceExpiry ?? null,
    medicalExpiry: r?.medicalExpiry ?? null,
    childrenCheckNumber: r?.childrenCheckNumber ?? null,
    childrenCheckExpiry: r?.childrenCheckExpiry ?? null,
    documents,
    updatedAt: r?.updatedAt.toISOString() ?? null,
    updatedByName: r?.updatedBy ? (stored?.updatedByName ?? null) : null,
  };
}

export function saveDriverCompliance(
  db: Database,
  driverId: string,
  input: DriverComplianceValues,
  userId: string | null,
) {
  return db.transaction(async (tx) => {
    await driverOr404(tx, driverId);
    const set = getLicenceClassSet((await getAppSettings(tx)).licenceClassSet);
    if (input.licenceClass && !isLicenceClassOf(set, input.licenceClass)) {
      throw new HttpError(400, licenceClassMessage(set), [
        { path: 'licenceClass', message: licenceClassMessage(set) },
      ]);
    }
    const types = new Map(
      (
        await findDocumentTypes(
          tx,
          input.documents.map((d) => d.typeId),
        )
      ).map((t) => [t.id, t]),
    );
    input.documents.forEach((d, i) => {
      if (!types.get(d.typeId)?.isActive) {
        throw new HttpError(400, COMPLIANCE_MESSAGES.documentTypeUnknown, [
          { path: `documents.${i}.typeId`, message: COMPLIANCE_MESSAGES.documentTypeUnknown },
        ]);
      }
    });
    // A document of a type that does not expire keeps no expiry.
    const documents = input.documents
      .map((d) => ({
        typeId: d.typeId,
        number: d.number ?? null,
        expiry: types.get(d.typeId)!.expires ? (d.expiry ?? null) : null,
      }))
      .filter((d) => d.number || d.expiry);
    const { documents: _, ...record } = input;
    await upsertDriverCompliance(tx, driverId, record, userId);
    await replaceDriverDocuments(tx, driverId, documents);
    await insertVersion(tx, {
      subjectType: 'driver',
      subjectId: driverId,
      change: 'updated',
      record: { ...record, documents: documents.map((d) => ({ ...d, typeName: types.get(d.typeId)!.name })) },
      changedBy: userId,
    });
  });
}

type TypeInput = z.output<typeof DocumentTypeInputSchema>;
const TYPE_NAME_TAKEN = 'A document type with this name already exists';

export async function createDocumentType(db: Database, input: TypeInput): Promise<DocumentType> {
  return db.transaction(async (tx) => {
    if (await findDocumentTypeIdByName(tx, input.name)) {
      throw new HttpError(409, TYPE_NAME_TAKEN, [{ path: 'name', message: TYPE_NAME_TAKEN }]);
    }
    return insertDocumentType(tx, input);
  });
}

export async function updateDocumentTypeById(
  db: Database,
  id: string,
  input: TypeInput,
): Promise<DocumentType> {
  return db.transaction(async (tx) => {
    if (!(await getDocumentType(tx, id))) throw new HttpError(404, 'Document type not found');
    if (await findDocumentTypeIdByName(tx, input.name, id)) {
      throw new HttpError(409, TYPE_NAME_TAKEN, [{ path: 'name', message: TYPE_NAME_TAKEN }]);
    }
    return (await updateDocumentType(tx, id, input))!;
  });
}

/**
 * Deletes a type no driver ever recorded; one that drivers hold, or that a saved version names, is
 * retired instead (ADR 33: old versions still name it), after the screen's confirmation.
 */
export function deleteDocumentTypeById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockDocumentType(tx, id),
    notFound: 'Document type not found',
    usage: async (tx) => usageInWords(await countDocumentTypeUses(tx, id)),
    deactivate: (tx) => retireDocumentType(tx, id),
    delete: (tx) => deleteDocumentType(tx, id),
    deactivatedMessage: (usage) =>
      `Document type is used by ${usage}, so it was deactivated instead of deleted`,
    deletedMessage: 'Document type deleted successfully',
  });
}

/** An id that names no driver is no driver to check; any other failure is a failure. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof HttpError && error.statusCode === 404) return null;
  throw error;
}

export interface DueFilter {
  days: number;
  subject?: 'vehicle' | 'driver';
  kind?: ComplianceKind;
  subjectId?: string;
  limit: number;
  offset: number;
}

/**
 * Everything due within `days` or overdue, worst first: overdue before due soon, then the earliest
 * date; a service overdue by distance (no date) before the dated ones of its state.
 */
export async function listDue(db: Db, filter: DueFilter, today: string) {
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + filter.days * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const items: ComplianceDueItem[] = [];
  const wantsService =
    (!filter.subject || filter.subject === 'vehicle') && (!filter.kind || filter.kind === 'service');
  const wantsDated = !filter.kind || filter.kind !== 'service';
  if (wantsDated) {
    for (const row of await listDatedRecordsDue(db, horizon, filter)) {
      const state = dueState(row.dueDate!, today, filter.days);
      if (state === 'ok') continue;
      items.push({
        subject: row.subject,
        subjectId: row.subjectId,
        subjectName: row.subjectName,
        kind: row.kind as ComplianceKind,
        label: row.label,
        state,
        dueDate: row.dueDate,
        daysLeft: daysBetween(today, row.dueDate!),
        kmLeft: null,
      });
    }
  }
  if (wantsService) {
    for (const v of await listServiceIntervals(db, filter.subjectId)) {
      const s = serviceStatus(
        v,
        v.currentOdometer === null ? null : Number(v.currentOdometer),
        today,
        filter.days,
      );
      if (s.state !== 'due_soon' && s.state !== 'overdue') continue;
      items.push({
        subject: 'vehicle',
        subjectId: v.vehicleId,
        subjectName: v.name,
        kind: 'service',
        label: COMPLIANCE_KIND_LABELS.service,
        state: s.state,
        dueDate: s.dueDate,
        daysLeft: s.daysLeft,
        kmLeft: s.kmLeft,
      });
    }
  }
  const rank = (i: ComplianceDueItem) => (i.state === 'overdue' ? 0 : 1);
  items.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.daysLeft ?? Number.NEGATIVE_INFINITY) - (b.daysLeft ?? Number.NEGATIVE_INFINITY) ||
      (a.kmLeft ?? 0) - (b.kmLeft ?? 0) ||
      a.subjectName.localeCompare(b.subjectName) ||
      a.label.localeCompare(b.label),
  );
  return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length };
}

/** A driver and vehicle checked for a date; a missing one (an unfilled slot) is not checked. */
export interface PairOnDate {
  driverId: string | null;
  vehicleId: string | null;
  date: string;
  schoolJob: boolean;
}

/**
 * Loads the records of these drivers and vehicles once and answers what is wrong for any of them on
 * any date: a series checks two hundred dates with one load (ADR 36).
 */
export async function complianceChecker(
  db: Db,
  pairs: readonly { driverId: string | null; vehicleId: string | null }[],
  timeZone: string,
  today: string,
): Promise<(check: PairOnDate) => ComplianceProblem[]> {
  // `db` is the allocation's transaction, one connection: its reads go one after the other.
  const settings = await getAppSettings(db, timeZone);
  const format = await operatorFormatters(db, timeZone);
  const drivers = new Map<string, Awaited<ReturnType<typeof getDriverCompliance>> | null>();
  for (const id of new Set(pairs.map((p) => p.driverId).filter((d): d is string => !!d))) {
    drivers.set(id, await getDriverCompliance(db, id).catch(notFoundAsNull));
  }
  const vehicles = new Map<string, VehicleRecord | null>();
  for (const id of new Set(pairs.map((p) => p.vehicleId).filter((v): v is string => !!v))) {
    const header = await getVehicleHeader(db, id);
    if (!header) {
      vehicles.set(id, null);
      continue;
    }
    const stored = await getVehicleComplianceRow(db, id);
    vehicles.set(id, {
      ...vehicleValues(stored?.record),
      name: header.name,
      categoryName: header.categoryName,
      requiredLicenceClass: header.requiredLicenceClass,
      currentOdometer: await currentOdometer(db, id),
    });
  }
  const licenceClasses = getLicenceClassSet(settings.licenceClassSet);
  return (check) => {
    const record = check.driverId ? drivers.get(check.driverId) : null;
    return complianceProblems({
      date: check.date,
      today,
      schoolJob: check.schoolJob,
      licenceClasses,
      formatDate: format.serviceDate,
      driver: record ? { ...record, name: record.driverName } : null,
      vehicle: check.vehicleId ? (vehicles.get(check.vehicleId) ?? null) : null,
    });
  };
}

/**
 * What is wrong for this driver and vehicle on `date` (issue 26): the allocation checks call this. A
 * missing driver or vehicle (an unfilled slot) is simply not checked.
 */
export async function complianceProblemsFor(
  db: Db,
  check: PairOnDate,
  timeZone: string,
  today: string,
): Promise<ComplianceProblem[]> {
  return (await complianceChecker(db, [check], timeZone, today))(check);
}

/**
 * What a driver's licence lets them take, for Available jobs (one SQL filter, not a check per job):
 * the classes it covers and its expiry.
 */
export async function driverQualification(
  db: Db,
  driverId: string,
  timeZone: string,
): Promise<{ coveredClasses: string[]; licenceExpiry: string | null }> {
  const [settings, stored] = await Promise.all([
    getAppSettings(db, timeZone),
    getDriverComplianceRow(db, driverId),
  ]);
  return {
    coveredClasses: classesCoveredBy(
      getLicenceClassSet(settings.licenceClassSet),
      stored?.record.licenceClass ?? null,
    ),
    licenceExpiry: stored?.record.licenceExpiry ?? null,
  };
}

const lapseOf = (p: ComplianceProblem): ComplianceLapse => ({
  code: p.code,
  record: String(p.details.record ?? complianceRuleLabel(p.code)),
  date: (p.details.expiry ?? p.details.due ?? null) as string | null,
  message: p.message,
});

/**
 * Every active vehicle and driver with a record lapsed on `date` (the board's markers, the
 * terminal's picker): two or three statements, whatever the fleet, judged by the allocation rule so
 * the wording is the refusal's. A driver's documents count whether or not school work needs them.
 */
export async function lapsedRecordsOn(
  db: Db,
  date: string,
  timeZone: string,
  today: string,
): Promise<ComplianceLapses> {
  const settings = await getAppSettings(db, timeZone);
  const format = await operatorFormatters(db, timeZone);
  const base = {
    date,
    today,
    schoolJob: true,
    licenceClasses: getLicenceClassSet(settings.licenceClassSet),
    formatDate: format.serviceDate,
  };
  const refusals = (problems: ComplianceProblem[]) =>
    problems.filter((p) => p.severity === 'refusal').map(lapseOf);
  const vehicles = (await listVehicleRecordsLapsedBy(db, date))
    .map((v) => ({
      vehicleId: v.vehicleId,
      name: v.name,
      lapses: refusals(
        complianceProblems({
          ...base,
          driver: null,
          // Only the record's own dates can lapse it: the class a category needs is checked against
          // a driver (none here), and a service overdue by distance is a warning, which `refusals`
          // drops, so no odometer is read for it.
          vehicle: {
            ...vehicleValues(v.record),
            name: v.name,
            categoryName: null,
            requiredLicenceClass: null,
            currentOdometer: null,
          },
        }),
      ),
    }))
    .filter((v) => v.lapses.length > 0);
  const drivers = (await listDriverRecordsLapsedBy(db, date))
    .map((d) => ({
      driverId: d.driverId,
      name: d.name,
      lapses: refusals(
        complianceProblems({
          ...base,
          vehicle: null,
          driver: {
            name: d.name,
            licenceClass: d.record.licenceClass,
            licenceExpiry: d.record.licenceExpiry,
            medicalExpiry: d.record.medicalExpiry,
            childrenCheckExpiry: d.record.childrenCheckExpiry,
            documents: d.documents.map((doc) => ({ ...doc, requiredForSchoolWork: true })),
          },
        }),
      ),
    }))
    .filter((d) => d.lapses.length > 0);
  return { vehicles, drivers };
}

/** The vehicles a driver may not take out today (the terminal's picker marks them). */
export async function vehiclesLapsedToday(db: Db, timeZone: string, now = new Date()) {
  const today = dateInZone(now, timeZone);
  const { vehicles } = await lapsedRecordsOn(db, today, timeZone, today);
  return vehicles
    .map((v) => ({ ...v, lapses: v.lapses.filter((l) => CLOCK_IN_BLOCKING_CODES.includes(l.code)) }))
    .filter((v) => v.lapses.length > 0);
}

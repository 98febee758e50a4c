import { defectSummary, type Vehicle, type VehicleType } from '@dms/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type DefectItemValue,
  depots,
  subcontractors,
  vehicleCategoriesNew,
  vehicles,
} from '../../db/schema';
import { anyContains } from '../../db/sql-helpers';

export interface VehicleFilter {
  search?: string;
  type?: VehicleType;
  categoryId?: string;
  subcontractorId?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

/** The stored fields of a vehicle as a manager writes them. */
export interface VehicleValues {
  type: VehicleType;
  categoryId: string;
  /** Legacy category slug, kept in step with categoryId. */
  category: string | null;
  registrationNumber: string | null;
  nickname: string | null;
  make: string | null;
  model: string | null;
  seatedCapacity: number;
  standingCapacity: number;
  tankCapacityLitres: number | null;
  extraOptions: string[];
  defaultDepotId: string | null;
  subcontractorId: string | null;
  isActive?: 0 | 1;
}

const columns = {
  id: vehicles.id,
  type: vehicles.type,
  categoryId: vehicles.categoryId,
  categoryName: vehicleCategoriesNew.name,
  categoryColor: vehicleCategoriesNew.color,
  registrationNumber: vehicles.registrationNumber,
  nickname: vehicles.nickname,
  make: vehicles.make,
  model: vehicles.model,
  seatedCapacity: vehicles.seatedCapacity,
  standingCapacity: vehicles.standingCapacity,
  tankCapacityLitres: vehicles.tankCapacityLitres,
  extraOptions: vehicles.extraOptions,
  defaultDepotId: vehicles.defaultDepotId,
  defaultDepotName: depots.name,
  subcontractorId: vehicles.subcontractorId,
  subcontractorName: subcontractors.companyName,
  isActive: vehicles.isActive,
  version: vehicles.version,
  // The newest open defect, in the same query (the partial index vehicle_defects_open_idx).
  openDefect: sql<StoredOpenDefect | null>`(
    select jsonb_build_object('id', d.id, 'reportedAt', d.reported_at, 'items', d.items, 'notes', d.notes)
    from vehicle_defects d
    where d.vehicle_id = ${vehicles.id} and d.cleared_at is null
    order by d.reported_at desc
    limit 1
  )`,
};

interface StoredOpenDefect {
  id: string;
  reportedAt: string;
  items: DefectItemValue[];
  notes: string | null;
}

type VehicleRow = Omit<Vehicle, 'isActive' | 'openDefect'> & {
  isActive: number;
  openDefect: StoredOpenDefect | string | null;
};

const toVehicle = (row: VehicleRow): Vehicle => {
  // PGlite and node-postgres both parse jsonb, but a driver that hands back text is not refused.
  const defect =
    typeof row.openDefect === 'string' ? (JSON.parse(row.openDefect) as StoredOpenDefect) : row.openDefect;
  return {
    ...row,
    isActive: row.isActive === 1 ? 1 : 0,
    openDefect: defect
      ? {
          id: defect.id,
          reportedAt: new Date(defect.reportedAt).toISOString(),
          summary: defectSummary(defect.items, defect.notes),
        }
      : null,
  };
};

function selectVehicles(db: Db) {
  return db
    .select(columns)
    .from(vehicles)
    .leftJoin(vehicleCategoriesNew, eq(vehicleCategoriesNew.id, vehicles.categoryId))
    .leftJoin(depots, eq(depots.id, vehicles.defaultDepotId))
    .leftJoin(subcontractors, eq(subcontractors.id, vehicles.subcontractorId));
}

function where(filter: VehicleFilter): SQL | undefined {
  return and(
    filter.activeOnly ? eq(vehicles.isActive, 1) : undefined,
    filter.type ? eq(vehicles.type, filter.type) : undefined,
    filter.categoryId ? eq(vehicles.categoryId, filter.categoryId) : undefined,
    filter.subcontractorId ? eq(vehicles.subcontractorId, filter.subcontractorId) : undefined,
    anyContains(filter.search, [
      vehicles.registrationNumber,
      vehicles.nickname,
      vehicles.make,
      vehicles.model,
    ]),
  );
}

export async function listVehicles(db: Db, filter: VehicleFilter) {
  const condition = where(filter);
  const rows = await selectVehicles(db)
    .where(condition)
    .orderBy(
      asc(sql`lower(coalesce(${vehicles.nickname}, ${vehicles.registrationNumber}, ''))`),
      asc(vehicles.registrationNumber),
      asc(vehicles.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toVehicle), total: await db.$count(vehicles, condition) };
}

export async function getVehicle(db: Db, id: string): Promise<Vehicle | undefined> {
  const [row] = await selectVehicles(db).where(eq(vehicles.id, id));
  return row ? toVehicle(row) : undefined;
}

/** Another vehicle with this registration, compared without regard to case. */
export async function findVehicleIdByRegistration(
  db: Db,
  registrationNumber: string,
  exceptId?: string,
): Promise<string | undefined> {
  const same = sql`lower(${vehicles.registrationNumber}) = lower(${registrationNumber})`;
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(exceptId ? and(same, ne(vehicles.id, exceptId)) : same)
    .limit(1);
  return row?.id;
}

export async function insertVehicle(db: Db, values: VehicleValues): Promise<string> {
  const [row] = await db.insert(vehicles).values(values).returning({ id: vehicles.id });
  if (!row) throw new Error('insert into vehicles returned no row');
  return row.id;
}

/**
 * Writes the vehicle and bumps its version. With `expectedVersion`, only if it still holds that
 * version. Answers 'missing' when there is no such vehicle, 'stale' when the version moved on.
 */
export async function updateVehicle(
  db: Db,
  id: string,
  values: VehicleValues,
  expectedVersion?: number,
): Promise<'updated' | 'stale' | 'missing'> {
  const match =
    expectedVersion === undefined
      ? eq(vehicles.id, id)
      : and(eq(vehicles.id, id), eq(vehicles.version, expectedVersion));
  const rows = await db
    .update(vehicles)
    .set({ ...values, version: sql`${vehicles.version} + 1`, updatedAt: new Date() })
    .where(match)
    .returning({ id: vehicles.id });
  if (rows.length > 0) return 'updated';
  if (expectedVersion === undefined) return 'missing';
  const [exists] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, id));
  return exists ? 'stale' : 'missing';
}

/** Locks the vehicle row until the transaction ends: no job, shift or form can take it meanwhile. */
export async function lockVehicle(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, id)).for('update');
  return rows.length > 0;
}

export async function deactivateVehicle(db: Db, id: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ isActive: 0, version: sql`${vehicles.version} + 1`, updatedAt: new Date() })
    .where(eq(vehicles.id, id));
}

export async function deleteVehicle(db: Db, id: string): Promise<void> {
  await db.delete(vehicles).where(eq(vehicles.id, id));
}

// Counts and bulk changes asked for by the category, depot and subcontractor rules.

export async function countVehiclesInCategory(db: Db, categoryId: string): Promise<number> {
  return db.$count(vehicles, eq(vehicles.categoryId, categoryId));
}

export async function countVehiclesAtDepot(db: Db, depotId: string): Promise<number> {
  return db.$count(vehicles, eq(vehicles.defaultDepotId, depotId));
}

export async function countVehiclesOfSubcontractor(db: Db, subcontractorId: string): Promise<number> {
  return db.$count(vehicles, eq(vehicles.subcontractorId, subcontractorId));
}

/** Takes a subcontractor's vehicles out of service (the subcontractor is being removed). */
export async function deactivateVehiclesOfSubcontractor(db: Db, subcontractorId: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ isActive: 0, version: sql`${vehicles.version} + 1`, updatedAt: new Date() })
    .where(and(eq(vehicles.subcontractorId, subcontractorId), eq(vehicles.isActive, 1)));
}

/** Keeps the legacy category slug of a category's vehicles in step after a rename. */
export async function setLegacyCategorySlug(db: Db, categoryId: string, slug: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ category: slug })
    .where(and(eq(vehicles.categoryId, categoryId), sql`${vehicles.category} is distinct from ${slug}`));
}

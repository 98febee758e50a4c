import type { VehicleDefect } from '@dms/domain';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type DefectItemValue, users, vehicleDefects, vehicles } from '../../db/schema';

const reporter = alias(users, 'reporter');
const clearer = alias(users, 'clearer');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(concat_ws(' ', ${u.firstName}, ${u.lastName}), '')`;

const columns = {
  id: vehicleDefects.id,
  vehicleId: vehicleDefects.vehicleId,
  vehicleName: sql<string>`coalesce(nullif(concat_ws(' · ', ${vehicles.registrationNumber}, ${vehicles.nickname}), ''), 'Vehicle')`,
  preDepartureInspectionId: vehicleDefects.preDepartureInspectionId,
  reportedAt: vehicleDefects.reportedAt,
  reportedByName: nameOf(reporter),
  items: vehicleDefects.items,
  notes: vehicleDefects.notes,
  clearedAt: vehicleDefects.clearedAt,
  clearedByName: nameOf(clearer),
  repairNote: vehicleDefects.repairNote,
};

type Row = {
  [K in keyof typeof columns]: K extends 'reportedAt' ? Date : K extends 'clearedAt' ? Date | null : unknown;
} & Record<string, unknown>;

function toDefect(row: Row): VehicleDefect {
  return {
    id: row.id as string,
    vehicleId: row.vehicleId as string,
    vehicleName: row.vehicleName as string,
    source: row.preDepartureInspectionId ? 'pre_departure' : 'end_of_shift',
    reportedAt: row.reportedAt.toISOString(),
    reportedByName: (row.reportedByName as string | null) ?? null,
    items: row.items as DefectItemValue[],
    notes: (row.notes as string | null) ?? null,
    clearedAt: row.clearedAt ? row.clearedAt.toISOString() : null,
    clearedByName: (row.clearedByName as string | null) ?? null,
    repairNote: (row.repairNote as string | null) ?? null,
  };
}

function selectDefects(db: Db) {
  return db
    .select(columns)
    .from(vehicleDefects)
    .innerJoin(vehicles, eq(vehicles.id, vehicleDefects.vehicleId))
    .leftJoin(reporter, eq(reporter.id, vehicleDefects.reportedBy))
    .leftJoin(clearer, eq(clearer.id, vehicleDefects.clearedBy));
}

export interface DefectFilter {
  status: 'open' | 'cleared';
  vehicleId?: string;
  limit: number;
  offset: number;
}

/** Open defects newest first, or cleared ones most recently cleared first. */
export async function listDefects(db: Db, filter: DefectFilter) {
  const condition: SQL | undefined = and(
    filter.status === 'open' ? isNull(vehicleDefects.clearedAt) : isNotNull(vehicleDefects.clearedAt),
    filter.vehicleId ? eq(vehicleDefects.vehicleId, filter.vehicleId) : undefined,
  );
  const rows = await selectDefects(db)
    .where(condition)
    .orderBy(
      filter.status === 'open' ? desc(vehicleDefects.reportedAt) : desc(vehicleDefects.clearedAt),
      desc(vehicleDefects.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map((r) => toDefect(r as Row)), total: await db.$count(vehicleDefects, condition) };
}

export async function getDefect(db: Db, id: string): Promise<VehicleDefect | undefined> {
  const [row] = await selectDefects(db).where(eq(vehicleDefects.id, id));
  return row ? toDefect(row as Row) : undefined;
}

/** Whether the vehicle has a defect no manager has cleared. */
export async function hasOpenDefect(db: Db, vehicleId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicleDefects.id })
    .from(vehicleDefects)
    .where(and(eq(vehicleDefects.vehicleId, vehicleId), isNull(vehicleDefects.clearedAt)))
    .limit(1);
  return row !== undefined;
}

/** The vehicles among `ids` with an open defect, with the newest defect's summary material. */
export async function openDefectsOf(db: Db, vehicleIds: readonly string[]) {
  if (vehicleIds.length === 0) return [];
  return db
    .selectDistinctOn([vehicleDefects.vehicleId], {
      vehicleId: vehicleDefects.vehicleId,
      id: vehicleDefects.id,
      items: vehicleDefects.items,
      notes: vehicleDefects.notes,
      reportedAt: vehicleDefects.reportedAt,
      vehicleName: columns.vehicleName,
    })
    .from(vehicleDefects)
    .innerJoin(vehicles, eq(vehicles.id, vehicleDefects.vehicleId))
    .where(
      and(
        isNull(vehicleDefects.clearedAt),
        sql`${vehicleDefects.vehicleId} in (${sql.join(
          vehicleIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(vehicleDefects.vehicleId, desc(vehicleDefects.reportedAt));
}

export async function insertDefect(
  db: Db,
  values: {
    vehicleId: string;
    reportedBy: string;
    reportedAt: Date;
    items: DefectItemValue[];
    notes: string | null;
    preDepartureInspectionId?: string;
    endOfShiftInspectionId?: string;
  },
): Promise<string> {
  const [row] = await db.insert(vehicleDefects).values(values).returning({ id: vehicleDefects.id });
  if (!row) throw new Error('insert into vehicle_defects returned no row');
  return row.id;
}

/** Clears an open defect; false when there is none with this id still open. */
export async function clearDefect(
  db: Db,
  id: string,
  values: { clearedBy: string; repairNote: string; clearedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(vehicleDefects)
    .set({ ...values, updatedAt: values.clearedAt })
    .where(and(eq(vehicleDefects.id, id), isNull(vehicleDefects.clearedAt)))
    .returning({ id: vehicleDefects.id });
  return rows.length > 0;
}

import type { Depot } from '@dms/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depots } from '../../db/schema';
import { anyContains } from '../../db/sql-helpers';

export interface DepotFilter {
  search?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

export interface DepotValues {
  name: string;
  address: string | null;
  isActive?: 0 | 1;
}

const columns = { id: depots.id, name: depots.name, address: depots.address, isActive: depots.isActive };

const toDepot = (row: { id: string; name: string; address: string | null; isActive: number }): Depot => ({
  ...row,
  isActive: row.isActive === 1 ? 1 : 0,
});

function where(filter: DepotFilter): SQL | undefined {
  return and(
    filter.activeOnly ? eq(depots.isActive, 1) : undefined,
    anyContains(filter.search, [depots.name, depots.address]),
  );
}

export async function listDepots(db: Db, filter: DepotFilter) {
  const condition = where(filter);
  const rows = await db
    .select(columns)
    .from(depots)
    .where(condition)
    .orderBy(asc(sql`lower(${depots.name})`), asc(depots.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toDepot), total: await db.$count(depots, condition) };
}

export async function getDepot(db: Db, id: string): Promise<Depot | undefined> {
  const [row] = await db.select(columns).from(depots).where(eq(depots.id, id));
  return row ? toDepot(row) : undefined;
}

export async function insertDepot(db: Db, values: DepotValues): Promise<string> {
  const [row] = await db.insert(depots).values(values).returning({ id: depots.id });
  if (!row) throw new Error('insert into depots returned no row');
  return row.id;
}

/** False when there is no such depot. */
export async function updateDepot(db: Db, id: string, values: DepotValues): Promise<boolean> {
  const rows = await db
    .update(depots)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(depots.id, id))
    .returning({ id: depots.id });
  return rows.length > 0;
}

/** Locks the depot row until the transaction ends. */
export async function lockDepot(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: depots.id }).from(depots).where(eq(depots.id, id)).for('update');
  return rows.length > 0;
}

export async function deactivateDepot(db: Db, id: string): Promise<void> {
  await db.update(depots).set({ isActive: 0, updatedAt: new Date() }).where(eq(depots.id, id));
}

export async function deleteDepot(db: Db, id: string): Promise<void> {
  await db.delete(depots).where(eq(depots.id, id));
}

import type { Subcontractor } from '@dms/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subcontractors, vehicles } from '../../db/schema';
import { anyContains, qualified } from '../../db/sql-helpers';

export interface SubcontractorFilter {
  search?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

export interface SubcontractorValues {
  companyName: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  isActive?: 0 | 1;
}

/** Every vehicle of the subcontractor, active or not. */
const vehicleCount = sql<number>`(select count(*) from ${vehicles} where ${qualified(vehicles.subcontractorId)} = ${qualified(subcontractors.id)})::int`;

const columns = {
  id: subcontractors.id,
  companyName: subcontractors.companyName,
  contactName: subcontractors.contactName,
  phone: subcontractors.phone,
  email: subcontractors.email,
  address: subcontractors.address,
  isActive: subcontractors.isActive,
  vehicleCount: vehicleCount.mapWith(Number),
};

const toSubcontractor = (row: Omit<Subcontractor, 'isActive'> & { isActive: number }): Subcontractor => ({
  ...row,
  isActive: row.isActive === 1 ? 1 : 0,
});

function where(filter: SubcontractorFilter): SQL | undefined {
  return and(
    filter.activeOnly ? eq(subcontractors.isActive, 1) : undefined,
    anyContains(filter.search, [
      subcontractors.companyName,
      subcontractors.contactName,
      subcontractors.email,
      subcontractors.phone,
    ]),
  );
}

export async function listSubcontractors(db: Db, filter: SubcontractorFilter) {
  const condition = where(filter);
  const rows = await db
    .select(columns)
    .from(subcontractors)
    .where(condition)
    .orderBy(asc(sql`lower(${subcontractors.companyName})`), asc(subcontractors.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toSubcontractor), total: await db.$count(subcontractors, condition) };
}

export async function getSubcontractor(db: Db, id: string): Promise<Subcontractor | undefined> {
  const [row] = await db.select(columns).from(subcontractors).where(eq(subcontractors.id, id));
  return row ? toSubcontractor(row) : undefined;
}

export async function insertSubcontractor(db: Db, values: SubcontractorValues): Promise<string> {
  const [row] = await db.insert(subcontractors).values(values).returning({ id: subcontractors.id });
  if (!row) throw new Error('insert into subcontractors returned no row');
  return row.id;
}

/** False when there is no such subcontractor. */
export async function updateSubcontractor(db: Db, id: string, values: SubcontractorValues): Promise<boolean> {
  const rows = await db
    .update(subcontractors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subcontractors.id, id))
    .returning({ id: subcontractors.id });
  return rows.length > 0;
}

/** Locks the subcontractor row until the transaction ends. */
export async function lockSubcontractor(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: subcontractors.id })
    .from(subcontractors)
    .where(eq(subcontractors.id, id))
    .for('update');
  return rows.length > 0;
}

export async function deactivateSubcontractor(db: Db, id: string): Promise<void> {
  await db
    .update(subcontractors)
    .set({ isActive: 0, updatedAt: new Date() })
    .where(eq(subcontractors.id, id));
}

export async function deleteSubcontractor(db: Db, id: string): Promise<void> {
  await db.delete(subcontractors).where(eq(subcontractors.id, id));
}

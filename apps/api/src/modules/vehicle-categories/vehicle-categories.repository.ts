import type { VehicleCategory } from '@dms/domain';
import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vehicleCategoriesNew, vehicles } from '../../db/schema';
import { anyContains, qualified } from '../../db/sql-helpers';

export interface CategoryFilter {
  search?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** Every vehicle holding the category, active or not (they all block its deletion). */
const vehicleCount = sql<number>`(select count(*) from ${vehicles} where ${qualified(vehicles.categoryId)} = ${qualified(vehicleCategoriesNew.id)})::int`;

const columns = {
  id: vehicleCategoriesNew.id,
  name: vehicleCategoriesNew.name,
  slug: vehicleCategoriesNew.slug,
  color: vehicleCategoriesNew.color,
  requiredLicenceClass: vehicleCategoriesNew.requiredLicenceClass,
  isActive: vehicleCategoriesNew.isActive,
  vehicleCount: vehicleCount.mapWith(Number),
};

const toCategory = (row: Omit<VehicleCategory, 'isActive'> & { isActive: number }): VehicleCategory => ({
  ...row,
  isActive: flag(row.isActive),
});

function where(filter: CategoryFilter): SQL | undefined {
  return and(
    filter.activeOnly ? eq(vehicleCategoriesNew.isActive, 1) : undefined,
    anyContains(filter.search, [vehicleCategoriesNew.name, vehicleCategoriesNew.slug]),
  );
}

export async function listCategories(db: Db, filter: CategoryFilter) {
  const condition = where(filter);
  const rows = await db
    .select(columns)
    .from(vehicleCategoriesNew)
    .where(condition)
    .orderBy(asc(sql`lower(${vehicleCategoriesNew.name})`), asc(vehicleCategoriesNew.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toCategory), total: await db.$count(vehicleCategoriesNew, condition) };
}

export async function getCategory(db: Db, id: string): Promise<VehicleCategory | undefined> {
  const [row] = await db.select(columns).from(vehicleCategoriesNew).where(eq(vehicleCategoriesNew.id, id));
  return row ? toCategory(row) : undefined;
}

/** Locks the category row until the transaction ends (delete and rename). */
export async function lockCategory(db: Db, id: string): Promise<{ id: string; slug: string } | undefined> {
  const [row] = await db
    .select({ id: vehicleCategoriesNew.id, slug: vehicleCategoriesNew.slug })
    .from(vehicleCategoriesNew)
    .where(eq(vehicleCategoriesNew.id, id))
    .for('update');
  return row;
}

/** The slugs that clash with `base`: base itself and base-2, base-3, … (other than `exceptId`'s). */
export async function findClashingSlugs(db: Db, base: string, exceptId?: string): Promise<string[]> {
  // A slug holds only [a-z0-9-], so it is safe inside the pattern.
  const clash = or(
    eq(vehicleCategoriesNew.slug, base),
    sql`${vehicleCategoriesNew.slug} ~ ${`^${base}-[0-9]+$`}`,
  );
  const rows = await db
    .select({ slug: vehicleCategoriesNew.slug })
    .from(vehicleCategoriesNew)
    .where(exceptId ? and(clash, ne(vehicleCategoriesNew.id, exceptId)) : clash);
  return rows.map((r) => r.slug);
}

export async function insertCategory(
  db: Db,
  values: { name: string; slug: string; color: string; requiredLicenceClass?: string | null },
) {
  const [row] = await db
    .insert(vehicleCategoriesNew)
    .values(values)
    .returning({ id: vehicleCategoriesNew.id });
  if (!row) throw new Error('insert into vehicle_categories_new returned no row');
  return row.id;
}

export async function updateCategory(
  db: Db,
  id: string,
  values: { name: string; slug: string; color: string; requiredLicenceClass?: string | null },
) {
  await db
    .update(vehicleCategoriesNew)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vehicleCategoriesNew.id, id));
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.delete(vehicleCategoriesNew).where(eq(vehicleCategoriesNew.id, id));
}

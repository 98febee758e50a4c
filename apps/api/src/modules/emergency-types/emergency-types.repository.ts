import { asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EmergencyType, emergencyTypes, type NewEmergencyType } from '../../db/schema';

export function listEmergencyTypes(db: Db, filter: { includeInactive: boolean }): Promise<EmergencyType[]> {
  return db
    .select()
    .from(emergencyTypes)
    .where(filter.includeInactive ? undefined : eq(emergencyTypes.isActive, 1))
    .orderBy(asc(emergencyTypes.sortOrder), asc(emergencyTypes.name), asc(emergencyTypes.id));
}

export async function getEmergencyType(db: Db, id: string): Promise<EmergencyType | undefined> {
  const [row] = await db.select().from(emergencyTypes).where(eq(emergencyTypes.id, id));
  return row;
}

/** The sort order after the last type. */
export async function nextEmergencyTypeSortOrder(db: Db): Promise<number> {
  const [row] = await db.select({ highest: max(emergencyTypes.sortOrder) }).from(emergencyTypes);
  return row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1;
}

export async function createEmergencyType(db: Db, values: NewEmergencyType): Promise<EmergencyType> {
  const [row] = await db.insert(emergencyTypes).values(values).returning();
  return row!;
}

export async function updateEmergencyType(
  db: Db,
  id: string,
  values: Partial<Omit<NewEmergencyType, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<EmergencyType | undefined> {
  const [row] = await db
    .update(emergencyTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(emergencyTypes.id, id))
    .returning();
  return row;
}

export async function deleteEmergencyType(db: Db, id: string): Promise<void> {
  await db.delete(emergencyTypes).where(eq(emergencyTypes.id, id));
}

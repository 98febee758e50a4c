import type { InspectionType } from '@dms/domain';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type InspectionTemplateQuestion,
  inspectionTemplateQuestions,
  type NewInspectionTemplateQuestion,
} from '../../db/schema';

const q = inspectionTemplateQuestions;

/** Questions in the order drivers answer them: sort order, then age. */
export function listInspectionQuestions(
  db: Db,
  filter: { type?: InspectionType; includeInactive: boolean },
): Promise<InspectionTemplateQuestion[]> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(q.type, filter.type));
  if (!filter.includeInactive) conditions.push(eq(q.isActive, 1));
  return db
    .select()
    .from(q)
    .where(and(...conditions))
    .orderBy(asc(q.sortOrder), asc(q.createdAt), asc(q.id));
}

export async function getInspectionQuestion(
  db: Db,
  id: string,
): Promise<InspectionTemplateQuestion | undefined> {
  const [row] = await db.select().from(q).where(eq(q.id, id));
  return row;
}

/** Sort orders of every question of one type (inactive ones too: they may come back). */
export async function sortOrdersOfType(db: Db, type: InspectionType): Promise<{ sortOrder: number }[]> {
  return db.select({ sortOrder: q.sortOrder }).from(q).where(eq(q.type, type));
}

export async function createInspectionQuestion(
  db: Db,
  values: NewInspectionTemplateQuestion,
): Promise<InspectionTemplateQuestion> {
  const [row] = await db.insert(q).values(values).returning();
  return row!;
}

export async function updateInspectionQuestion(
  db: Db,
  id: string,
  values: Partial<Omit<NewInspectionTemplateQuestion, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<InspectionTemplateQuestion | undefined> {
  const [row] = await db
    .update(q)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(q.id, id))
    .returning();
  return row;
}

export async function deleteInspectionQuestion(db: Db, id: string): Promise<void> {
  await db.delete(q).where(eq(q.id, id));
}

import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NewTermsTemplate, type TermsTemplate, termsTemplates } from '../../db/schema';

/** Active templates, the default first, then by name. */
export function listTermsTemplates(db: Db): Promise<TermsTemplate[]> {
  return db
    .select()
    .from(termsTemplates)
    .where(eq(termsTemplates.isActive, 1))
    .orderBy(desc(termsTemplates.isDefault), asc(termsTemplates.name), asc(termsTemplates.createdAt));
}

export async function getTermsTemplate(db: Db, id: string): Promise<TermsTemplate | undefined> {
  const [row] = await db
    .select()
    .from(termsTemplates)
    .where(and(eq(termsTemplates.id, id), eq(termsTemplates.isActive, 1)));
  return row;
}

export async function getDefaultTermsTemplate(db: Db): Promise<TermsTemplate | undefined> {
  const [row] = await db
    .select()
    .from(termsTemplates)
    .where(and(eq(termsTemplates.isDefault, 1), eq(termsTemplates.isActive, 1)))
    .limit(1);
  return row;
}

/** Serialises changes of the default (one at a time, per the partial unique index). Inside a transaction. */
export async function lockTermsTemplates(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${termsTemplates} in share row exclusive mode`);
}

/** Makes every template but `exceptId` non-default. */
export async function clearDefaultTermsTemplate(tx: Db, exceptId?: string): Promise<void> {
  await tx
    .update(termsTemplates)
    .set({ isDefault: 0, updatedAt: new Date() })
    .where(
      exceptId
        ? and(eq(termsTemplates.isDefault, 1), ne(termsTemplates.id, exceptId))
        : eq(termsTemplates.isDefault, 1),
    );
}

export async function createTermsTemplate(tx: Db, values: NewTermsTemplate): Promise<TermsTemplate> {
  const [row] = await tx.insert(termsTemplates).values(values).returning();
  return row!;
}

export async function updateTermsTemplate(
  tx: Db,
  id: string,
  values: Partial<Pick<NewTermsTemplate, 'name' | 'content' | 'isDefault' | 'isActive'>>,
): Promise<TermsTemplate | undefined> {
  const [row] = await tx
    .update(termsTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(termsTemplates.id, id), eq(termsTemplates.isActive, 1)))
    .returning();
  return row;
}

export async function deleteTermsTemplate(tx: Db, id: string): Promise<void> {
  await tx.delete(termsTemplates).where(eq(termsTemplates.id, id));
}

import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export async function insertResetToken(
  db: Db,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(passwordResetTokens)
    .values({ userId: token.userId, token: token.tokenHash, expiresAt: token.expiresAt });
}

export async function findResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.token, tokenHash))
    .limit(1);
  return row;
}

/** Removes the token and answers what it was for: of two concurrent uses only one gets it. */
export async function takeResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.token, tokenHash))
    .returning({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt });
  return row;
}

export async function deleteUserResetTokens(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function purgeExpiredResetTokens(db: Db): Promise<void> {
  await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, sql`now()`));
}

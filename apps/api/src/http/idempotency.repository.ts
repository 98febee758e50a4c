import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export async function findIdempotencyRecord(db: Db, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
  return row;
}

export async function insertIdempotencyRecord(
  db: Db,
  row: { scope: string; key: string; requestHash: string; statusCode: number; response: unknown },
): Promise<void> {
  await db.insert(idempotencyRecords).values(row);
}

/** A device retries for hours or days, not months: older keys are dropped by housekeeping. */
export async function purgeOldIdempotencyRecords(db: Db, olderThan: Date): Promise<void> {
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, olderThan));
}

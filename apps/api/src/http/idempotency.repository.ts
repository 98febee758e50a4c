import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { idempotencyRecords } from '../db/schema';

// Every write a terminal or a phone sends with an Idempotency-Key looks for its record first.
const recordByKey = preparedPerDatabase((db) =>
  db
    .select()
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.scope, sql.placeholder('scope')),
        eq(idempotencyRecords.key, sql.placeholder('key')),
      ),
    )
    .prepare('idempotency_record_by_key'),
);

export async function findIdempotencyRecord(db: Db, scope: string, key: string) {
  const [row] = await recordByKey(db).execute({ scope, key });
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

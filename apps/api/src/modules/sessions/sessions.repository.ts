import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export type SessionData = Record<string, unknown>;

/** A session's data, unless it is missing or expired. */
export async function getSession(db: Db, sid: string): Promise<SessionData | undefined> {
  const [row] = await db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`)))
    .limit(1);
  return row?.sess;
}

export async function saveSession(db: Db, sid: string, sess: SessionData, expire: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ sid, sess, expire })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } });
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Signs a user out everywhere (deactivation, password reset). */
export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(sql`(${sessions.sess} ->> 'userId') = ${userId}`);
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expire, sql`now()`));
}

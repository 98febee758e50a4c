import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions } from '../db/schema';

export type SessionData = Record<string, unknown>;

const sessionBySid = preparedPerDatabase((db) =>
  db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('session_by_sid'),
);

/** A session's data, unless it is missing or expired. */
export async function getSession(db: Db, sid: string): Promise<SessionData | undefined> {
  const [row] = await sessionBySid(db).execute({ sid });
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

/** Ends every session signed in at a terminal (it was revoked). */
export async function destroyTerminalSessions(db: Db, terminalId: string): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.sess}->>'terminalId' = ${terminalId}`);
}

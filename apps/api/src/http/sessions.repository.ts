import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions } from '../db/schema';
import { qualified } from '../db/sql-helpers';

export type SessionData = Record<string, unknown>;

/** What access decisions need about a user: their roles, when the account is active. */
export interface AccessRow {
  id: string;
  roles: string[] | null;
  role: string | null;
}

// Every signed-in request reads its session and then the access of the session's user and terminal
// driver: one statement instead of two, built and prepared once (db/prepared.ts, bench/NOTES.md §18).
const sessionWithAccessBySid = preparedPerDatabase((db) =>
  db
    .select({
      sess: sessions.sess,
      access: sql<AccessRow[] | string>`(
        select coalesce(json_agg(json_build_object('id', u.id, 'roles', u.roles, 'role', u.role)), '[]'::json)
        from users u
        where u.id in (${qualified(sessions.sess)} ->> 'userId', ${qualified(sessions.sess)} ->> 'terminalDriverId')
          and u.is_active = 1)`,
    })
    .from(sessions)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('session_with_access_by_sid'),
);

/**
 * A session's data, unless it is missing or expired, with the access of the active users it names
 * (its portal user and its terminal driver), read in the same statement.
 */
export async function getSessionWithAccess(
  db: Db,
  sid: string,
): Promise<{ sess: SessionData; access: AccessRow[] } | undefined> {
  const [row] = await sessionWithAccessBySid(db).execute({ sid });
  if (!row) return undefined;
  const access = typeof row.access === 'string' ? (JSON.parse(row.access) as AccessRow[]) : row.access;
  return { sess: row.sess, access };
}

// Every sign-in writes its session, and every signed-in session at most hourly: built and prepared once.
const upsertSession = preparedPerDatabase((db) =>
  db
    .insert(sessions)
    .values({ sid: sql.placeholder('sid'), sess: sql.placeholder('sess'), expire: sql.placeholder('expire') })
    .onConflictDoUpdate({
      target: sessions.sid,
      set: { sess: sql.raw('excluded.sess'), expire: sql.raw('excluded.expire') },
    })
    .prepare('session_upsert'),
);

const deleteSessionBySid = preparedPerDatabase((db) =>
  db
    .delete(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('session_delete'),
);

export async function saveSession(db: Db, sid: string, sess: SessionData, expire: Date): Promise<void> {
  await upsertSession(db).execute({ sid, sess, expire });
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await deleteSessionBySid(db).execute({ sid });
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

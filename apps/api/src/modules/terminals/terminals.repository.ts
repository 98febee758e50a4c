import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { terminals } from '../../db/schema';
import { destroyTerminalSessions } from '../../http/sessions.repository';

// Enrolled terminals and the PIN lock of drivers (ADR 15).

const terminalColumns = {
  id: terminals.id,
  name: terminals.name,
  enrolledAt: terminals.enrolledAt,
  lastUsedAt: terminals.lastUsedAt,
  createdAt: terminals.createdAt,
  enrolmentCodeHash: terminals.enrolmentCodeHash,
  enrolmentExpiresAt: terminals.enrolmentExpiresAt,
  pinFailures: terminals.pinFailures,
  nextAttemptAt: terminals.nextAttemptAt,
};
export type TerminalRow = Awaited<ReturnType<typeof listTerminals>>[number];

/** Terminals not revoked, oldest first: a depot has a handful. */
export async function listTerminals(db: Db) {
  return db
    .select(terminalColumns)
    .from(terminals)
    .where(isNull(terminals.revokedAt))
    .orderBy(asc(terminals.createdAt));
}

export async function getTerminal(db: Db, id: string): Promise<TerminalRow | undefined> {
  const [row] = await db
    .select(terminalColumns)
    .from(terminals)
    .where(and(eq(terminals.id, id), isNull(terminals.revokedAt)));
  return row;
}

export async function insertTerminal(
  db: Db,
  values: { name: string; enrolmentCodeHash: string; enrolmentExpiresAt: Date; createdBy: string | null },
): Promise<string> {
  const [row] = await db.insert(terminals).values(values).returning({ id: terminals.id });
  return row!.id;
}

export async function setEnrolmentCode(
  db: Db,
  id: string,
  codeHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(terminals)
    .set({ enrolmentCodeHash: codeHash, enrolmentExpiresAt: expiresAt, updatedAt: new Date() })
    .where(and(eq(terminals.id, id), isNull(terminals.revokedAt)))
    .returning({ id: terminals.id });
  return rows.length > 0;
}

/**
 * Uses an enrolment code: a conditional update, so a code enrols one device once. The device's new
 * credential replaces any earlier one of that terminal.
 */
export async function redeemEnrolmentCode(db: Db, codeHash: string, credentialHash: string, now: Date) {
  const [row] = await db
    .update(terminals)
    .set({
      enrolmentCodeHash: null,
      enrolmentExpiresAt: null,
      credentialHash,
      enrolledAt: now,
      pinFailures: [],
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(terminals.enrolmentCodeHash, codeHash),
        gt(terminals.enrolmentExpiresAt, now),
        isNull(terminals.revokedAt),
      ),
    )
    .returning({ id: terminals.id, name: terminals.name });
  return row;
}

// Every request from an enrolled terminal finds its device by the credential: built and prepared once.
const terminalByCredential = preparedPerDatabase((db) =>
  db
    .select(terminalColumns)
    .from(terminals)
    .where(and(eq(terminals.credentialHash, sql.placeholder('credentialHash')), isNull(terminals.revokedAt)))
    .prepare('terminal_by_credential'),
);

export async function findTerminalByCredential(
  db: Db,
  credentialHash: string,
): Promise<TerminalRow | undefined> {
  const [row] = await terminalByCredential(db).execute({ credentialHash });
  return row;
}

/**
 * The terminal's PIN counters, locked until the caller's transaction ends: PINs typed on one device
 * at the same moment take turns, each seeing the counters the one before it left.
 */
export async function lockTerminalForPin(tx: Db, id: string): Promise<TerminalRow | undefined> {
  const [row] = await tx
    .select(terminalColumns)
    .from(terminals)
    .where(and(eq(terminals.id, id), isNull(terminals.revokedAt)))
    .for('update');
  return row;
}

export async function savePinCounters(
  tx: Db,
  id: string,
  values: { pinFailures: Date[]; nextAttemptAt: Date | null; lastUsedAt?: Date },
): Promise<void> {
  await tx.update(terminals).set(values).where(eq(terminals.id, id));
}

/** A manager's reset: the device's wrong PINs are forgotten and it takes PINs again at once. */
export async function clearPinFailures(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(terminals)
    .set({ pinFailures: [], nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(terminals.id, id), isNull(terminals.revokedAt)))
    .returning({ id: terminals.id });
  return rows.length > 0;
}

/** Revokes a terminal: its credential stops working and its sessions end at once. */
export async function revokeTerminal(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(terminals)
      .set({ revokedAt: now, credentialHash: null, enrolmentCodeHash: null, updatedAt: now })
      .where(and(eq(terminals.id, id), isNull(terminals.revokedAt)))
      .returning({ id: terminals.id });
    if (rows.length === 0) return false;
    await destroyTerminalSessions(tx, id);
    return true;
  });
}

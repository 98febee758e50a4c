import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { type NewUser, type User, users } from '../../db/schema';

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function findUserIdByPinDigest(db: Db, digest: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.pinDigest, digest)).limit(1);
  return row?.id;
}

/**
 * Moves PINs stored in clear (before issue 29) to their digest; answers how many. Runs at start-up,
 * where the key is known; each row at most once.
 */
export async function digestLegacyPins(db: Db, digest: (pin: string) => string): Promise<number> {
  const legacy = await db
    .select({ id: users.id, pin: users.driverNumber })
    .from(users)
    .where(isNotNull(users.driverNumber));
  for (const row of legacy) {
    await db
      .update(users)
      .set({ pinDigest: digest(row.pin!), driverNumber: null })
      .where(eq(users.id, row.id));
  }
  return legacy.length;
}

export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('insert into users returned no row');
  return row.id;
}

// Every screen's first request reads the signed-in user (GET /api/user): built and prepared once.
const userById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id'),
);

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

// Every signed-in request reads this: built and prepared once (db/prepared.ts).
const activeUsersAccess = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, roles: users.roles, role: users.role })
    .from(users)
    .where(and(inArray(users.id, [sql.placeholder('a'), sql.placeholder('b')]), eq(users.isActive, 1)))
    .prepare('active_users_access'),
);

/** What access decisions need about these users (a session's user and its terminal driver), active ones only. */
export async function findActiveUsersAccess(db: Db, first: string, second: string = first) {
  return activeUsersAccess(db).execute({ a: first, b: second });
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Inserts the user unless the email is taken (then undefined), without a race between check and insert. */
export async function insertUserIfEmailFree(db: Db, user: NewUser): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

/**
 * Marks the email verified if `codeHash` is still the user's current code, and clears it: of two
 * concurrent checks of one code only one succeeds.
 */
export async function consumeVerificationCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: 1, verificationToken: null, verificationTokenExpiry: null })
    .where(and(eq(users.id, userId), eq(users.verificationToken, codeHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The ids of every active manager (an emergency mails them all). */
export async function activeManagerIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, 1), or(sql`'manager' = any(${users.roles})`, eq(users.role, 'manager'))));
  return rows.map((r) => r.id);
}

/** The user whose PIN has this digest, whatever their state (the service decides). */
export async function findUserByPinDigest(db: Db, digest: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      role: users.role,
      isActive: users.isActive,
      pinLockedAt: users.pinLockedAt,
    })
    .from(users)
    .where(eq(users.pinDigest, digest));
  return row;
}

export async function setPinLock(db: Db, userId: string, lockedAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pinLockedAt: lockedAt })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

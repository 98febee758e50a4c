import type { Driver, UserRole } from '@dms/domain';
import { effectiveRoles } from '@dms/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { anyContains } from '../../db/sql-helpers';

// Accounts as the drivers and users settings see them, and their writes (the users table is the
// users module's). The roles rule is effectiveRoles (packages/domain roles.ts): the known roles of the
// list, else the legacy single role, else driver.

export interface UserFilter {
  role?: UserRole;
  search?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

export interface DriverFieldValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** A new PIN's digest, or null to remove the PIN. */
  pinDigest?: string | null;
  isActive?: 0 | 1;
}

const KNOWN_ROLES = sql`array['manager','driver']::text[]`;

/** SQL twin of `effectiveRoles(user).includes(role)`. */
export function holdsRole(role: UserRole): SQL {
  const fromLegacy =
    role === 'driver' ? sql`${users.role} is distinct from 'manager'` : sql`${users.role} = 'manager'`;
  return sql`(${role} = any(${users.roles}) or (not (${users.roles} && ${KNOWN_ROLES}) and ${fromLegacy}))`;
}

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  hasPin: sql<boolean>`${users.pinDigest} is not null`,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  roles: users.roles,
  role: users.role,
  pinLockedAt: users.pinLockedAt,
};

type Row = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  hasPin: boolean;
  isActive: number;
  emailVerified: number;
  roles: string[];
  role: string | null;
  pinLockedAt: Date | null;
};

function toDriver({ role: _legacy, pinLockedAt, ...row }: Row): Driver {
  return {
    ...row,
    // A PIN is not shown once set (ADR 26): the field stays for the spec's shape.
    driverNumber: null,
    pinLocked: pinLockedAt !== null,
    isActive: row.isActive === 1 ? 1 : 0,
    emailVerified: row.emailVerified === 1 ? 1 : 0,
    roles: effectiveRoles({ roles: row.roles, role: _legacy }),
  };
}

const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

function where(filter: UserFilter): SQL | undefined {
  return and(
    filter.role ? holdsRole(filter.role) : undefined,
    filter.activeOnly ? eq(users.isActive, 1) : undefined,
    anyContains(filter.search, [users.firstName, users.lastName, fullName, users.email]),
  );
}

export async function listUsers(db: Db, filter: UserFilter) {
  const condition = where(filter);
  const rows = await db
    .select(columns)
    .from(users)
    .where(condition)
    .orderBy(
      asc(sql`lower(coalesce(${users.firstName}, ''))`),
      asc(sql`lower(coalesce(${users.lastName}, ''))`),
      asc(users.email),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toDriver), total: await db.$count(users, condition) };
}

export async function getUserAsDriver(db: Db, id: string): Promise<Driver | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row ? toDriver(row) : undefined;
}

/** Locks the user row until the transaction ends. */
export async function lockUser(db: Db, id: string): Promise<Driver | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).for('update');
  return row ? toDriver(row) : undefined;
}

/** Another account with this email (emails are stored lower-cased; compared without case anyway). */
export async function findOtherUserIdByEmail(db: Db, email: string, exceptId?: string) {
  const same = sql`lower(${users.email}) = lower(${email})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
    .limit(1);
  return row?.id;
}

export async function findOtherUserIdByPinDigest(db: Db, digest: string, exceptId?: string) {
  const same = eq(users.pinDigest, digest);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
    .limit(1);
  return row?.id;
}

/**
 * Active drivers who hold no slot on that day's jobs (cancelled ones aside), by name: the dispatch
 * board's side list. One query for the page, one for the count.
 */
export async function listDriversFreeOn(db: Db, date: string, limit: number) {
  const condition = and(
    holdsRole('driver'),
    eq(users.isActive, 1),
    sql`not exists (
      select 1 from job_vehicles jv join jobs j on j.id = jv.job_id
      where jv.driver_id = ${users.id} and j.service_date = ${date} and j.status <> 'cancelled'
    )`,
  );
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(condition)
    .orderBy(
      asc(sql`lower(coalesce(${users.firstName}, ''))`),
      asc(sql`lower(coalesce(${users.lastName}, ''))`),
      asc(users.email),
    )
    .limit(limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
    })),
    total: await db.$count(users, condition),
  };
}

export async function updateDriverFields(db: Db, id: string, values: DriverFieldValues): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function setUserRoles(db: Db, id: string, roles: UserRole[]): Promise<void> {
  await db.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Locks every active manager's row (so that two managers cannot demote each other at once). */
export async function lockActiveManagerIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, 1), holdsRole('manager')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

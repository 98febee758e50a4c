import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NewUser, users } from '../../db/schema';

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function findUserIdByDriverNumber(db: Db, driverNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.driverNumber, driverNumber))
    .limit(1);
  return row?.id;
}

export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('insert into users returned no row');
  return row.id;
}

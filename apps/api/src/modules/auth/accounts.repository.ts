import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export async function findUserIdByProviderAccount(
  db: Db,
  provider: string,
  providerAccountId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)))
    .limit(1);
  return row?.userId;
}

/** Links an external identity to a user. Provider tokens are not kept: we never call its APIs. */
export async function linkProviderAccount(
  db: Db,
  link: { userId: string; provider: string; providerAccountId: string; scope?: string },
): Promise<void> {
  await db.insert(accounts).values({ type: 'oidc', ...link });
}

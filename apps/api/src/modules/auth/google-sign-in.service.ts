import type { Database } from '../../db/client';
import { createDefaultPreferences } from '../preferences';
import { findUserByEmail, findUserById, insertUserIfEmailFree } from '../users';
import { findUserIdByProviderAccount, linkProviderAccount } from './accounts.repository';
import type { ProviderIdentity } from './google-oidc';

export const GOOGLE = 'google';

export type GoogleSignInResult = { ok: true; userId: string } | { ok: false; reason: string };

/**
 * The account a Google identity signs in to: the one already linked to it; else the account with
 * the same email, linked now, if both sides have verified that email (otherwise whoever
 * registered the address first, unverified, could be taken over); else a new verified driver.
 */
export async function resolveGoogleUser(
  db: Database,
  identity: ProviderIdentity,
): Promise<GoogleSignInResult> {
  const fail = (reason: string) => ({ ok: false as const, reason });
  let userId = await findUserIdByProviderAccount(db, GOOGLE, identity.subject);
  if (!userId) {
    if (!identity.email || !identity.emailVerified)
      return fail('the provider did not confirm the email address');
    const existing = await findUserByEmail(db, identity.email);
    if (existing && existing.emailVerified !== 1) {
      return fail('an account with this email exists but its email is not verified');
    }
    if (existing && existing.isActive !== 1) return fail('the account is deactivated');
    const email = identity.email;
    userId = await db.transaction(async (tx) => {
      const id =
        existing?.id ??
        (await insertUserIfEmailFree(tx, {
          email,
          firstName: identity.givenName,
          lastName: identity.familyName,
          password: null,
          roles: ['driver'],
          emailVerified: 1,
        }));
      if (!id) return undefined;
      if (!existing) await createDefaultPreferences(tx, id);
      await linkProviderAccount(tx, {
        userId: id,
        provider: GOOGLE,
        providerAccountId: identity.subject,
        scope: identity.scope,
      });
      return id;
    });
    if (!userId) return fail('the email was taken while signing in');
  }
  const user = await findUserById(db, userId);
  if (!user) return fail('the linked user no longer exists');
  if (user.isActive !== 1) return fail('the account is deactivated');
  return { ok: true, userId: user.id };
}

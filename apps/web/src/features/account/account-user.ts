import type { UserRole } from '@dms/domain';

/** What the account page shows of the signed-in user; app/ passes it in from the session. */
export interface AccountUser {
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  email: string;
  roles: UserRole[];
  emailVerified: boolean;
}

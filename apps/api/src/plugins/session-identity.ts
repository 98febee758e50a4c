import { effectiveRoles } from '@dms/domain';
import type { Database } from '../db/client';
import { takeLoadedAccess } from '../http/session-access';
import { findActiveUsersAccess } from '../modules/users';
import { ANONYMOUS, type IdentityResolver } from './access';

/**
 * The caller according to the session. A user who no longer exists or was deactivated counts
 * as anonymous, so deactivation takes effect on the next request. Without a signed-in session
 * (no cookie, or an anonymous one) nothing is read from the database.
 */
export function createSessionIdentityResolver(db: Database): IdentityResolver {
  return async (request) => {
    const userId = request.session?.userId;
    const terminalDriverId = request.session?.terminalDriverId;
    if (!userId && !terminalDriverId) return ANONYMOUS;
    const [first, second] = [userId, terminalDriverId].filter((id): id is string => typeof id === 'string');
    // Read with the session when it was loaded (http/session-access.ts); otherwise read now.
    const rows =
      takeLoadedAccess(request.session?.sessionId) ??
      (first ? await findActiveUsersAccess(db, first, second) : []);
    const user = rows.find((row) => row.id === userId);
    const driver = rows.find((row) => row.id === terminalDriverId);
    return {
      user: user ? { id: user.id, roles: effectiveRoles(user) } : null,
      terminalDriverId: driver && effectiveRoles(driver).includes('driver') ? driver.id : null,
    };
  };
}

import type { SessionUser } from '@dms/domain';
import { effectiveRoles } from '@dms/domain';
import type { User } from '../../db/schema';

/** The `user` of the current-user answer (spec 1 §3); `role` is the first role held. */
export function toSessionUser(
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'roles' | 'role' | 'emailVerified'>,
): SessionUser {
  const roles = effectiveRoles(user);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: roles[0] ?? 'driver',
    roles,
    emailVerified: user.emailVerified === 1 ? 1 : 0,
  };
}

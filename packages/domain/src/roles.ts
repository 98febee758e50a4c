// Kept apart from the Zod schemas: the web app's entry needs the roles, not Zod (ADR 20).

export const USER_ROLES = ['manager', 'driver'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const isRole = (value: unknown): value is UserRole => (USER_ROLES as readonly unknown[]).includes(value);

/**
 * The roles a user holds: the roles list, else the legacy single role column (spec 1 §6), else
 * driver, the default of the roles column. Unknown values are ignored.
 */
export function effectiveRoles(user: { roles: readonly string[] | null; role: string | null }): UserRole[] {
  const roles = [...new Set((user.roles ?? []).filter(isRole))];
  if (roles.length > 0) return roles;
  return isRole(user.role) ? [user.role] : ['driver'];
}

import { USER_ROLES, type UserRole } from './roles';

// Portal resolution (spec 1 §4). Pure: the caller reads and writes the stored value
// (localStorage `preferredPortal` in the browser) and applies the returned storage action.

export type Portal = UserRole;

export const PORTALS = USER_ROLES;

/** The portal before any session is known (spec 1 §4, §9). */
export const DEFAULT_PORTAL: Portal = 'driver';

export function isPortal(value: unknown): value is Portal {
  return typeof value === 'string' && (PORTALS as readonly string[]).includes(value);
}

/** What to do with the stored preference: leave it, or replace it (the old value removed) with `value`. */
export type PortalStorageAction = { type: 'keep' } | { type: 'store'; value: Portal };

export interface PortalResolution {
  portal: Portal;
  storage: PortalStorageAction;
}

/** The portals a set of roles opens, in the fixed order manager, driver; unknown roles are ignored. */
export function portalsFor(roles: readonly string[]): Portal[] {
  return PORTALS.filter((portal) => roles.includes(portal));
}

/** A user with more than one role may switch portals. */
export function isMultiRole(roles: readonly string[]): boolean {
  return portalsFor(roles).length > 1;
}

/** Manager when the user holds it (the preferred default), else driver. */
export function defaultPortalFor(roles: readonly string[]): Portal {
  return roles.includes('manager') ? 'manager' : 'driver';
}

/**
 * The current portal. `roles` is null before a session is known: the portal is driver and the
 * stored value is left alone. Otherwise a stored portal among the user's roles is used; anything
 * else is replaced by the default portal, which is stored.
 */
export function resolvePortal(
  stored: string | null | undefined,
  roles: readonly string[] | null,
): PortalResolution {
  if (roles === null) return { portal: DEFAULT_PORTAL, storage: { type: 'keep' } };
  if (isPortal(stored) && roles.includes(stored)) return { portal: stored, storage: { type: 'keep' } };
  const portal = defaultPortalFor(roles);
  return { portal, storage: { type: 'store', value: portal } };
}

/**
 * Switching to `target`: allowed only to a role the user holds. Returns the new portal and the value to
 * store, or null when the switch is ignored.
 */
export function switchPortal(target: string, roles: readonly string[]): PortalResolution | null {
  if (!isPortal(target) || !roles.includes(target)) return null;
  return { portal: target, storage: { type: 'store', value: target } };
}

/** Where a portal's home is reached from the portal switcher: manager `/`, driver `/dashboard`. */
export function portalHomePath(portal: Portal): '/' | '/dashboard' {
  return portal === 'manager' ? '/' : '/dashboard';
}

export const PORTAL_LABELS: Record<Portal, string> = {
  manager: 'Manager Portal',
  driver: 'Driver Portal',
};

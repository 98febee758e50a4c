import { USER_ROLES, type UserRole } from '@dms/domain';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError, readJson } from '../../lib/api-client';
import { SESSION_CACHE_MS } from '../../lib/query-client';

export type Role = UserRole;

/** The user key of the current-user answer (spec 1 §3). */
export interface SessionUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Legacy single role, still honoured. */
  role?: string | null;
  roles: string[];
  emailVerified: boolean | number;
}

export const currentUserQueryKey = ['/api/user'] as const;

function isSessionUser(value: unknown): value is SessionUser {
  return !!value && typeof value === 'object' && 'id' in value;
}

/** GET /api/user: 401 or 404 means anonymous (null); any other failure is 'Failed to fetch session'. */
export async function getCurrentUser({
  signal,
}: Pick<QueryFunctionContext, 'signal'>): Promise<SessionUser | null> {
  let body: unknown;
  try {
    const res = await apiFetch('/api/user', {
      signal,
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
    body = await readJson<unknown>(res);
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 404)) return null;
    throw new Error('Failed to fetch session', { cause: error });
  }
  // The answer carries the user under `user`; a bare user object is accepted as well.
  const user = body && typeof body === 'object' && 'user' in body ? body.user : body;
  return isSessionUser(user) ? user : null;
}

/**
 * The signed-in user, or null when anonymous. Cached 5 minutes, refetched on mount when stale,
 * never retried. Callers treat an error as anonymous.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: SESSION_CACHE_MS,
    gcTime: SESSION_CACHE_MS,
    refetchOnMount: true,
  });
}

/** The roles a user holds: the roles list plus the legacy single role (spec 1 §6). */
export function userRoles(user: SessionUser | null | undefined): Role[] {
  if (!user) return [];
  const held = new Set<string>([...(user.roles ?? []), ...(user.role ? [user.role] : [])]);
  return USER_ROLES.filter((role) => held.has(role));
}

export function hasRole(user: SessionUser | null | undefined, role: Role): boolean {
  return userRoles(user).includes(role);
}

import {
  type AuthProviders,
  type EmailOnlyInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  USER_ROLES,
  type UserRole,
  type VerifyEmailInput,
} from '@dms/domain';
import { type QueryFunctionContext, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiJson, apiRequest, isApiError, readJson } from '../../lib/api-client';
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
export const authProvidersQueryKey = ['/api/auth/providers'] as const;

function isSessionUser(value: unknown): value is SessionUser {
  return !!value && typeof value === 'object' && 'id' in value;
}

/** The user of a `{ user }` answer; a bare user object is accepted as well. */
function userOf(body: unknown): SessionUser | null {
  const user = body && typeof body === 'object' && 'user' in body ? body.user : body;
  return isSessionUser(user) ? user : null;
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
  return userOf(body);
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
    meta: { handles401: true },
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

/** emailVerified arrives as 0/1 (older answers: a boolean). */
export function isEmailVerified(user: SessionUser | null | undefined): boolean {
  return user?.emailVerified === 1 || user?.emailVerified === true;
}

/** "First Last", or the email when the account has no name. */
export function displayName(user: SessionUser): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email;
}

// ---------------------------------------------------------------------------------------------
// Errors shown to the user

/** A failure the screen shows as is: the server's message, else the screen's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** True when the call never got an answer (offline, DNS, server down). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError);
}

// ---------------------------------------------------------------------------------------------
// External sign-in

/** GET /api/auth/providers: which external sign-ins are configured; unknown counts as none. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authProvidersQueryKey,
    queryFn: async ({ signal }): Promise<AuthProviders> => {
      const body = await readJson<Partial<AuthProviders> | undefined>(
        await apiFetch(authProvidersQueryKey[0], { signal }),
      );
      return { google: body?.google === true };
    },
    staleTime: SESSION_CACHE_MS,
    meta: { handles401: true },
  });
}

/** Browser navigation that starts Google sign-in (spec 1 §2). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

// ---------------------------------------------------------------------------------------------
// Sign-in, registration, verification, password reset, sign-out

export type LoginResult =
  | { status: 'signedIn'; user: SessionUser | null }
  | { status: 'needsVerification'; email: string; message: string };

/** Why sign-in failed, for the toast: the server's message or 'Login failed'. */
export class LoginFailedError extends Error {
  override readonly name = 'LoginFailedError';
}

interface LoginErrorBody {
  message?: unknown;
  needsVerification?: unknown;
  email?: unknown;
}

/** POST /api/login. A 403 with needsVerification and an email is a result, not an error (spec 1 §8). */
export async function login(input: LoginInput): Promise<LoginResult> {
  try {
    const body = await apiJson<unknown>('POST', '/api/login', input);
    return { status: 'signedIn', user: userOf(body) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    let parsed: LoginErrorBody = {};
    try {
      parsed = JSON.parse(error.bodyText) as LoginErrorBody;
    } catch {
      // Not JSON: no details.
    }
    if (error.status === 403 && parsed.needsVerification === true && typeof parsed.email === 'string') {
      const message = typeof parsed.message === 'string' ? parsed.message : '';
      return { status: 'needsVerification', email: parsed.email, message };
    }
    throw new LoginFailedError(error.serverMessage ?? 'Login failed', { cause: error });
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { handles401: true } });
}

export interface RegisterResult {
  message?: string;
  email?: string;
}

/** POST /api/register: every new account is a driver (spec 1 §6). */
export function useRegister() {
  return useMutation({
    mutationFn: (input: Omit<RegisterInput, 'role'>) =>
      apiJson<RegisterResult | undefined>('POST', '/api/register', { ...input, role: 'driver' }),
    meta: { handles401: true },
  });
}

/**
 * POST /api/auth/verify-email-code: a correct code verifies the address and signs the user in;
 * the current-user cache takes the answer at once and is refreshed from the server.
 */
export function useVerifyEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyEmailInput) =>
      userOf(await apiJson<unknown>('POST', '/api/auth/verify-email-code', input)),
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    meta: { handles401: true },
  });
}

/** POST /api/auth/send-verification-code. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) => apiRequest('POST', '/api/auth/send-verification-code', input),
    meta: { handles401: true },
  });
}

/** POST /api/auth/forgot-password: any OK answer is success. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) => apiRequest('POST', '/api/auth/forgot-password', input),
    meta: { handles401: true },
  });
}

/** POST /api/auth/reset-password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest('POST', '/api/auth/reset-password', input),
    meta: { handles401: true },
  });
}

/** Refetches the current user (after verification, before entering the dashboard). */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: currentUserQueryKey });
}

/**
 * POST /api/logout. On success the current-user cache is cleared (the user is anonymous at once)
 * and every other cached answer of the old session is dropped; the caller navigates.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // No payload, so no body (spec 1 §7); the request marker header satisfies the cross-site guard.
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== '/api/settings',
      });
    },
    meta: { handles401: true },
  });
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { showToast } from './toast';

/** Session (current user) and settings cache: 300000 ms (spec 1 §9). */
export const SESSION_CACHE_MS = 5 * 60 * 1000;

/** Where an unauthorised answer sends the browser (spec 1 §2, §8), and after how long. */
export const UNAUTHORIZED_REDIRECT_URL = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /**
   * The call handles a 401 itself (the current user, where 401 means anonymous; sign-in, where 401
   * means wrong credentials): no 'Unauthorized' toast and no redirect.
   */
  handles401?: boolean;
}

/** Spec 1 §8: an error whose message starts with '401:' and mentions 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:') && error.message.includes('Unauthorized');
}

let redirecting = false;

/** Toast 'Unauthorized' and send the browser to /api/login 0.5 s after it shows (once, however many calls fail). */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  showToast({ title: 'Unauthorized', message: 'You are logged out. Logging in again...', tone: 'error' });
  // The toasts' container loads with the first toast (app/providers.tsx): the 0.5 s start once the
  // toast is on screen (at most 3 s later), so that a slow chunk does not leave before it is read.
  const asked = Date.now();
  const redirectOnceShown = () => {
    if (document.querySelector('[data-testid="toast"]') || Date.now() - asked > 3000) {
      window.setTimeout(() => {
        window.location.href = UNAUTHORIZED_REDIRECT_URL;
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    } else {
      window.setTimeout(redirectOnceShown, 50);
    }
  };
  redirectOnceShown();
}

function onError(error: unknown, meta: QueryMeta | undefined): void {
  if (meta?.handles401) return;
  if (isUnauthorizedError(error)) handleUnauthorized();
}

/**
 * Spec 1 §9: reads and writes are not retried, no refetch on focus or reconnect, no polling,
 * cached data never becomes stale unless a query says so (the current user and settings use
 * SESSION_CACHE_MS). An unauthorised answer to any query or mutation is handled once, here.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

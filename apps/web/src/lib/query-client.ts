import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** Session (current user) and settings cache: 300000 ms (spec 1 §9). */
export const SESSION_CACHE_MS = 5 * 60 * 1000;

/**
 * Spec 1 §9: reads and writes are not retried, no refetch on focus or reconnect, no polling,
 * cached data never becomes stale unless a query says so (the current user and settings use
 * SESSION_CACHE_MS).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

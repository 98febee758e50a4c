import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/** The answer of every searchable list: one page and the total (spec 2 §7.3, API pages). */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * A list's query parameters as they appear in its query key; undefined and empty values are left
 * out of the address (lib/api-client queryKeyToPath).
 */
export interface ListParams {
  search?: string;
  limit?: number;
  offset?: number;
  includeInactive?: '1' | '0';
}

/** Option lists (selects in forms) ask for the largest page the API gives. */
export const OPTIONS_LIMIT = 200;

/** Invalidates every query whose key starts with one of these paths, and waits for the active ones. */
export function invalidatePaths(queryClient: QueryClient, paths: readonly string[]): Promise<unknown> {
  return Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
}

/**
 * Field messages of an error answer `{ message, errors: [{ path, message }] }` (400 and 409), keyed
 * by the first part of the path; empty when the server named no fields.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  try {
    const body = JSON.parse(error.bodyText) as { errors?: unknown };
    const found: Record<string, string> = {};
    if (Array.isArray(body.errors)) {
      for (const entry of body.errors) {
        if (!entry || typeof entry !== 'object') continue;
        const { path, message } = entry as { path?: unknown; message?: unknown };
        const field = typeof path === 'string' ? path.split('.')[0] : undefined;
        if (field && typeof message === 'string' && !(field in found)) found[field] = message;
      }
    }
    return found;
  } catch {
    return {};
  }
}

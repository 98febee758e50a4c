import { hasLineControls } from '@dms/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

// Path and query handling shared by the list and detail routes of the reference data (vehicles,
// categories, depots, subcontractors, drivers, customers, ops-form and document settings).

/** `:id` path parameter: ids are text (UUIDs); anything else simply matches no row. */
export const IdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((id) => !hasLineControls(id), { error: 'Invalid id' }),
});

/** includeInactive=1|true from ListQuerySchema. */
export function wantsInactive(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** includeInactive=0|false, explicitly. */
export function refusesInactive(value: string | undefined): boolean {
  return value === '0' || value === 'false';
}

export function isManager(request: FastifyRequest): boolean {
  return request.identity.user?.roles.includes('manager') ?? false;
}

/** Inactive rows are listed only to a manager who asks for them (includeInactive=1). */
export function showsInactive(request: FastifyRequest, includeInactive: string | undefined): boolean {
  return wantsInactive(includeInactive) && isManager(request);
}

export interface PageQuery {
  search?: string;
  limit: number;
  offset: number;
}

/** What a repository's list function takes of a PageQuery: a blank search is no search. */
export interface PageWindow {
  search: string | undefined;
  limit: number;
  offset: number;
}

/** One page of a list as the API answers it: the repository's rows and total, with the window asked for. */
export async function listPage<P extends { items: unknown[]; total: number }>(
  query: PageQuery,
  load: (window: PageWindow) => Promise<P>,
): Promise<P & { limit: number; offset: number }> {
  const page = await load({ search: query.search || undefined, limit: query.limit, offset: query.offset });
  return { ...page, limit: query.limit, offset: query.offset };
}

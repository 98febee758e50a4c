import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

// Small helpers shared by the reference-data modules (vehicles, categories, depots, subcontractors,
// drivers, customers). No HTTP state and no SQL execution here.

/** `:id` path parameter: ids are text (UUIDs); anything else simply matches no row. */
export const IdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

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

/** A `%term%` ILIKE pattern with the LIKE wildcards of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** '1 job', '3 jobs'. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** 'a', 'a and b', 'a, b and c'. */
export function listPhrase(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** PostgreSQL's SQLSTATE and constraint name, wherever the driver or Drizzle put them. */
function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return {};
}

/** A unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = pgError(error);
  return code === '23505' && (constraint === undefined || name === undefined || name === constraint);
}

/**
 * A column written as "table"."column". Drizzle strips the table from column references inside
 * `sql` expressions of a single-table select list, which would turn a correlated subquery's
 * outer reference into one of the subquery's own columns.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

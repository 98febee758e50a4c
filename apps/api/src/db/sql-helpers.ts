import { type AnyColumn, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// SQL building blocks for the repositories. They build expressions or read errors; they never run
// a query themselves.

/** A `%term%` ILIKE pattern with the LIKE wildcards of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A lower-case `term%` LIKE pattern with the wildcards escaped: a prefix that a btree index on `lower(column) text_pattern_ops` serves. */
export function lowerPrefixPattern(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of `columns` contains `term`, without regard to case; no condition without a term. */
export function anyContains(
  term: string | undefined,
  columns: readonly (AnyColumn | SQL)[],
): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * A column written as "table"."column". Drizzle strips the table from column references inside
 * `sql` expressions of a single-table select list, which would turn a correlated subquery's
 * outer reference into one of the subquery's own columns.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
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

// Errors that mean the database is away (restarting, failing over, unreachable) rather than that
// the request was wrong: the request may simply be tried again in a moment.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  // SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|connection (is )?(closed|lost)/i;

/** The database could not be reached or went away during the request (any SQLSTATE of class 08 too). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

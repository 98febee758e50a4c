import { LIST_COUNT_AHEAD } from '@dms/domain';
import { type Subquery, sql } from 'drizzle-orm';
import type { Db } from './client';

// Long lists count their matches only up to a bound past the page (ADR 38, ADR 42): a manager
// narrows a filter of thousands rather than paging it, and an exact count read every match.

/**
 * `select count(*)` over `matches`, which must end in `.limit(sql.placeholder('countTo')).as(…)`:
 * fill `countTo` with countToFor(offset).
 */
export const boundedCountQuery = (db: Db, matches: Subquery) =>
  db.select({ n: sql<number>`count(*)::int` }).from(matches);

/** How many matches to read: enough to know whether more than the bound lie past the page. */
export const countToFor = (offset: number, ahead = LIST_COUNT_AHEAD) => offset + ahead + 1;

export function boundedTotal(
  n: number,
  offset: number,
  ahead = LIST_COUNT_AHEAD,
): { total: number; totalIsLowerBound: boolean } {
  const bound = offset + ahead;
  return n > bound ? { total: bound, totalIsLowerBound: true } : { total: n, totalIsLowerBound: false };
}

/**
 * A page and its bounded total. The page is read first: one shorter than its limit is all there is
 * from its offset on, so it needs no count (an empty report tab, a driver's few dozen jobs).
 */
export async function pageWithBoundedTotal<R>(
  window: { limit: number; offset: number },
  readPage: () => Promise<R[]>,
  countMatches: (countTo: number) => Promise<number>,
  /** How far past the page to count: a list whose every match costs a probe counts less far. */
  ahead = LIST_COUNT_AHEAD,
): Promise<{ items: R[]; total: number; totalIsLowerBound: boolean }> {
  const items = await readPage();
  return { items, ...(await totalAfterPage(window, items.length, countMatches, ahead)) };
}

/**
 * The bounded total of a page already read that held `rows` rows: counted only when the page does
 * not tell (a full page, or an empty one past the start). For pages read as JSON text (ADR 40).
 */
export async function totalAfterPage(
  window: { limit: number; offset: number },
  rows: number,
  countMatches: (countTo: number) => Promise<number>,
  ahead = LIST_COUNT_AHEAD,
): Promise<{ total: number; totalIsLowerBound: boolean }> {
  const wholeRest = rows < window.limit && (rows > 0 || window.offset === 0);
  const n = wholeRest ? window.offset + rows : await countMatches(countToFor(window.offset, ahead));
  return boundedTotal(n, window.offset, ahead);
}

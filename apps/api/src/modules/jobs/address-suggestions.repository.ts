import { type AddressSource, type AddressSuggestionPage, ANY_JOB_MIN_SEARCH } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern, lowerPrefixPattern } from '../../db/sql-helpers';

// A read model (ADR 25, ADR 29): the addresses a job's leg may start or end at, from the operator's
// depots, the customer's record and the legs of earlier jobs, in one statement. It only reads.

export interface AddressSuggestionFilter {
  search?: string;
  customerId: string | null;
  limit: number;
  offset: number;
}

const RANK: Record<AddressSource, number> = { depot: 0, customer: 1, customer_job: 2, job: 3 };

interface SuggestionRow extends Record<string, unknown> {
  address: string;
  label: string | null;
  rank: number;
  uses: number;
  total: number;
}

const SOURCE_OF_RANK = Object.fromEntries(
  Object.entries(RANK).map(([source, rank]) => [rank, source]),
) as Record<number, AddressSource>;

/**
 * One page of suggestions, grouped by source (depots, the customer's address, this customer's
 * earlier jobs, every other job) and, within a source, those that start with the search first, then
 * the most used, then the most recent. An address offered by several sources is offered once, by the
 * first; its use count is the highest any source saw. Depots, the customer and the customer's jobs
 * are few and are matched anywhere in the text; every job's legs are many and are matched from the
 * start of the address, which the `lower(...) text_pattern_ops` indexes on job_legs serve.
 */
export async function listAddressSuggestions(
  db: Db,
  filter: AddressSuggestionFilter,
): Promise<AddressSuggestionPage> {
  const term = filter.search?.trim() ?? '';
  const contains = containsPattern(term);
  const prefix = lowerPrefixPattern(term);
  const matches = (column: ReturnType<typeof sql.raw>) =>
    term ? sql`${column} ilike ${contains}` : sql`true`;
  const customerId = filter.customerId ?? '';
  const anyJob = term.length >= ANY_JOB_MIN_SEARCH;

  const result = (await db.execute(sql`
    with candidates as (
      select d.address, d.name as label, ${RANK.depot}::int as rank, 0 as uses, null::date as last_used
      from depots d
      where d.is_active = 1 and btrim(coalesce(d.address, '')) <> ''
        and (${matches(sql.raw('d.address'))} or ${matches(sql.raw('d.name'))})
      union all
      select c.address, null, ${RANK.customer}::int, 0, null::date
      from customers c
      where c.id = ${customerId} and btrim(coalesce(c.address, '')) <> '' and ${matches(sql.raw('c.address'))}
      union all
      select min(a.address), null, ${RANK.customer_job}::int, count(*)::int, max(a.service_date)
      from (
        select l.origin_address as address, j.service_date
        from jobs j join job_legs l on l.job_id = j.id where j.customer_id = ${customerId}
        union all
        select l.destination_address, j.service_date
        from jobs j join job_legs l on l.job_id = j.id where j.customer_id = ${customerId}
      ) a
      where btrim(coalesce(a.address, '')) <> '' and ${matches(sql.raw('a.address'))}
      group by lower(btrim(a.address))
      union all
      select min(a.address), null, ${RANK.job}::int, count(*)::int, max(j.service_date)
      from (
        select l.job_id, l.origin_address as address from job_legs l
        where ${anyJob} and lower(l.origin_address) like ${prefix}
        union all
        select l.job_id, l.destination_address from job_legs l
        where ${anyJob} and lower(l.destination_address) like ${prefix}
      ) a
      join jobs j on j.id = a.job_id
      where btrim(a.address) <> ''
      group by lower(btrim(a.address))
    ),
    keyed as (
      select btrim(address) as address, label, rank, last_used,
        max(uses) over (partition by lower(btrim(address))) as uses,
        row_number() over (partition by lower(btrim(address)) order by rank, label) as nth,
        (lower(btrim(address)) like ${prefix} or lower(coalesce(label, '')) like ${prefix}) as starts
      from candidates
    )
    select address, label, rank, uses, count(*) over ()::int as total
    from keyed
    where nth = 1
    order by rank, starts desc, uses desc, last_used desc nulls last, lower(address), label
    limit ${filter.limit} offset ${filter.offset}
  `)) as unknown as { rows: SuggestionRow[] };

  const rows = result.rows;
  return {
    items: rows.map((r) => ({
      address: r.address,
      source: SOURCE_OF_RANK[Number(r.rank)]!,
      label: r.label,
      uses: Number(r.uses),
    })),
    total: rows.length > 0 ? Number(rows[0]!.total) : await countAddressSuggestions(db, filter),
    limit: filter.limit,
    offset: filter.offset,
  };
}

/** The total when the page asked for is past the end (no row carries the count). */
async function countAddressSuggestions(db: Db, filter: AddressSuggestionFilter): Promise<number> {
  if (filter.offset === 0) return 0;
  const first = await listAddressSuggestions(db, { ...filter, limit: 1, offset: 0 });
  return first.total;
}

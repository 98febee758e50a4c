import { type JobListRow, type JobSummary, jobSummaryFromRow } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { PENDING_REQUESTS } from './job-documents.repository';

// The manager's job list reads rows: the cells of its table (JobListRowSchema, ADR 40), built by
// PostgreSQL in one statement as JSON arrays, so neither side spends bytes or time on keys. A row
// carries no ids but the job's own: React keys by position, and an opened job is read whole (ADR 38).

/** An instant as ISO text (as toISOString writes it), rendered by PostgreSQL alike on both engines. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A slot's category is looked up only while it has no vehicle, the one time the row shows it: a
// staffed page skips a probe a slot (bench/NOTES.md §16).
const SLOTS = `coalesce((
  select json_agg(json_build_array(
    case when v.id is not null then json_build_array(v.registration_number, v.nickname) end,
    case when v.id is null then (select r.category_name from job_requirements r where r.id = s.requirement_id) end,
    case when u.id is not null then json_build_array(u.first_name, u.last_name,
      (select ${iso('min(sh.start_time)')} from shifts sh
       where sh.driver_id = s.driver_id and sh.shift_date = j.service_date)) end
  ) order by s.slot_position, s.created_at)
  from job_vehicles s
  left join vehicles v on v.id = s.vehicle_id
  left join users u on u.id = s.driver_id
  where s.job_id = j.id
), '[]'::json)`;

const LEGS = `coalesce((
  select json_agg(json_build_array(l.origin_address, l.destination_address, l.departure_time) order by l.leg_number)
  from job_legs l where l.job_id = j.id
), '[]'::json)`;

// The newest quote link's state (issue 24), read from the quote-links module's table for display. The
// newest is found by max(), not `order by … limit 1`: where the planner expects few links it sorts each
// job's (empty) set, 0.13 ms a job, two thirds of the page's cost (bench/NOTES.md §13).
const QUOTE_LINK = `(
  select json_build_array(
    case
      when q.accepted_at is not null then 'accepted'
      when q.declined_at is not null then 'declined'
      when q.revoked_at is not null then 'revoked'
      when q.expires_at <= now() then 'expired'
      when q.viewed_at is not null then 'viewed'
      else 'sent' end,
    ${iso(`coalesce(q.accepted_at, q.declined_at, q.revoked_at,
      case when q.expires_at <= now() then q.expires_at end, q.viewed_at, q.created_at)`)}
  )
  from quote_links q
  where q.job_id = j.id and q.created_at = (select max(m.created_at) from quote_links m where m.job_id = j.id)
  limit 1
)`;

// In the order of JobListRowSchema.
const ROW = `json_build_array(
  j.id, j.job_number, j.title, j.status, j.service_date, ${iso('j.updated_at')},
  j.total_price::float8, j.currency,
  case when c.id is not null then json_build_array(c.company_name, c.phone) end,
  ${LEGS},
  ${SLOTS},
  j.has_updates, ${PENDING_REQUESTS}, j.series_id,
  ${QUOTE_LINK}
)`;

// The page's rows as ONE JSON text, written by PostgreSQL and sent on as it is (ADR 40): the server
// neither parses nor writes them again. Prepared by name (db/prepared.ts): every page runs this same
// text, and planning it was about a third of its cost to PostgreSQL (bench/NOTES.md §13).
const rowsStatement = preparedPerDatabase((db) =>
  db
    .select({ rows: sql<string>`coalesce(json_agg(${sql.raw(ROW)} order by page.n), '[]')::text` })
    .from(
      sql`json_array_elements_text(${sql.placeholder('ids')}::json) with ordinality as page(id, n)
        join jobs j on j.id = page.id
        left join customers c on c.id = j.customer_id`,
    )
    .prepare('job_list_rows_by_ids'),
);

/** The rows (JobListRowSchema) of the jobs with these ids as a JSON array's text, in the order of the ids. */
export async function jobListRowsText(db: Db, ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const [result] = await rowsStatement(db).execute({ ids: JSON.stringify(ids) });
  return result?.rows ?? '[]';
}

/** The same rows as objects, for callers that did not ask for rows. */
export async function jobSummariesByIds(db: Db, ids: readonly string[]): Promise<JobSummary[]> {
  return (JSON.parse(await jobListRowsText(db, ids)) as JobListRow[]).map(jobSummaryFromRow);
}

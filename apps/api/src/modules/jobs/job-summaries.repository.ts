import type { JobSummary } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { epochMs, flag, PENDING_REQUESTS } from './job-documents.repository';

// The manager's job list reads summaries: the columns of its table (JobSummarySchema), built as JSON
// by PostgreSQL in one statement like the whole jobs of job-documents.repository.ts, at about a third
// of their bytes. The bytes are most of a page's cost on both sides of the socket (ADR 23), so a row
// carries no ids but the job's own: React keys by position, and an opened job is read whole (ADR 38).

const VEHICLES = `coalesce((
  select json_agg(json_build_object(
    'categoryName', case when v.id is null then r.category_name end,
    'vehicle', case when v.id is null then null else json_build_object(
      'registrationNumber', v.registration_number, 'nickname', v.nickname
    ) end,
    'driver', case when s.driver_id is null then null else json_build_object(
      'firstName', u.first_name, 'lastName', u.last_name,
      'clockedInAt', (select ${epochMs('min(sh.start_time)')} from shifts sh
                      where sh.driver_id = s.driver_id and sh.shift_date = j.service_date)
    ) end
  ) order by s.slot_position, s.created_at)
  from job_vehicles s
  left join job_requirements r on r.id = s.requirement_id
  left join vehicles v on v.id = s.vehicle_id
  left join users u on u.id = s.driver_id
  where s.job_id = j.id
), '[]'::json)`;

const LEGS = `coalesce((
  select json_agg(json_build_object(
    'originAddress', l.origin_address, 'destinationAddress', l.destination_address,
    'departureTime', l.departure_time
  ) order by l.leg_number)
  from job_legs l where l.job_id = j.id
), '[]'::json)`;

// The newest quote link's state (issue 24), read from the quote-links module's table for display. The
// newest is found by max(), not `order by … limit 1`: where the planner expects few links it sorts each
// job's (empty) set, 0.13 ms a job, two thirds of the page's cost (bench/NOTES.md §13).
const QUOTE_LINK = `(
  select json_build_object(
    'status', case
      when q.accepted_at is not null then 'accepted'
      when q.declined_at is not null then 'declined'
      when q.revoked_at is not null then 'revoked'
      when q.expires_at <= now() then 'expired'
      when q.viewed_at is not null then 'viewed'
      else 'sent' end,
    'at', ${epochMs(`coalesce(q.accepted_at, q.declined_at, q.revoked_at,
      case when q.expires_at <= now() then q.expires_at end, q.viewed_at, q.created_at)`)}
  )
  from quote_links q
  where q.job_id = j.id and q.created_at = (select max(m.created_at) from quote_links m where m.job_id = j.id)
  limit 1
)`;

const SUMMARY = `json_build_object(
  'id', j.id, 'jobNumber', j.job_number, 'title', j.title, 'status', j.status,
  'serviceDate', j.service_date, 'seriesId', j.series_id, 'hasUpdates', j.has_updates, 'updatedAt', ${epochMs('j.updated_at')},
  'totalPrice', j.total_price, 'currency', j.currency,
  'customer', case when c.id is null then null else json_build_object(
    'companyName', c.company_name, 'phone', c.phone
  ) end,
  'legs', ${LEGS},
  'vehicles', ${VEHICLES},
  'pendingRequests', ${PENDING_REQUESTS},
  'quoteLink', ${QUOTE_LINK}
)`;

type SummaryDocument = Omit<JobSummary, 'updatedAt' | 'hasUpdates' | 'quoteLink'> & {
  updatedAt: number;
  hasUpdates: number;
  quoteLink: { status: NonNullable<JobSummary['quoteLink']>['status']; at: number } | null;
};

// Prepared by name (db/prepared.ts): every page runs this same text, and planning it was about a
// third of its cost to PostgreSQL (bench/NOTES.md §13).
const summaryStatement = preparedPerDatabase((db) =>
  db
    .select({ job: sql<SummaryDocument | string>`${sql.raw(SUMMARY)}` })
    .from(
      sql`json_array_elements_text(${sql.placeholder('ids')}::json) with ordinality as page(id, n)
        join jobs j on j.id = page.id
        left join customers c on c.id = j.customer_id`,
    )
    .orderBy(sql`page.n`)
    .prepare('job_summaries_by_ids'),
);

async function summaryDocuments(db: Db, ids: readonly string[]): Promise<SummaryDocument[]> {
  if (ids.length === 0) return [];
  const rows = await summaryStatement(db).execute({ ids: JSON.stringify(ids) });
  // Both drivers parse a json column; a string would mean one did not.
  return rows.map((r) => (typeof r.job === 'string' ? (JSON.parse(r.job) as SummaryDocument) : r.job));
}

/** The summaries of the jobs with these ids, in the order of the ids; ids of no job are left out. */
export async function jobSummariesByIds(db: Db, ids: readonly string[]): Promise<JobSummary[]> {
  return (await summaryDocuments(db, ids)).map((d) => ({
    ...d,
    hasUpdates: flag(d.hasUpdates),
    updatedAt: new Date(d.updatedAt).toISOString(),
    totalPrice: Number(d.totalPrice),
    pendingRequests: Number(d.pendingRequests),
    vehicles: d.vehicles.map((s) => ({
      ...s,
      driver: s.driver
        ? {
            ...s.driver,
            clockedInAt:
              s.driver.clockedInAt === null ? null : new Date(Number(s.driver.clockedInAt)).toISOString(),
          }
        : null,
    })),
    quoteLink: d.quoteLink
      ? { status: d.quoteLink.status, at: new Date(d.quoteLink.at).toISOString() }
      : null,
  }));
}

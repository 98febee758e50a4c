import type { JobSummary } from '@dms/domain';
import type { Db } from '../../db/client';
import { documentsByIds, epochMs, flag, PENDING_REQUESTS } from './job-documents.repository';

// The manager's job list reads summaries: the columns of its table (JobSummarySchema), built as JSON
// by PostgreSQL in one statement like the whole jobs of job-documents.repository.ts, at about a third
// of their bytes. The bytes are most of a page's cost on both sides of the socket (ADR 23).

const VEHICLES = `coalesce((
  select json_agg(json_build_object(
    'id', s.id,
    'categoryName', coalesce(r.category_name, vc.name),
    'vehicle', case when v.id is null then null else json_build_object(
      'id', v.id, 'registrationNumber', v.registration_number, 'nickname', v.nickname
    ) end,
    'driver', case when s.driver_id is null then null else json_build_object(
      'id', s.driver_id, 'firstName', u.first_name, 'lastName', u.last_name,
      'clockedInAt', (select ${epochMs('min(sh.start_time)')} from shifts sh
                      where sh.driver_id = s.driver_id and sh.shift_date = j.service_date)
    ) end
  ) order by s.slot_position, s.created_at)
  from job_vehicles s
  left join job_requirements r on r.id = s.requirement_id
  left join vehicles v on v.id = s.vehicle_id
  left join vehicle_categories_new vc on vc.id = v.category_id
  left join users u on u.id = s.driver_id
  where s.job_id = j.id
), '[]'::json)`;

const LEGS = `coalesce((
  select json_agg(json_build_object(
    'id', l.id, 'originAddress', l.origin_address, 'destinationAddress', l.destination_address,
    'departureTime', l.departure_time
  ) order by l.leg_number)
  from job_legs l where l.job_id = j.id
), '[]'::json)`;

// The newest quote link's state (issue 24), read from the quote-links module's table for display.
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
  from quote_links q where q.job_id = j.id order by q.created_at desc limit 1
)`;

const SUMMARY = `json_build_object(
  'id', j.id, 'jobNumber', j.job_number, 'title', j.title, 'status', j.status,
  'serviceDate', j.service_date, 'seriesId', j.series_id, 'hasUpdates', j.has_updates, 'updatedAt', ${epochMs('j.updated_at')},
  'totalPrice', j.total_price, 'currency', j.currency,
  'customer', case when c.id is null then null else json_build_object(
    'id', c.id, 'companyName', c.company_name, 'phone', c.phone
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

const summaryDocuments = documentsByIds<SummaryDocument>(SUMMARY);

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

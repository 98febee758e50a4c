import type { JobClash } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface ClashQuery {
  /** The job being edited, never a clash with itself. */
  jobId: string | null;
  serviceDate: string;
  /** 'HH:mm' first departure and last arrival; both null when the job has no times yet. */
  start: string | null;
  end: string | null;
  vehicleIds: readonly string[];
  driverIds: readonly string[];
}

interface ClashRow extends Record<string, unknown> {
  vehicle_id: string | null;
  driver_id: string | null;
  job_id: string;
  job_number: string;
  title: string | null;
  start: string | null;
  end: string | null;
  registration_number: string | null;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
}

const list = (ids: readonly string[]) =>
  ids.length > 0
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;

/**
 * Vehicles and drivers of `query` already on another job of the same service date whose time
 * overlaps (first departure to last arrival). A job without times counts as the whole day. Cancelled
 * jobs hold nothing. One query, whatever the number of slots.
 */
export async function findClashes(db: Db, query: ClashQuery): Promise<JobClash[]> {
  if (query.vehicleIds.length === 0 && query.driverIds.length === 0) return [];
  const overlap =
    query.start && query.end
      ? sql`(o.start is null or (o.start < ${query.end} and ${query.start} < o."end") or o.start = ${query.start})`
      : sql`true`;
  const result = (await db.execute(sql`
    with other as (
      select j.id, j.job_number, j.title,
        min(l.departure_time) as start,
        max(coalesce(l.arrival_time, l.departure_time)) as "end"
      from jobs j
      left join job_legs l on l.job_id = j.id
      where j.service_date = ${query.serviceDate}
        and j.status <> 'cancelled'
        and j.id <> ${query.jobId ?? ''}
      group by j.id, j.job_number, j.title
    )
    select jv.vehicle_id, jv.driver_id, o.id as job_id, o.job_number, o.title, o.start, o."end",
      v.registration_number, v.nickname, u.first_name, u.last_name
    from job_vehicles jv
    join other o on o.id = jv.job_id
    left join vehicles v on v.id = jv.vehicle_id
    left join users u on u.id = jv.driver_id
    where (jv.vehicle_id in (${list(query.vehicleIds)}) or jv.driver_id in (${list(query.driverIds)}))
      and ${overlap}
    order by o.start nulls first, o.job_number
  `)) as unknown as { rows: ClashRow[] };

  const vehicleIds = new Set(query.vehicleIds);
  const driverIds = new Set(query.driverIds);
  const clashes: JobClash[] = [];
  for (const r of result.rows) {
    const other = {
      otherJobId: r.job_id,
      otherJobNumber: r.job_number,
      otherJobTitle: r.title,
      otherStart: r.start,
      otherEnd: r.end,
    };
    if (r.vehicle_id && vehicleIds.has(r.vehicle_id)) {
      clashes.push({
        kind: 'vehicle',
        name: r.registration_number ?? r.nickname ?? 'Vehicle',
        vehicleId: r.vehicle_id,
        driverId: null,
        ...other,
      });
    }
    if (r.driver_id && driverIds.has(r.driver_id)) {
      clashes.push({
        kind: 'driver',
        name: [r.first_name, r.last_name].filter(Boolean).join(' ') || 'Driver',
        vehicleId: null,
        driverId: r.driver_id,
        ...other,
      });
    }
  }
  return clashes;
}

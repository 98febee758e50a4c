import { FLEET_VEHICLE_LIMIT } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Fleet Overview (issue 16, ADR 0019): each chart is one SQL statement, bounded by a range of at most a
// year and, per vehicle, by FLEET_VEHICLE_LIMIT rows. Weeks start on Monday in the operator's zone.

export interface FleetRange {
  /** Dates of the operator's calendar (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  timeZone: string;
}

/** The range's first and last instants: midnight to midnight in the operator's zone. */
const start = (r: FleetRange) => sql`((${r.from}::date)::timestamp at time zone ${r.timeZone})`;
const end = (r: FleetRange) => sql`((${r.to}::date + 1)::timestamp at time zone ${r.timeZone})`;

/** Every Monday from the one of `from` to `to`: at most 54 rows for a year. */
const weeks = (r: FleetRange) => sql`
  select generate_series(
    date_trunc('week', ${r.from}::date::timestamp),
    ${r.to}::date::timestamp,
    interval '7 days'
  )::date as week_start`;

const vehicleLabel = sql`coalesce(nullif(concat_ws(' · ', v.registration_number, v.nickname), ''), 'Vehicle')`;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const rowsOf = <R>(result: unknown): R[] =>
  (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];

/**
 * Litres per 100 km by vehicle. Flagged readings (confirmed implausible, ADR 27) are left out. Only
 * readings that never go back count (a lower reading than one
 * before it is a typing slip); distance is the highest trusted reading less the lowest; the litres
 * are those put in after the first trusted fill, which only refilled fuel burnt before the range.
 * A vehicle with no distance has no figure (never a division by zero). Worst first.
 */
export async function fuelEconomy(db: Db, r: FleetRange) {
  const result = await db.execute(sql`
    with fills as (
      select f.id, f.vehicle_id, f.fuel_date, f.odometer_reading, f.liters_added,
        max(f.odometer_reading) over (
          partition by f.vehicle_id order by f.fuel_date, f.id
          rows between unbounded preceding and 1 preceding
        ) as highest_before
      from fuel_logs f
      where f.fuel_date >= ${start(r)} and f.fuel_date < ${end(r)}
        -- A reading the driver had to confirm (ADR 27) is not trusted for economy.
        and f.plausibility_flags = '[]'::jsonb
    ),
    trusted as (
      select *, row_number() over (partition by vehicle_id order by fuel_date, id) as n
      from fills
      where highest_before is null or odometer_reading >= highest_before
    ),
    per_vehicle as (
      select vehicle_id,
        count(*)::int as fills,
        coalesce(sum(liters_added) filter (where n > 1), 0) as litres,
        case when count(*) > 1 then max(odometer_reading) - min(odometer_reading) end as distance_km
      from trusted
      group by vehicle_id
    )
    select v.id as vehicle_id, ${vehicleLabel} as vehicle, p.fills, p.litres, p.distance_km,
      case when p.distance_km > 0 then round(p.litres / p.distance_km * 100, 2) end as per_100,
      count(*) over ()::int as total
    from per_vehicle p
    join vehicles v on v.id = p.vehicle_id
    order by per_100 desc nulls last, vehicle, v.id
    limit ${FLEET_VEHICLE_LIMIT}
  `);
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    total: rows.length ? num(rows[0]!.total) : 0,
    items: rows.map((row) => ({
      vehicleId: String(row.vehicle_id),
      vehicle: String(row.vehicle),
      fills: num(row.fills),
      litres: num(row.litres),
      distanceKm: numOrNull(row.distance_km),
      litresPer100Km: numOrNull(row.per_100),
    })),
  };
}

/**
 * Pre-departure and end-of-shift forms per week, and how many had a failed answer. Every week of the
 * range is answered (a week without forms has no rate), so that gaps show as gaps.
 */
export async function inspectionFailRate(db: Db, r: FleetRange) {
  const result = await db.execute(sql`
    with forms as (
      select inspection_date as at, responses from pre_departure_inspections
      where inspection_date >= ${start(r)} and inspection_date < ${end(r)}
      union all
      select inspection_date, responses from end_of_shift_inspections
      where inspection_date >= ${start(r)} and inspection_date < ${end(r)}
    ),
    weeks as (${weeks(r)})
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      count(f.at)::int as forms,
      (count(f.at) filter (where f.responses @> '[{"passed": false}]'::jsonb))::int as failed
    from weeks w
    left join forms f on date_trunc('week', f.at at time zone ${r.timeZone})::date = w.week_start
    group by w.week_start
    order by w.week_start
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const forms = num(row.forms);
    const failed = num(row.failed);
    return { weekStart: String(row.week_start), forms, failed, failRate: forms ? failed / forms : null };
  });
}

/** Closed shifts per week (by the operator's day they started on) and their hours. */
export async function driverHours(db: Db, r: FleetRange) {
  const result = await db.execute(sql`
    with weeks as (${weeks(r)})
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      count(s.id)::int as shifts,
      coalesce(round(sum(extract(epoch from s.end_time - s.start_time))::numeric / 3600, 2), 0) as hours
    from weeks w
    left join shifts s
      on s.end_time is not null
      and s.shift_date between ${r.from}::date and ${r.to}::date
      and date_trunc('week', s.shift_date::timestamp)::date = w.week_start
    group by w.week_start
    order by w.week_start
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    weekStart: String(row.week_start),
    shifts: num(row.shifts),
    hours: num(row.hours),
  }));
}

/**
 * Defects open at the end of the range, by vehicle: reported before its end and not cleared by then.
 * With a range that ends today, that is every defect not yet cleared. Most first.
 */
export async function openDefects(db: Db, r: FleetRange) {
  const result = await db.execute(sql`
    select v.id as vehicle_id, ${vehicleLabel} as vehicle,
      count(*)::int as open_defects,
      min(d.reported_at) as oldest,
      count(*) over ()::int as total
    from vehicle_defects d
    join vehicles v on v.id = d.vehicle_id
    where d.reported_at < ${end(r)} and (d.cleared_at is null or d.cleared_at >= ${end(r)})
    group by v.id
    order by open_defects desc, oldest, v.id
    limit ${FLEET_VEHICLE_LIMIT}
  `);
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    total: rows.length ? num(rows[0]!.total) : 0,
    items: rows.map((row) => ({
      vehicleId: String(row.vehicle_id),
      vehicle: String(row.vehicle),
      openDefects: num(row.open_defects),
      oldestReportedAt: new Date(row.oldest as string | Date).toISOString(),
    })),
  };
}

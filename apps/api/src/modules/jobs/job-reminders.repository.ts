import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface DueReminder extends Record<string, unknown> {
  job_id: string;
  driver_id: string;
}

/**
 * Drivers to remind now: on a job in a staffed status whose first departure, in the operator's time
 * zone, is less than their reminderHours (default 24) ahead and still to come, and not yet reminded
 * of it (a reminder row of any outcome counts, so each is sent once).
 */
export async function dueReminders(db: Db, now: Date, timeZone: string, limit = 500): Promise<DueReminder[]> {
  const result = (await db.execute(sql`
    with departures as (
      select j.id as job_id,
        ((j.service_date + coalesce(
          (select l.departure_time from job_legs l where l.job_id = j.id order by l.leg_number limit 1),
          '00:00')::time) at time zone ${timeZone}) as departs_at
      from jobs j
      where j.status in ('confirmed', 'assigned')
        and j.service_date between (${now}::timestamptz at time zone ${timeZone})::date - 1
                                and (${now}::timestamptz at time zone ${timeZone})::date + 8
    )
    select distinct d.job_id, jv.driver_id
    from departures d
    join job_vehicles jv on jv.job_id = d.job_id and jv.driver_id is not null
    left join driver_preferences p on p.user_id = jv.driver_id
    where d.departs_at > ${now}::timestamptz
      and d.departs_at - make_interval(hours => coalesce(p.reminder_hours, 24)) <= ${now}::timestamptz
      and not exists (
        select 1 from email_notifications n
        where n.job_id = d.job_id and n.user_id = jv.driver_id and n.email_type = 'reminder'
      )
    limit ${limit}
  `)) as unknown as { rows: DueReminder[] };
  return result.rows;
}

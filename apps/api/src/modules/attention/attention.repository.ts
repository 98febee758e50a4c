import type { AttentionKind } from '@dms/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AttentionItemRow, attentionItems } from '../../db/schema';

const open = and(isNull(attentionItems.acknowledgedAt), isNull(attentionItems.resolvedAt));

/** Raises an item once per subject; answers the new row, or undefined when it was raised before. */
export async function insertAttentionItem(
  tx: Db,
  item: { kind: AttentionKind; subjectId: string; serious: boolean; title: string; detail: string | null },
  now: Date,
  alreadyMailed = false,
): Promise<AttentionItemRow | undefined> {
  const [row] = await tx
    .insert(attentionItems)
    .values({
      ...item,
      serious: item.serious ? 1 : 0,
      raisedAt: now,
      // Nothing to mail for the others.
      mailedAt: item.serious && !alreadyMailed ? null : now,
    })
    .onConflictDoNothing({ target: [attentionItems.kind, attentionItems.subjectId] })
    .returning();
  return row;
}

export async function listOpenAttention(db: Db, limit = 50) {
  const [items, [total]] = await Promise.all([
    db.select().from(attentionItems).where(open).orderBy(desc(attentionItems.raisedAt)).limit(limit),
    db.select({ n: count() }).from(attentionItems).where(open),
  ]);
  return { items, open: total?.n ?? 0 };
}

export async function getAttentionItem(db: Db, id: string): Promise<AttentionItemRow | undefined> {
  const [row] = await db.select().from(attentionItems).where(eq(attentionItems.id, id));
  return row;
}

/** A conditional update: of two managers acknowledging at once, one wins. */
export async function acknowledgeAttentionItem(
  tx: Db,
  id: string,
  userId: string,
  now: Date,
): Promise<AttentionItemRow | undefined> {
  const [row] = await tx
    .update(attentionItems)
    .set({ acknowledgedAt: now, acknowledgedBy: userId })
    .where(and(eq(attentionItems.id, id), open))
    .returning();
  return row;
}

/** Serious items whose mails have not gone yet, oldest first, taken by one instance (SKIP LOCKED). */
export async function takeUnmailedItems(tx: Db, now: Date, limit = 50): Promise<AttentionItemRow[]> {
  const result = (await tx.execute(sql`
    update attention_items set mailed_at = ${now}::timestamptz
    where id in (
      select id from attention_items where mailed_at is null
      order by raised_at limit ${limit} for update skip locked
    )
    returning id, kind, title, detail, raised_at`)) as unknown as {
    rows: {
      id: string;
      kind: AttentionKind;
      title: string;
      detail: string | null;
      raised_at: string | Date;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subjectId: '',
    serious: 1,
    title: r.title,
    detail: r.detail,
    raisedAt: new Date(r.raised_at),
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    mailedAt: now,
  }));
}

export interface LateDriver extends Record<string, unknown> {
  driver_id: string;
  service_date: string;
  departs: string;
  job_number: string;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * Drivers on today's staffed jobs (operator's day) whose first departure is `leadMinutes` away or
 * past, with no shift begun that day, and not yet raised.
 */
export async function lateDrivers(
  db: Db,
  now: Date,
  timeZone: string,
  leadMinutes: number,
): Promise<LateDriver[]> {
  const result = (await db.execute(sql`
    with today as (select (${now}::timestamptz at time zone ${timeZone})::date as d),
    firsts as (
      select distinct on (jv.driver_id)
        jv.driver_id, j.service_date, l.departure_time, j.job_number, j.title
      from jobs j
      join job_vehicles jv on jv.job_id = j.id and jv.driver_id is not null
      join job_legs l on l.job_id = j.id and l.departure_time is not null
      where j.status in ('confirmed', 'assigned', 'in_progress') and j.service_date = (select d from today)
      order by jv.driver_id, l.departure_time
    )
    select f.driver_id, f.service_date::text as service_date, f.departure_time as departs,
      f.job_number, f.title, u.first_name, u.last_name
    from firsts f
    join users u on u.id = f.driver_id
    where ((f.service_date + f.departure_time::time) at time zone ${timeZone})
            - make_interval(mins => ${leadMinutes}) <= ${now}::timestamptz
      and not exists (
        select 1 from shifts s where s.driver_id = f.driver_id and s.shift_date = f.service_date)
      and not exists (
        select 1 from attention_items a
        where a.kind = 'late_clock_in' and a.subject_id = f.driver_id || ':' || f.service_date::text)
  `)) as unknown as { rows: LateDriver[] };
  return result.rows;
}

/** Late-driver items settle by themselves once the driver has clocked in that day. */
export async function resolveClockedIn(tx: Db, now: Date): Promise<number> {
  const result = (await tx.execute(sql`
    update attention_items a set resolved_at = ${now}::timestamptz
    where a.kind = 'late_clock_in' and a.acknowledged_at is null and a.resolved_at is null
      and exists (
        select 1 from shifts s
        where s.driver_id = split_part(a.subject_id, ':', 1)
          and s.shift_date = split_part(a.subject_id, ':', 2)::date)
    returning a.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

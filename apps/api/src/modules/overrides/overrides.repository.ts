import type { ComplianceOverrideInput, OverrideKind } from '@dms/domain';
import { ComplianceOverrideInputSchema } from '@dms/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceOverrides, jobs } from '../../db/schema';

// The overrides' audit trail (ADR 34). compliance_overrides is this module's table; the report is a
// read model (ADR 25) that also reads hours_overrides, written by driver-hours, and the names of the
// jobs, drivers, vehicles and managers it is about.

/**
 * Records compliance overrides inside the caller's transaction (the allocation that was allowed), so
 * an allocation rolled back leaves no override behind. Throws on input a check should never send.
 */
export async function insertComplianceOverrides(
  tx: Db,
  rows: readonly ComplianceOverrideInput[],
  userId: string | null,
) {
  if (rows.length === 0) return [];
  const parsed = rows.map((r) => ComplianceOverrideInputSchema.parse(r));
  const jobIds = [...new Set(parsed.map((r) => r.jobId))];
  // The job's number is kept beside its id: the trail outlives a deleted job.
  const found = await tx
    .select({ id: jobs.id, jobNumber: jobs.jobNumber })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  const numbers = new Map(found.map((j) => [j.id, j.jobNumber]));
  const missing = jobIds.find((id) => !numbers.has(id));
  if (missing) throw new Error(`No job ${missing} to record a compliance override against`);
  return tx
    .insert(complianceOverrides)
    .values(
      parsed.map((r) => ({
        jobId: r.jobId,
        jobNumber: numbers.get(r.jobId) ?? null,
        driverId: r.driverId,
        vehicleId: r.vehicleId,
        ruleKey: r.ruleKey,
        problem: r.problem,
        details: r.details,
        checkedFor: r.checkedFor,
        reason: r.reason,
        createdBy: userId,
      })),
    )
    .returning({ id: complianceOverrides.id });
}

export interface OverrideFilter {
  /** Dates of the operator's calendar (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  timeZone: string;
  driverId?: string;
  vehicleId?: string;
  kind?: OverrideKind;
  jobId?: string;
  limit: number;
  offset: number;
  /** Keyset paging for exports: rows strictly older than this (created_at as text, id). */
  before?: { at: string; id: string };
}

export interface StoredOverride {
  id: string;
  kind: OverrideKind;
  at: Date | string;
  /** created_at as PostgreSQL prints it, to the microsecond: the export's keyset. */
  cursor: string;
  allowed_by_name: string | null;
  job_id: string | null;
  job_number: string | null;
  job_title: string | null;
  driver_id: string | null;
  driver_name: string | null;
  vehicle_id: string | null;
  vehicle: string | null;
  rule_key: string;
  problems: { label: string; text: string }[] | string;
  details: Record<string, string | number | null> | string;
  checked_for: string | null;
  reason: string;
}

const name = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/**
 * Both kinds in one list, newest first. An hours override names no vehicle, so it shows the vehicle
 * of the driver's slot on the job (the one they drive).
 */
const ALL = sql`
  select h.id, 'hours' as kind, h.created_at as at, h.created_by, h.job_id, hj.job_number,
    h.driver_id,
    (select jv.vehicle_id from job_vehicles jv
      where jv.job_id = h.job_id and jv.driver_id = h.driver_id
      order by jv.slot_position, jv.id limit 1) as vehicle_id,
    'hours' as rule_key, h.breaches as problems, '{}'::jsonb as details,
    hj.service_date as checked_for, h.reason
  from hours_overrides h
  join jobs hj on hj.id = h.job_id
  union all
  select c.id, 'compliance', c.created_at, c.created_by, c.job_id, coalesce(cj.job_number, c.job_number),
    c.driver_id, c.vehicle_id, c.rule_key,
    jsonb_build_array(jsonb_build_object('label', c.rule_key, 'text', c.problem)), c.details,
    c.checked_for, c.reason
  from compliance_overrides c
  left join jobs cj on cj.id = c.job_id
`;

function conditions(filter: OverrideFilter): SQL {
  const where: SQL[] = [sql`true`];
  // The operator's day: midnight to midnight in APP_TIMEZONE.
  if (filter.from) where.push(sql`o.at >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`);
  if (filter.to) where.push(sql`o.at < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
  if (filter.driverId) where.push(sql`o.driver_id = ${filter.driverId}`);
  if (filter.vehicleId) where.push(sql`o.vehicle_id = ${filter.vehicleId}`);
  if (filter.kind) where.push(sql`o.kind = ${filter.kind}`);
  if (filter.jobId) where.push(sql`o.job_id = ${filter.jobId}`);
  if (filter.before)
    where.push(
      sql`(o.at < ${filter.before.at}::timestamptz or (o.at = ${filter.before.at}::timestamptz and o.id < ${filter.before.id}))`,
    );
  return sql.join(where, sql` and `);
}

export async function listOverrides(db: Db, filter: OverrideFilter) {
  const where = conditions(filter);
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select o.id, o.kind, o.at, o.at::text as cursor, ${name('a')} as allowed_by_name,
        o.job_id, o.job_number, j.title as job_title,
        o.driver_id, ${name('d')} as driver_name,
        o.vehicle_id, nullif(concat_ws(' · ', v.registration_number, v.nickname), '') as vehicle,
        o.rule_key, o.problems, o.details, o.checked_for::text as checked_for, o.reason
      from (${ALL}) o
      left join jobs j on j.id = o.job_id
      left join users d on d.id = o.driver_id
      left join users a on a.id = o.created_by
      left join vehicles v on v.id = o.vehicle_id
      where ${where}
      order by o.at desc, o.id desc
      limit ${filter.limit} offset ${filter.offset}
    `),
    db.execute(sql`select count(*)::int as n from (${ALL}) o where ${where}`),
  ]);
  const items = (rows as unknown as { rows: StoredOverride[] }).rows;
  const [c] = (count as unknown as { rows: { n: number }[] }).rows;
  return { items, total: Number(c?.n ?? 0) };
}

export async function jobExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
  return Boolean(row);
}

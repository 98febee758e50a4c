import {
  COMPLIANCE_REFUSAL,
  type ComplianceProblem,
  dateInZone,
  HOURS_MESSAGES,
  type HoursWarning,
  type Job,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { type FieldError, HttpError } from '../../http/errors';
import { complianceProblemsFor } from '../compliance';
import { type HoursContext, hoursRefusalDetail, hoursWarnings, recordHoursOverrides } from '../driver-hours';
import { recordComplianceOverrides } from '../overrides';

// The checks made when someone is put on a job (dispatch safety, issue 26; ADR 33): the hours check
// for drivers newly on the job and the compliance check for slots newly allocated. Both run before
// either refuses, so one 409 names every problem and the manager gives both reasons at once.

/** A slot's driver and vehicle, as allocated. */
export interface Allocation {
  driverId: string | null;
  vehicleId: string | null;
}

export interface AllocationReasons {
  hoursOverrideReason?: string | null;
  complianceOverrideReason?: string | null;
}

interface CompliancePair extends Allocation {
  problems: ComplianceProblem[];
}

/**
 * The slots of `after` whose driver/vehicle pair is new on its date and school rule: a save that
 * only edits notes does not refuse (nor record again) what was allowed before.
 */
export function newAllocations(before: Job | null, after: Job): Allocation[] {
  const keyOf = (job: Job, s: Allocation) =>
    [job.serviceDate, job.customer?.companyType === 'school', s.driverId, s.vehicleId].join('|');
  const had = new Set(before ? before.vehicles.map((s) => keyOf(before, s)) : []);
  const seen = new Set<string>();
  const out: Allocation[] = [];
  for (const s of after.vehicles) {
    if (!s.driverId && !s.vehicleId) continue;
    const key = keyOf(after, s);
    if (had.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push({ driverId: s.driverId, vehicleId: s.vehicleId });
  }
  return out;
}

/**
 * Inside the allocation's transaction: refuses with one 409 naming every hours breach and compliance
 * refusal that has no reason, else records the overrides (hours and compliance) and answers the
 * compliance warnings (a service overdue), which never block.
 */
export async function guardAllocation(
  tx: Db,
  ctx: HoursContext,
  job: Job,
  change: { newDriverIds: readonly string[]; allocations: readonly Allocation[] },
  reasons: AllocationReasons,
  userId: string | null,
  now = new Date(),
): Promise<ComplianceProblem[]> {
  if (!job.serviceDate || job.status === 'cancelled') return [];
  const serviceDate = job.serviceDate;
  const hours: HoursWarning[] = await hoursWarnings(
    tx,
    ctx,
    { id: job.id, serviceDate, legs: job.legs },
    change.newDriverIds,
    now,
  );
  const today = dateInZone(now, ctx.timeZone);
  const schoolJob = job.customer?.companyType === 'school';
  const pairs: CompliancePair[] = [];
  for (const a of change.allocations) {
    const problems = await complianceProblemsFor(
      tx,
      { driverId: a.driverId, vehicleId: a.vehicleId, date: serviceDate, schoolJob },
      ctx.timeZone,
      today,
    );
    pairs.push({ ...a, problems });
  }
  const refusals = distinct(
    pairs.flatMap((p) => p.problems.filter((x) => x.severity === 'refusal').map((x) => ({ ...p, x }))),
  );
  const warnings = distinctProblems(pairs.flatMap((p) => p.problems.filter((x) => x.severity === 'warning')));

  const hoursReason = reasons.hoursOverrideReason?.trim() ?? '';
  const complianceReason = reasons.complianceOverrideReason?.trim() ?? '';
  const missingHours = hours.length > 0 && !hoursReason;
  const missingCompliance = refusals.length > 0 && !complianceReason;
  if (missingHours || missingCompliance) {
    const words: string[] = [];
    const errors: FieldError[] = [];
    if (missingHours) {
      words.push(`${HOURS_MESSAGES.reasonRequired} ${hoursRefusalDetail(hours)}`);
      errors.push({ path: 'hoursOverrideReason', message: HOURS_MESSAGES.reasonRequired });
    }
    if (missingCompliance) {
      words.push(`${COMPLIANCE_REFUSAL.reasonRequired} ${refusals.map((r) => r.x.message).join('; ')}`);
      // One entry per problem: a client lists each refusal beside the reason field.
      for (const r of refusals) errors.push({ path: 'complianceOverrideReason', message: r.x.message });
    }
    throw new HttpError(409, words.join(' '), errors);
  }
  await recordHoursOverrides(tx, job.id, hours, hoursReason, userId);
  await recordComplianceOverrides(tx, {
    overrides: refusals.map((r) => ({
      jobId: job.id,
      // A licence class is about the pair; other rules name only the driver or only the vehicle.
      driverId: r.x.subject === 'driver' || pairRule(r.x) ? r.driverId : null,
      vehicleId: r.x.subject === 'vehicle' || pairRule(r.x) ? r.vehicleId : null,
      ruleKey: r.x.code,
      problem: r.x.message,
      details: { subject: r.x.subject, ...r.x.details },
      checkedFor: serviceDate,
      reason: complianceReason,
    })),
    userId,
  });
  return warnings;
}

const pairRule = (p: ComplianceProblem) => p.code === 'licence_class' || p.code === 'licence_missing';

/** A driver's own problem (a lapsed medical) is one refusal however many slots they hold. */
function distinct<T extends { x: ComplianceProblem }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.x.code}|${r.x.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function distinctProblems(problems: ComplianceProblem[]): ComplianceProblem[] {
  return distinct(problems.map((x) => ({ x }))).map((r) => r.x);
}

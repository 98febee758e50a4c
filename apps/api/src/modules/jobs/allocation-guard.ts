import {
  COMPLIANCE_REFUSAL,
  type ComplianceProblem,
  dateInZone,
  HOURS_MESSAGES,
  type HoursWarning,
  type Job,
  SERIES_CHECKS_MESSAGE,
  type SeriesDateProblem,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { type FieldError, HttpError } from '../../http/errors';
import { complianceChecker } from '../compliance';
import {
  type HoursContext,
  hoursRefusalDetail,
  hoursWarningsForJobs,
  recordHoursOverrides,
} from '../driver-hours';
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

/** What one job's allocation would break: hours per driver, compliance refusals and warnings. */
interface Assessment {
  job: Job;
  hours: HoursWarning[];
  refusals: (CompliancePair & { x: ComplianceProblem })[];
  warnings: ComplianceProblem[];
}

/**
 * What allocating `change` on each of `jobs` would break, from one load of the drivers' work and of
 * the records whatever the number of jobs (one job, or a series' dates). Cancelled and undated jobs
 * are not checked.
 */
async function assessAll(
  tx: Db,
  ctx: HoursContext,
  jobs: readonly Job[],
  change: { newDriverIds: readonly string[]; allocations: readonly Allocation[] },
  now: Date,
): Promise<Assessment[]> {
  const dated = jobs.filter(
    (j): j is Job & { serviceDate: string } => !!j.serviceDate && j.status !== 'cancelled',
  );
  if (dated.length === 0) return [];
  const hours = await hoursWarningsForJobs(
    tx,
    ctx,
    dated.map((j) => ({ id: j.id, serviceDate: j.serviceDate, legs: j.legs })),
    change.newDriverIds,
    now,
  );
  const problemsOf = await complianceChecker(
    tx,
    change.allocations,
    ctx.timeZone,
    dateInZone(now, ctx.timeZone),
  );
  return dated.map((job) => {
    const schoolJob = job.customer?.companyType === 'school';
    const pairs: CompliancePair[] = change.allocations.map((a) => ({
      ...a,
      problems: problemsOf({ ...a, date: job.serviceDate, schoolJob }),
    }));
    return {
      job,
      hours: hours.get(job.id) ?? [],
      refusals: distinct(
        pairs.flatMap((p) => p.problems.filter((x) => x.severity === 'refusal').map((x) => ({ ...p, x }))),
      ),
      warnings: distinctProblems(pairs.flatMap((p) => p.problems.filter((x) => x.severity === 'warning'))),
    };
  });
}

/** The one 409 naming every breach and refusal that has no reason, or null when all are answered. */
function refusalOf(a: Assessment, reasons: AllocationReasons): HttpError | null {
  const missingHours = a.hours.length > 0 && !reasons.hoursOverrideReason?.trim();
  const missingCompliance = a.refusals.length > 0 && !reasons.complianceOverrideReason?.trim();
  if (!missingHours && !missingCompliance) return null;
  const words: string[] = [];
  const errors: FieldError[] = [];
  if (missingHours) {
    words.push(`${HOURS_MESSAGES.reasonRequired} ${hoursRefusalDetail(a.hours)}`);
    errors.push({ path: 'hoursOverrideReason', message: HOURS_MESSAGES.reasonRequired });
  }
  if (missingCompliance) {
    words.push(`${COMPLIANCE_REFUSAL.reasonRequired} ${a.refusals.map((r) => r.x.message).join('; ')}`);
    // One entry per problem: a client lists each refusal beside the reason field.
    for (const r of a.refusals) errors.push({ path: 'complianceOverrideReason', message: r.x.message });
  }
  return new HttpError(409, words.join(' '), errors);
}

/** Records what the reasons allowed (hours and compliance), for any number of jobs, in a statement each. */
async function recordOverrides(
  tx: Db,
  allowed: readonly Assessment[],
  reasons: AllocationReasons,
  userId: string | null,
): Promise<void> {
  await recordHoursOverrides(
    tx,
    allowed.map((a) => ({ jobId: a.job.id, warnings: a.hours })),
    reasons.hoursOverrideReason?.trim() ?? '',
    userId,
  );
  await recordComplianceOverrides(tx, {
    overrides: allowed.flatMap((a) =>
      a.refusals.map((r) => ({
        jobId: a.job.id,
        // A licence class is about the pair; other rules name only the driver or only the vehicle.
        driverId: r.x.subject === 'driver' || pairRule(r.x) ? r.driverId : null,
        vehicleId: r.x.subject === 'vehicle' || pairRule(r.x) ? r.vehicleId : null,
        ruleKey: r.x.code,
        problem: r.x.message,
        details: { subject: r.x.subject, ...r.x.details },
        checkedFor: a.job.serviceDate ?? '',
        reason: reasons.complianceOverrideReason?.trim() ?? '',
      })),
    ),
    userId,
  });
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
  const [assessment] = await assessAll(tx, ctx, [job], change, now);
  if (!assessment) return [];
  const refusal = refusalOf(assessment, reasons);
  if (refusal) throw refusal;
  await recordOverrides(tx, [assessment], reasons, userId);
  return assessment.warnings;
}

/**
 * The same checks for a series' new occurrences, all at once (ADR 36). Answers the refusal of each
 * date that has one; the overrides of the others are recorded.
 */
export async function guardOccurrences(
  tx: Db,
  ctx: HoursContext,
  occurrences: readonly Job[],
  change: { newDriverIds: readonly string[]; allocations: readonly Allocation[] },
  reasons: AllocationReasons,
  userId: string | null,
  now = new Date(),
): Promise<Map<string, HttpError>> {
  const refused = new Map<string, HttpError>();
  const allowed: Assessment[] = [];
  for (const assessment of await assessAll(tx, ctx, occurrences, change, now)) {
    const refusal = refusalOf(assessment, reasons);
    if (refusal) refused.set(assessment.job.id, refusal);
    else allowed.push(assessment);
  }
  await recordOverrides(tx, allowed, reasons, userId);
  return refused;
}

/** The guard's refusal (hours or compliance without a reason), not any other 409. */
export function isAllocationRefusal(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    error.statusCode === 409 &&
    (error.errors ?? []).some(
      (e) => e.path === 'hoursOverrideReason' || e.path === 'complianceOverrideReason',
    )
  );
}

/** A refusal as its problems: the hours check's sentence, then each compliance refusal. */
export function refusalProblems(error: HttpError): string[] {
  const errors = error.errors ?? [];
  const compliance = errors.filter((e) => e.path === 'complianceOverrideReason').map((e) => e.message);
  const hours = errors.some((e) => e.path === 'hoursOverrideReason')
    ? [error.message.split(COMPLIANCE_REFUSAL.reasonRequired)[0]?.trim() ?? error.message]
    : [];
  const problems = [...hours, ...compliance];
  return problems.length > 0 ? problems : [error.message];
}

/** The one 409 of a series' dates: each failing date (`path`) with its problems. */
export function seriesRefusal(problems: readonly SeriesDateProblem[]): HttpError {
  return new HttpError(
    409,
    SERIES_CHECKS_MESSAGE,
    problems.map((p) => ({ path: p.date, message: p.problems.join(' ') })),
  );
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

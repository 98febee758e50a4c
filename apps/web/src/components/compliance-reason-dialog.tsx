import { useMemo } from 'react';
import { isApiError } from '../lib/api-client';
import { AllocationReasonDialog } from './allocation-reason-dialog';

/**
 * The compliance refusals of a 409 (ADR 33: one `complianceOverrideReason` error per problem), or
 * null when the allocation was not refused by the compliance check.
 */
export function complianceRefusals(error: unknown): string[] | null {
  if (!isApiError(error, 409)) return null;
  try {
    const body = JSON.parse(error.bodyText || '{}') as { errors?: { path: string; message: string }[] };
    const problems = (body.errors ?? [])
      .filter((e) => e.path === 'complianceOverrideReason')
      .map((e) => e.message);
    return problems.length > 0 ? problems : null;
  } catch {
    return null;
  }
}

/** The job form's refusal dialog: compliance only (its hours reason is a field of the form). */
export function ComplianceReasonDialog({
  problems,
  ...props
}: { problems: string[] | null } & Omit<Parameters<typeof AllocationReasonDialog>[0], 'refusal'>) {
  const refusal = useMemo(() => (problems ? { hours: null, compliance: problems } : null), [problems]);
  return <AllocationReasonDialog refusal={refusal} {...props} />;
}

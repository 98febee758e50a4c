// The front door of the overrides module (ADR 25, ADR 34): the audit trail of allocations a manager
// allowed although a check refused them.
import type { ComplianceOverrideInput } from '@dms/domain';
import type { Db } from '../../db/client';
import { insertComplianceOverrides } from './overrides.repository';

export { overridesRoutes } from './overrides.routes';

/**
 * Records the compliance refusals a manager overrode, inside the allocation's own transaction (pass
 * its `tx`): the override exists exactly when the allocation does.
 */
export async function recordComplianceOverrides(
  tx: Db,
  input: { overrides: readonly ComplianceOverrideInput[]; userId: string | null },
): Promise<{ id: string }[]> {
  return insertComplianceOverrides(tx, input.overrides, input.userId);
}

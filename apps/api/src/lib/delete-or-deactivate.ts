import type { DeleteResult } from '@dms/domain';
import type { Database, Transaction } from '../db/client';
import { HttpError } from '../http/errors';
import { listPhrase, plural } from './wording';

export interface DeleteOrDeactivateSteps {
  /** Whether the row exists; lock it here where a concurrent use must not slip in. */
  exists(tx: Transaction): Promise<boolean>;
  notFound: string;
  /** What still refers to the row, in words ('2 vehicles and 1 job'); undefined when nothing does. */
  usage(tx: Transaction): Promise<string | undefined>;
  deactivate(tx: Transaction): Promise<void>;
  delete(tx: Transaction): Promise<void>;
  deactivatedMessage(usage: string): string;
  deletedMessage: string;
}

/**
 * Deletes a row that nothing refers to. A row that other records still refer to is deactivated
 * instead, so that they keep it while it leaves the pick lists. One transaction; 404 without the row.
 */
export function deleteOrDeactivate(db: Database, steps: DeleteOrDeactivateSteps): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    if (!(await steps.exists(tx))) throw new HttpError(404, steps.notFound);
    const usage = await steps.usage(tx);
    if (usage !== undefined) {
      await steps.deactivate(tx);
      return { message: steps.deactivatedMessage(usage), deactivated: true };
    }
    await steps.delete(tx);
    return { message: steps.deletedMessage, deactivated: false };
  });
}

/** { vehicle: 2, job: 1, shift: 0 } → '2 vehicles and 1 job'; undefined when every count is 0. */
export function usageInWords(counts: Record<string, number>): string | undefined {
  const uses = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([word, count]) => plural(count, word));
  return uses.length > 0 ? listPhrase(uses) : undefined;
}

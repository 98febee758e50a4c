import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { deleteOrDeactivate, usageInWords } from '../../lib/delete-or-deactivate';
import { RecordHooks, UsageRegistry } from '../../lib/record-hooks';
import { deactivateSubcontractor, deleteSubcontractor, lockSubcontractor } from './subcontractors.repository';

export const SUBCONTRACTOR_NOT_FOUND = 'Subcontractor not found';

/** Records that belong to a subcontractor (its vehicles): record-links.ts registers their counters. */
export const subcontractorUsers = new UsageRegistry();
/** What follows a subcontractor's deactivation in its transaction (its vehicles are deactivated). */
export const subcontractorDeactivated = new RecordHooks<[subcontractorId: string]>();

/**
 * Deletes a subcontractor without vehicles. One that has vehicles (which jobs and forms may still
 * refer to, and which can then only be deactivated themselves) is deactivated instead, together
 * with its vehicles, so that none of them is offered for new work.
 */
export function deleteSubcontractorById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockSubcontractor(tx, id),
    notFound: SUBCONTRACTOR_NOT_FOUND,
    usage: async (tx) => usageInWords(await subcontractorUsers.count(tx, id)),
    deactivate: async (tx) => {
      await subcontractorDeactivated.run(tx, id);
      await deactivateSubcontractor(tx, id);
    },
    delete: (tx) => deleteSubcontractor(tx, id),
    deactivatedMessage: (usage) =>
      `Subcontractor has ${usage}, so it and its vehicles were deactivated instead of deleted`,
    deletedMessage: 'Subcontractor deleted successfully',
  });
}

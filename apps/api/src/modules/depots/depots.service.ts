import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { deleteOrDeactivate, usageInWords } from '../../lib/delete-or-deactivate';
import { UsageRegistry } from '../../lib/record-hooks';
import { deactivateDepot, deleteDepot, lockDepot } from './depots.repository';

export const DEPOT_NOT_FOUND = 'Depot not found';

/** Records that name a depot (vehicles as their home, jobs as a start or end): record-links.ts registers them. */
export const depotUsers = new UsageRegistry();

/**
 * Deletes a depot nothing refers to. A depot that vehicles (as their home) or jobs (as a start or
 * end point) still refer to is deactivated instead, so that those records keep it.
 */
export function deleteDepotById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockDepot(tx, id),
    notFound: DEPOT_NOT_FOUND,
    usage: async (tx) => usageInWords(await depotUsers.count(tx, id)),
    deactivate: (tx) => deactivateDepot(tx, id),
    delete: (tx) => deleteDepot(tx, id),
    deactivatedMessage: (usage) => `Depot is used by ${usage}, so it was deactivated instead of deleted`,
    deletedMessage: 'Depot deleted successfully',
  });
}

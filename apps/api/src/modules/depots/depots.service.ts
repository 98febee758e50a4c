import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { deleteOrDeactivate, usageInWords } from '../reference-data/delete-or-deactivate';
import { countVehiclesAtDepot } from '../vehicles/vehicles.repository';
import { countJobsUsingDepot, deactivateDepot, deleteDepot, lockDepot } from './depots.repository';

export const DEPOT_NOT_FOUND = 'Depot not found';

/**
 * Deletes a depot nothing refers to. A depot that vehicles (as their home) or jobs (as a start or
 * end point) still refer to is deactivated instead, so that those records keep it.
 */
export function deleteDepotById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockDepot(tx, id),
    notFound: DEPOT_NOT_FOUND,
    usage: async (tx) =>
      usageInWords({
        vehicle: await countVehiclesAtDepot(tx, id),
        job: await countJobsUsingDepot(tx, id),
      }),
    deactivate: (tx) => deactivateDepot(tx, id),
    delete: (tx) => deleteDepot(tx, id),
    deactivatedMessage: (usage) => `Depot is used by ${usage}, so it was deactivated instead of deleted`,
    deletedMessage: 'Depot deleted successfully',
  });
}

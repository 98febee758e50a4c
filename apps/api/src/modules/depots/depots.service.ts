import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { listPhrase, plural } from '../vehicles/query-helpers';
import { countVehiclesAtDepot } from '../vehicles/vehicles.repository';
import { countJobsUsingDepot, deactivateDepot, deleteDepot, lockDepot } from './depots.repository';

export const DEPOT_NOT_FOUND = 'Depot not found';

/**
 * Deletes a depot nothing refers to. A depot that vehicles (as their home) or jobs (as a start or
 * end point) still refer to is deactivated instead, so that those records keep it.
 */
export function deleteDepotById(db: Database, id: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    if (!(await lockDepot(tx, id))) throw new HttpError(404, DEPOT_NOT_FOUND);
    const vehicleCount = await countVehiclesAtDepot(tx, id);
    const jobCount = await countJobsUsingDepot(tx, id);
    const uses = [
      vehicleCount > 0 ? plural(vehicleCount, 'vehicle') : '',
      jobCount > 0 ? plural(jobCount, 'job') : '',
    ].filter(Boolean);
    if (uses.length > 0) {
      await deactivateDepot(tx, id);
      return {
        message: `Depot is used by ${listPhrase(uses)}, so it was deactivated instead of deleted`,
        deactivated: true,
      };
    }
    await deleteDepot(tx, id);
    return { message: 'Depot deleted successfully', deactivated: false };
  });
}

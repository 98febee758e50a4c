import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { plural } from '../vehicles/query-helpers';
import {
  countVehiclesOfSubcontractor,
  deactivateVehiclesOfSubcontractor,
} from '../vehicles/vehicles.repository';
import { deactivateSubcontractor, deleteSubcontractor, lockSubcontractor } from './subcontractors.repository';

export const SUBCONTRACTOR_NOT_FOUND = 'Subcontractor not found';

/**
 * Deletes a subcontractor without vehicles. One that has vehicles (which jobs and forms may still
 * refer to, and which can then only be deactivated themselves) is deactivated instead, together
 * with its vehicles, so that none of them is offered for new work.
 */
export function deleteSubcontractorById(db: Database, id: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    if (!(await lockSubcontractor(tx, id))) throw new HttpError(404, SUBCONTRACTOR_NOT_FOUND);
    const vehicleCount = await countVehiclesOfSubcontractor(tx, id);
    if (vehicleCount > 0) {
      await deactivateVehiclesOfSubcontractor(tx, id);
      await deactivateSubcontractor(tx, id);
      return {
        message: `Subcontractor has ${plural(vehicleCount, 'vehicle')}, so it and its vehicles were deactivated instead of deleted`,
        deactivated: true,
      };
    }
    await deleteSubcontractor(tx, id);
    return { message: 'Subcontractor deleted successfully', deactivated: false };
  });
}

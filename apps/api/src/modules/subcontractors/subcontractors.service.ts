import type { DeleteResult } from '@dms/domain';
import type { Database } from '../../db/client';
import { deleteOrDeactivate, usageInWords } from '../reference-data/delete-or-deactivate';
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
  return deleteOrDeactivate(db, {
    exists: (tx) => lockSubcontractor(tx, id),
    notFound: SUBCONTRACTOR_NOT_FOUND,
    usage: async (tx) => usageInWords({ vehicle: await countVehiclesOfSubcontractor(tx, id) }),
    deactivate: async (tx) => {
      await deactivateVehiclesOfSubcontractor(tx, id);
      await deactivateSubcontractor(tx, id);
    },
    delete: (tx) => deleteSubcontractor(tx, id),
    deactivatedMessage: (usage) =>
      `Subcontractor has ${usage}, so it and its vehicles were deactivated instead of deleted`,
    deletedMessage: 'Subcontractor deleted successfully',
  });
}

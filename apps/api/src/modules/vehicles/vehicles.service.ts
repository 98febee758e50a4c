import {
  type DeleteResult,
  STALE_VERSION_MESSAGE,
  type UpdateVehicleInputSchema,
  type Vehicle,
  type VehicleInputSchema,
} from '@dms/domain';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { type FieldError, HttpError } from '../../http/errors';
import { deleteOrDeactivate, usageInWords } from '../../lib/delete-or-deactivate';
import { UsageRegistry } from '../../lib/record-hooks';
import { getDepot } from '../depots';
import { getSubcontractor } from '../subcontractors';
import { getCategory } from '../vehicle-categories';
import {
  deactivateVehicle,
  deleteVehicle,
  findVehicleIdByRegistration,
  getVehicle,
  insertVehicle,
  lockVehicle,
  updateVehicle,
  type VehicleValues,
} from './vehicles.repository';

type VehicleInput = z.output<typeof VehicleInputSchema>;
type UpdateVehicleInput = z.output<typeof UpdateVehicleInputSchema>;

export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const DUPLICATE_REGISTRATION = 'A vehicle with this registration already exists';

const duplicateRegistration = () =>
  new HttpError(409, DUPLICATE_REGISTRATION, [
    { path: 'registrationNumber', message: DUPLICATE_REGISTRATION },
  ]);

/**
 * Checks the rows the vehicle points at and builds the stored values. A category, depot or
 * subcontractor must exist and be active, unless the vehicle already pointed at it (editing an
 * old vehicle must not fail because its depot was retired since).
 */
async function resolveValues(
  db: Db,
  input: VehicleInput | UpdateVehicleInput,
  current?: Vehicle,
): Promise<VehicleValues> {
  const errors: FieldError[] = [];
  const type = input.type ?? current?.type ?? 'company_owned';
  const category = await getCategory(db, input.categoryId);
  if (!category || (category.isActive !== 1 && current?.categoryId !== category.id)) {
    errors.push({ path: 'categoryId', message: 'Category not found' });
  }
  if (input.defaultDepotId) {
    const depot = await getDepot(db, input.defaultDepotId);
    if (!depot || (depot.isActive !== 1 && current?.defaultDepotId !== depot.id)) {
      errors.push({ path: 'defaultDepotId', message: 'Depot not found' });
    }
  }
  // A company-owned vehicle has no owner besides the operator.
  const subcontractorId = type === 'subcontracted' ? input.subcontractorId : null;
  if (type === 'subcontracted' && !subcontractorId) {
    errors.push({ path: 'subcontractorId', message: 'Subcontractor is required for a partner vehicle' });
  }
  if (subcontractorId) {
    const subcontractor = await getSubcontractor(db, subcontractorId);
    if (!subcontractor || (subcontractor.isActive !== 1 && current?.subcontractorId !== subcontractor.id)) {
      errors.push({ path: 'subcontractorId', message: 'Subcontractor not found' });
    }
  }
  if (errors.length > 0) throw new HttpError(400, errors[0]!.message, errors);

  if (input.registrationNumber) {
    const other = await findVehicleIdByRegistration(db, input.registrationNumber, current?.id);
    if (other) throw duplicateRegistration();
  }
  return {
    type,
    categoryId: input.categoryId,
    category: category?.slug ?? null,
    registrationNumber: input.registrationNumber,
    nickname: input.nickname,
    make: input.make,
    model: input.model,
    seatedCapacity: input.seatedCapacity,
    standingCapacity: input.standingCapacity,
    tankCapacityLitres: input.tankCapacityLitres,
    extraOptions: [...new Set(input.extraOptions)],
    defaultDepotId: input.defaultDepotId,
    subcontractorId,
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
  };
}

/** The registration constraints: exact, and whatever the case (db/schema/fleet.ts). */
const REGISTRATION_CONSTRAINTS = [
  'vehicles_registration_number_unique',
  'vehicles_registration_number_lower_uq',
];

/** The database refuses a duplicate registration that two requests raced to write. */
async function mappingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (REGISTRATION_CONSTRAINTS.some((name) => isUniqueViolation(error, name)))
      throw duplicateRegistration();
    throw error;
  }
}

export async function createVehicle(db: Database, input: VehicleInput): Promise<Vehicle> {
  return mappingDuplicates(() =>
    db.transaction(async (tx) => {
      const id = await insertVehicle(tx, await resolveValues(tx, input));
      return (await getVehicle(tx, id))!;
    }),
  );
}

export async function updateVehicleById(
  db: Database,
  id: string,
  input: UpdateVehicleInput,
): Promise<Vehicle> {
  return mappingDuplicates(() =>
    db.transaction(async (tx) => {
      const current = await getVehicle(tx, id);
      if (!current) throw new HttpError(404, VEHICLE_NOT_FOUND);
      if (input.version !== undefined && input.version !== current.version) {
        throw new HttpError(409, STALE_VERSION_MESSAGE);
      }
      const values = await resolveValues(tx, input, current);
      const outcome = await updateVehicle(tx, id, values, input.version ?? current.version);
      if (outcome === 'missing') throw new HttpError(404, VEHICLE_NOT_FOUND);
      if (outcome === 'stale') throw new HttpError(409, STALE_VERSION_MESSAGE);
      return (await getVehicle(tx, id))!;
    }),
  );
}

/** Records that refer to a vehicle (jobs, shifts, driver forms): record-links.ts registers their counters. */
export const vehicleUsers = new UsageRegistry();

/**
 * Deletes a vehicle nothing refers to. A vehicle that jobs, shifts or driver forms still refer
 * to is deactivated instead: those records keep their vehicle, and it leaves the pick lists.
 */
export function deleteVehicleById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockVehicle(tx, id),
    notFound: VEHICLE_NOT_FOUND,
    usage: async (tx) => usageInWords(await vehicleUsers.count(tx, id)),
    deactivate: (tx) => deactivateVehicle(tx, id),
    delete: (tx) => deleteVehicle(tx, id),
    deactivatedMessage: (usage) => `Vehicle is used by ${usage}, so it was deactivated instead of deleted`,
    deletedMessage: 'Vehicle deleted successfully',
  });
}

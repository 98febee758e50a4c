import type {
  DeleteResult,
  Depot,
  DepotInput,
  Subcontractor,
  SubcontractorInput,
  UpdateVehicleInput,
  Vehicle,
  VehicleCategory,
  VehicleCategoryInput,
  VehicleDefect,
  VehicleInput,
  VehicleType,
} from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '../../../lib/api-client';
import { invalidatePaths, type ListParams, OPTIONS_LIMIT, type Page } from './list-page';

// Vehicles, vehicle categories, depots and subcontractors (spec 2 §2.7, §7.3).

export const VEHICLES_PATH = '/api/vehicles';
export const CATEGORIES_PATH = '/api/vehicle-categories-new';
export const DEPOTS_PATH = '/api/depots';
export const SUBCONTRACTORS_PATH = '/api/subcontractors';

/**
 * The fleet lists depend on each other (vehicle counts, category, depot and subcontractor names on
 * vehicles, a subcontractor's vehicles deactivated with it): a change to one refreshes them all.
 */
const FLEET_PATHS = [VEHICLES_PATH, CATEGORIES_PATH, DEPOTS_PATH, SUBCONTRACTORS_PATH] as const;

function useFleetMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidatePaths(queryClient, FLEET_PATHS),
    // A stale version (409): reload, so that the next attempt starts from the stored record.
    onError: (error: unknown) => {
      if (isApiError(error, 409)) void invalidatePaths(queryClient, FLEET_PATHS);
    },
  });
}

// ---- Vehicles

export interface VehicleListParams extends ListParams {
  type?: VehicleType;
  categoryId?: string;
  subcontractorId?: string;
}

/** GET /api/vehicles: one page, ordered by nickname and registration. */
export function useVehicles(params: VehicleListParams, options: { enabled?: boolean } = {}) {
  return useQuery<Page<Vehicle>>({
    queryKey: [VEHICLES_PATH, params],
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCreateVehicle() {
  return useFleetMutation((input: VehicleInput) => apiJson<Vehicle>('POST', VEHICLES_PATH, input));
}

/** PUT /api/vehicles/{id}: the whole form, with the version it was loaded at. */
export function useUpdateVehicle() {
  return useFleetMutation(({ id, input }: { id: string; input: UpdateVehicleInput }) =>
    apiJson<Vehicle>('PUT', `${VEHICLES_PATH}/${id}`, input),
  );
}

/** DELETE /api/vehicles/{id}: deleted, or deactivated when jobs, shifts or forms refer to it. */
export function useDeleteVehicle() {
  return useFleetMutation((id: string) => apiJson<DeleteResult>('DELETE', `${VEHICLES_PATH}/${id}`));
}

// ---- Vehicle categories

export function useVehicleCategories(params: ListParams = { limit: OPTIONS_LIMIT }) {
  return useQuery<Page<VehicleCategory>>({
    queryKey: [CATEGORIES_PATH, params],
    placeholderData: keepPreviousData,
  });
}

export function useCreateCategory() {
  return useFleetMutation((input: VehicleCategoryInput) =>
    apiJson<VehicleCategory>('POST', CATEGORIES_PATH, input),
  );
}

export function useUpdateCategory() {
  return useFleetMutation(({ id, input }: { id: string; input: VehicleCategoryInput }) =>
    apiJson<VehicleCategory>('PUT', `${CATEGORIES_PATH}/${id}`, input),
  );
}

/** DELETE: refused with 409 while vehicles hold the category. */
export function useDeleteCategory() {
  return useFleetMutation((id: string) => apiJson<{ message: string }>('DELETE', `${CATEGORIES_PATH}/${id}`));
}

// ---- Depots

export function useDepots(params: ListParams = { limit: OPTIONS_LIMIT }) {
  return useQuery<Page<Depot>>({ queryKey: [DEPOTS_PATH, params], placeholderData: keepPreviousData });
}

export function useCreateDepot() {
  return useFleetMutation((input: DepotInput) => apiJson<Depot>('POST', DEPOTS_PATH, input));
}

export function useUpdateDepot() {
  return useFleetMutation(({ id, input }: { id: string; input: DepotInput }) =>
    apiJson<Depot>('PUT', `${DEPOTS_PATH}/${id}`, input),
  );
}

export function useDeleteDepot() {
  return useFleetMutation((id: string) => apiJson<DeleteResult>('DELETE', `${DEPOTS_PATH}/${id}`));
}

// ---- Subcontractors

export function useSubcontractors(
  params: ListParams = { limit: OPTIONS_LIMIT },
  options: { enabled?: boolean } = {},
) {
  return useQuery<Page<Subcontractor>>({
    queryKey: [SUBCONTRACTORS_PATH, params],
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCreateSubcontractor() {
  return useFleetMutation((input: SubcontractorInput) =>
    apiJson<Subcontractor>('POST', SUBCONTRACTORS_PATH, input),
  );
}

export function useUpdateSubcontractor() {
  return useFleetMutation(({ id, input }: { id: string; input: SubcontractorInput }) =>
    apiJson<Subcontractor>('PUT', `${SUBCONTRACTORS_PATH}/${id}`, input),
  );
}

/** DELETE: deleted, or deactivated together with its vehicles when it has vehicles. */
export function useDeleteSubcontractor() {
  return useFleetMutation((id: string) => apiJson<DeleteResult>('DELETE', `${SUBCONTRACTORS_PATH}/${id}`));
}

// ---- Vehicle defects

/** POST /api/vehicle-defects/:id/clear: the vehicle can be taken out again. */
export function useClearDefect() {
  return useFleetMutation(({ id, repairNote }: { id: string; repairNote: string }) =>
    apiJson<VehicleDefect>('POST', `/api/vehicle-defects/${encodeURIComponent(id)}/clear`, { repairNote }),
  );
}

import type { CreateDriverInput, CreatedDriver, Driver, UpdateDriverInput, UserRole } from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '../../../lib/api-client';
import { invalidatePaths, type ListParams, type Page } from './list-page';

// Drivers in settings (spec 2 §2.7, §7.3): holders of the driver role, inactive ones included.

export const DRIVERS_PATH = '/api/drivers';
const USERS_PATH = '/api/users';

function useDriverMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidatePaths(queryClient, [DRIVERS_PATH, USERS_PATH]),
    // A stale version (409): reload, so that the next attempt starts from the stored record.
    onError: (error: unknown) => {
      if (isApiError(error, 409)) void invalidatePaths(queryClient, [DRIVERS_PATH, USERS_PATH]);
    },
  });
}

export function useDrivers(params: ListParams) {
  return useQuery<Page<Driver>>({ queryKey: [DRIVERS_PATH, params], placeholderData: keepPreviousData });
}

/** POST /api/drivers: the driver is mailed a link to set a password (`setPasswordMailSent`). */
export function useCreateDriver() {
  return useDriverMutation((input: CreateDriverInput) => apiJson<CreatedDriver>('POST', DRIVERS_PATH, input));
}

/** PUT /api/drivers/{id}: the edit form's fields, or only isActive (Activate/Deactivate). */
export function useUpdateDriver() {
  return useDriverMutation(({ id, input }: { id: string; input: UpdateDriverInput }) =>
    apiJson<Driver>('PUT', `${DRIVERS_PATH}/${id}`, input),
  );
}

/** PUT /api/users/{id}/roles: give or take the manager role. */
export function useUpdateDriverRoles() {
  return useDriverMutation(({ id, roles }: { id: string; roles: UserRole[] }) =>
    apiJson<Driver>('PUT', `${USERS_PATH}/${id}/roles`, { roles }),
  );
}

/** POST /api/drivers/{id}/unlock-pin: a PIN locked at the terminal works again. */
export function useUnlockPin() {
  return useDriverMutation((id: string) =>
    apiJson<{ message: string }>('POST', `${DRIVERS_PATH}/${id}/unlock-pin`),
  );
}

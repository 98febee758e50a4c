import type {
  Contact,
  ContactInput,
  Customer,
  CustomerInput,
  CustomerListItem,
  CustomerType,
  DeleteResult,
  UpdateCustomerInput,
} from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '../../../lib/api-client';
import { invalidatePaths, type ListParams, OPTIONS_LIMIT, type Page } from './list-page';

// Customers and their contacts (spec 2 §2.7, §7.3).

export const CUSTOMERS_PATH = '/api/customers';
const CONTACTS_PATH = '/api/contacts';
/** The job form's contact search (GET /api/customers/contacts/all). */
const ALL_CONTACTS_PATH = '/api/customers/contacts/all';

export interface CustomerListParams extends ListParams {
  type?: CustomerType;
}

/** Customer changes touch contact counts and the job form's customer search: refresh all of them. */
function useCustomerMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidatePaths(queryClient, [CUSTOMERS_PATH, ALL_CONTACTS_PATH]),
    // A stale version (409): reload, so that the next attempt starts from the stored record.
    onError: (error: unknown) => {
      if (isApiError(error, 409)) void invalidatePaths(queryClient, [CUSTOMERS_PATH, ALL_CONTACTS_PATH]);
    },
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery<Page<CustomerListItem>>({
    queryKey: [CUSTOMERS_PATH, params],
    placeholderData: keepPreviousData,
  });
}

export function useCreateCustomer() {
  return useCustomerMutation((input: CustomerInput) => apiJson<Customer>('POST', CUSTOMERS_PATH, input));
}

/** PUT /api/customers/{id}: the whole form with the version it was loaded at; isActive restores. */
export function useUpdateCustomer() {
  return useCustomerMutation(({ id, input }: { id: string; input: UpdateCustomerInput }) =>
    apiJson<Customer>('PUT', `${CUSTOMERS_PATH}/${id}`, input),
  );
}

/** DELETE /api/customers/{id} archives: hidden from active lists, job history kept. */
export function useArchiveCustomer() {
  return useCustomerMutation((id: string) =>
    apiJson<{ message: string }>('DELETE', `${CUSTOMERS_PATH}/${id}`),
  );
}

/** GET /api/customers/{id}/contacts: the active contacts by name. */
export function useContacts(customerId: string | undefined) {
  return useQuery<Page<Contact>>({
    queryKey: [CUSTOMERS_PATH, customerId ?? '', 'contacts', { limit: OPTIONS_LIMIT }],
    enabled: customerId !== undefined,
  });
}

export function useCreateContact() {
  return useCustomerMutation(({ customerId, input }: { customerId: string; input: ContactInput }) =>
    apiJson<Contact>('POST', `${CUSTOMERS_PATH}/${customerId}/contacts`, input),
  );
}

export function useUpdateContact() {
  return useCustomerMutation(({ id, input }: { id: string; input: ContactInput }) =>
    apiJson<Contact>('PUT', `${CONTACTS_PATH}/${id}`, input),
  );
}

/** DELETE /api/contacts/{id}: deleted, or deactivated when jobs name the contact. */
export function useDeleteContact() {
  return useCustomerMutation((id: string) => apiJson<DeleteResult>('DELETE', `${CONTACTS_PATH}/${id}`));
}

import type {
  AgedReceivables,
  BulkInvoiceInput,
  Invoice,
  InvoiceSettings,
  InvoiceSettingsInput,
  InvoiceStatus,
  InvoiceSummary,
  PaymentInput,
  UpdateInvoiceInput,
} from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../lib/api-client';

// Invoices, credit notes and payments (issue 25). Keys start with the API path; every write makes
// the invoice reads, the jobs' invoice panels and the customers' balances stale.

export const INVOICES_PATH = '/api/invoices';

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** Set when a long list stopped counting past its page (ADR 42). */
  totalIsLowerBound?: boolean;
}

export interface InvoiceListParams {
  q?: string;
  status?: InvoiceStatus;
  customerId?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export function useInvoices(params: InvoiceListParams) {
  return useQuery<Page<InvoiceSummary>>({
    queryKey: [INVOICES_PATH, params],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export function useInvoice(id: string | null) {
  return useQuery<Invoice>({
    queryKey: [INVOICES_PATH, id ?? ''],
    enabled: Boolean(id),
    refetchOnMount: 'always',
  });
}

export const invoicePdfUrl = (id: string) => `${INVOICES_PATH}/${id}/pdf`;

function useInvoiceMutation<V, T>(mutationFn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0].startsWith(INVOICES_PATH) || q.queryKey[0].startsWith('/api/jobs')),
      }),
  });
}

export function useUpdateInvoice() {
  return useInvoiceMutation(({ id, input }: { id: string; input: UpdateInvoiceInput }) =>
    apiJson<Invoice>('PUT', `${INVOICES_PATH}/${id}`, input),
  );
}

export function useDeleteInvoice() {
  return useInvoiceMutation((id: string) => apiJson<{ message: string }>('DELETE', `${INVOICES_PATH}/${id}`));
}

export function useIssueInvoice() {
  return useInvoiceMutation((id: string) => apiJson<Invoice>('POST', `${INVOICES_PATH}/${id}/issue`));
}

export function useSendInvoice() {
  return useInvoiceMutation((id: string) => apiJson<Invoice>('POST', `${INVOICES_PATH}/${id}/send`, {}));
}

export function useRecordPayment() {
  return useInvoiceMutation(({ id, input }: { id: string; input: PaymentInput }) =>
    apiJson<Invoice>('POST', `${INVOICES_PATH}/${id}/payments`, input),
  );
}

export function useRemovePayment() {
  return useInvoiceMutation(({ id, paymentId, reason }: { id: string; paymentId: string; reason: string }) =>
    apiJson<Invoice>('POST', `${INVOICES_PATH}/${id}/payments/${paymentId}/remove`, { reason }),
  );
}

export function useCreditNote() {
  return useInvoiceMutation(({ id, reason }: { id: string; reason: string }) =>
    apiJson<Invoice>('POST', `${INVOICES_PATH}/${id}/credit-note`, { reason }),
  );
}

export function useBulkInvoice() {
  return useInvoiceMutation((input: BulkInvoiceInput) =>
    apiJson<{ created: number; invoices: InvoiceSummary[] }>('POST', `${INVOICES_PATH}/bulk`, input),
  );
}

export function useInvoiceSettings() {
  return useQuery<InvoiceSettings>({ queryKey: [INVOICES_PATH, 'settings'], refetchOnMount: 'always' });
}

export function useSaveInvoiceSettings() {
  return useInvoiceMutation((input: InvoiceSettingsInput) =>
    apiJson<InvoiceSettings>('PUT', `${INVOICES_PATH}/settings`, input),
  );
}

/** Customers for the filter and the bulk dialog: the first page of active ones, by name. */
export function useCustomerOptions() {
  return useQuery<Page<{ id: string; companyName: string }>>({
    queryKey: ['/api/customers', { limit: 200 }],
    staleTime: 60_000,
  });
}

/** The accounting export's address: the browser downloads it. */
export const exportCsvUrl = (format: 'xero' | 'myob', range: { from?: string; to?: string }) =>
  queryKeyToPath([`${INVOICES_PATH}/export.csv`, { format, ...range }]);

/** The payments export's address (payments received in the range, by payment date). */
export const paymentsCsvUrl = (format: 'xero' | 'myob', range: { from?: string; to?: string }) =>
  queryKeyToPath([`${INVOICES_PATH}/payments-export.csv`, { format, ...range }]);

export const AGED_RECEIVABLES_PATH = '/api/reports/aged-receivables';

export function useAgedReceivables(enabled: boolean) {
  return useQuery<AgedReceivables>({ queryKey: [AGED_RECEIVABLES_PATH], enabled, refetchOnMount: 'always' });
}

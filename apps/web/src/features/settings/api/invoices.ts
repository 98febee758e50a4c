import type { InvoiceSettings, InvoiceSettingsInput } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

// Settings → Documents → Invoices (issue 25): numbering, terms, deposit, reminders, how to pay, export codes.

export const invoiceSettingsQueryKey = ['/api/invoices', 'settings'] as const;

export function useInvoiceSettings() {
  return useQuery<InvoiceSettings>({ queryKey: invoiceSettingsQueryKey, refetchOnMount: 'always' });
}

export function useUpdateInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceSettingsInput) =>
      apiJson<InvoiceSettings>('PUT', '/api/invoices/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(invoiceSettingsQueryKey, saved),
  });
}

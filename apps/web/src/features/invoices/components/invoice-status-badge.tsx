import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  type InvoiceSummary,
} from '@dms/domain';
import { Badge } from '@mantine/core';

/** One colour per status everywhere; a credit note says so instead of a payment status. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'kind' | 'status'> }) {
  if (invoice.kind === 'credit_note')
    return (
      <Badge color="grape" variant="light" data-testid="invoice-status" style={{ minWidth: 'max-content' }}>
        {INVOICE_KIND_LABELS.credit_note}
      </Badge>
    );
  return (
    <Badge
      color={INVOICE_STATUS_COLORS[invoice.status]}
      variant="light"
      data-testid="invoice-status"
      style={{ minWidth: 'max-content' }}
    >
      {INVOICE_STATUS_LABELS[invoice.status]}
    </Badge>
  );
}

import { escapeHtml, type MailContent, mailPage } from './templates';

// The mail that carries an invoice or credit note's PDF to the customer's billing address (issue 25).

export interface InvoiceMailFacts {
  companyName: string;
  customerName: string | null;
  /** 'Tax invoice' or 'Credit note'. */
  documentName: string;
  number: string;
  /** Already formatted in the invoice's currency. */
  total: string;
  balance: string | null;
  dueDate: string | null;
  paymentTermsText: string | null;
  bankDetails: string | null;
}

export function invoiceMail(f: InvoiceMailFacts): MailContent {
  const lines = [
    `Dear ${f.customerName ?? 'customer'},`,
    '',
    `Please find attached ${f.documentName.toLowerCase()} ${f.number} for ${f.total}.`,
    ...(f.balance && f.dueDate ? [`The balance of ${f.balance} is due by ${f.dueDate}.`] : []),
    ...(f.bankDetails ? ['', 'How to pay:', f.bankDetails] : []),
    ...(f.paymentTermsText ? ['', f.paymentTermsText] : []),
    '',
    'Kind regards,',
    f.companyName,
  ];
  return {
    subject: `${f.documentName} ${f.number} from ${f.companyName}`,
    text: lines.join('\n'),
    html: mailPage(
      f.companyName,
      lines
        .map((l) => (l ? `<p style="margin: 0 0 8px">${escapeHtml(l).replace(/\n/g, '<br>')}</p>` : ''))
        .join('\n'),
    ),
  };
}

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

export interface InvoiceReminderFacts {
  companyName: string;
  customerName: string | null;
  number: string;
  /** Already formatted in the invoice's currency. */
  balance: string;
  /** Already formatted for the operator's locale. */
  dueDate: string;
  daysOverdue: number;
  bankDetails: string | null;
  paymentTermsText: string | null;
}

/**
 * An overdue reminder (issue 25, ADR 30). The text says everything needed to pay without opening
 * the attachment: a customer reading it on a phone sees the number, the amount due, when it was due
 * and how to pay.
 */
export function invoiceReminderMail(f: InvoiceReminderFacts): MailContent {
  const days = `${f.daysOverdue} day${f.daysOverdue === 1 ? '' : 's'}`;
  const lines = [
    `Dear ${f.customerName ?? 'customer'},`,
    '',
    `Our records show that tax invoice ${f.number} is now ${days} overdue.`,
    `Amount due: ${f.balance}`,
    `Due date: ${f.dueDate}`,
    ...(f.bankDetails ? ['', 'How to pay:', f.bankDetails] : []),
    ...(f.paymentTermsText ? ['', f.paymentTermsText] : []),
    '',
    'If you have already paid, thank you, and please ignore this reminder. A copy of the invoice is attached.',
    '',
    'Kind regards,',
    f.companyName,
  ];
  return {
    subject: `Reminder: tax invoice ${f.number} from ${f.companyName} is overdue`,
    text: lines.join('\n'),
    html: mailPage(
      f.companyName,
      lines
        .map((l) => (l ? `<p style="margin: 0 0 8px">${escapeHtml(l).replace(/\n/g, '<br>')}</p>` : ''))
        .join('\n'),
    ),
  };
}

import { z } from 'zod';
import { ListQuerySchema, lineText, optionalId, optionalText, requiredText } from './fields';
import { INVOICE_STATES, INVOICE_STATUSES } from './invoice-totals';
import { optionalDate } from './job.schema';
import { MAX_CENTS, toCents } from './money';
import { TAX_MODES } from './pricing';

// Invoices, credit notes and payments (issue 25): the API's contracts and the web forms' rules.

export const INVOICE_KINDS = ['final', 'deposit', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  final: 'Invoice',
  deposit: 'Deposit invoice',
  credit_note: 'Credit note',
};

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};

/** One colour per invoice status, everywhere (list badges, drawer, filters). */
export const INVOICE_STATUS_COLORS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  draft: 'gray',
  issued: 'blue',
  part_paid: 'yellow',
  paid: 'green',
  overdue: 'red',
  void: 'dark',
};

export const AMOUNT_MESSAGE = 'Enter an amount in dollars and cents, such as 120.50';
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const INVOICE_ISSUED_MESSAGE =
  'An issued invoice cannot be changed or deleted; void it with a credit note';
export const INVOICE_NEGATIVE_MESSAGE = 'An invoice total cannot be negative';
export const INVOICE_CHANGED_MESSAGE =
  'This invoice was changed by someone else. Reload it to see the changes.';

/** A money amount: a number with at most two decimals, within numeric(12,2). */
export const amount = (message = AMOUNT_MESSAGE) =>
  z.number({ error: message }).refine(
    (n) => {
      const cents = toCents(n);
      return cents !== null && Math.abs(cents) <= MAX_CENTS;
    },
    { error: message },
  );

const positiveAmount = (message: string) => amount().refine((n) => n > 0, { error: message });

/** POST /api/jobs/{id}/invoices. A deposit is a percentage of the job's total or an amount. */
export const CreateInvoiceInputSchema = z
  .object({
    kind: z.enum(['final', 'deposit']).default('final'),
    amount: positiveAmount('A deposit amount must be more than 0').optional(),
    percentage: z
      .number({ error: 'A deposit percentage is between 0 and 100' })
      .gt(0, { error: 'A deposit percentage is between 0 and 100' })
      .max(100, { error: 'A deposit percentage is between 0 and 100' })
      .refine((n) => toCents(n) !== null, { error: 'Use at most two decimals' })
      .optional(),
  })
  .refine((v) => v.amount === undefined || v.percentage === undefined, {
    path: ['amount'],
    error: 'Give a deposit amount or a percentage, not both',
  })
  .refine((v) => v.kind === 'deposit' || (v.amount === undefined && v.percentage === undefined), {
    path: ['kind'],
    error: 'An amount or percentage applies to a deposit invoice only',
  });
export type CreateInvoiceInput = z.input<typeof CreateInvoiceInputSchema>;

export const InvoiceLineInputSchema = z.object({
  description: requiredText('Description is required', 500),
  quantity: z
    .number({ error: 'Quantity must be more than 0' })
    .gt(0, { error: 'Quantity must be more than 0' })
    .max(100_000, { error: 'Quantity must be at most 100000' })
    .refine((n) => toCents(n) !== null, { error: 'Use at most two decimals' }),
  /** Negative for a discount line. In the invoice's tax mode. */
  unitPrice: amount(),
});
export type InvoiceLineInput = z.input<typeof InvoiceLineInputSchema>;

/** PUT /api/invoices/{id} (drafts only): the whole editable part. */
export const UpdateInvoiceInputSchema = z.object({
  lines: z.array(InvoiceLineInputSchema).min(1, { error: 'An invoice needs at least one line' }).max(200),
  notes: optionalText(),
  /** Blank: set from the customer's payment terms when issued. */
  dueDate: optionalDate(),
  version: z.coerce.number().int().min(1).optional(),
});
export type UpdateInvoiceInput = z.input<typeof UpdateInvoiceInputSchema>;

export const PaymentInputSchema = z.object({
  amount: positiveAmount('A payment must be more than 0'),
  paidOn: optionalDate().refine((d) => d !== null, { error: 'Payment date is required' }),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  reference: lineText(100)
    .optional()
    .transform((v) => v || null),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

export const ReasonInputSchema = z.object({ reason: requiredText('A reason is required', 500) });
export type ReasonInput = z.input<typeof ReasonInputSchema>;

/** POST /api/invoices/bulk: completed jobs without an invoice, for a customer and/or service dates. */
export const BulkInvoiceInputSchema = z
  .object({ customerId: optionalId(), from: optionalDate(), to: optionalDate() })
  .refine((v) => v.customerId || v.from || v.to, {
    path: ['customerId'],
    error: 'Choose a customer or a date range',
  });
export type BulkInvoiceInput = z.input<typeof BulkInvoiceInputSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/invoices: one page; `from`/`to` are invoice dates (a draft's is its creation day). */
export const InvoiceListQuerySchema = ListQuerySchema.omit({ includeInactive: true }).extend({
  /** The issue's name for the search; `search` works too. */
  q: lineText(100).optional(),
  status: z.preprocess(blankToUndefined, z.enum(INVOICE_STATUSES).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(INVOICE_KINDS).optional()),
  customerId: optionalId(),
  jobId: optionalId(),
  from: optionalDate(),
  to: optionalDate(),
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuerySchema>;

export const InvoiceLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  taxAmount: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  removedAt: z.string().nullable(),
  removedReason: z.string().nullable(),
  removedByName: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A row of the list: everything but the lines and payments. */
export const InvoiceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  status: z.enum(INVOICE_STATUSES),
  jobId: z.string().nullable(),
  jobNumber: z.string().nullable(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  creditOfId: z.string().nullable(),
  creditOfNumber: z.string().nullable(),
  creditedById: z.string().nullable(),
  creditedByNumber: z.string().nullable(),
  currency: z.string(),
  taxMode: z.enum(TAX_MODES),
  taxRate: z.number(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  subtotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  balance: z.number(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** An overdue reminder mailed by the schedule (one per invoice and reminder day). */
export const InvoiceReminderSchema = z.object({
  daysOverdue: z.number().int(),
  sentAt: z.string(),
  /** Why the reminder that fell due was not mailed ('The customer has no email address'); null when mailed. */
  notSentReason: z.string().nullable(),
});
export type InvoiceReminder = z.infer<typeof InvoiceReminderSchema>;

export const InvoiceSchema = InvoiceSummarySchema.extend({
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  billingEmail: z.string().nullable(),
  lines: z.array(InvoiceLineSchema),
  payments: z.array(PaymentSchema),
  reminders: z.array(InvoiceReminderSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const BulkInvoiceResultSchema = z.object({
  created: z.number().int(),
  invoices: z.array(InvoiceSummarySchema),
});

/** What a job or a customer owes, for the job detail and the customer card. */
export const BalanceSchema = z.object({
  invoiced: z.number(),
  paid: z.number(),
  balance: z.number(),
  overdue: z.number(),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const JobInvoicesSchema = z.object({
  items: z.array(InvoiceSummarySchema),
  totals: BalanceSchema,
});
export type JobInvoices = z.infer<typeof JobInvoicesSchema>;

export const PREFIX_MESSAGE = 'A prefix is up to 10 letters, digits, dashes or slashes';
const prefix = () =>
  z
    .string()
    .trim()
    .max(10, { error: PREFIX_MESSAGE })
    .regex(/^[A-Za-z0-9/-]*$/, { error: PREFIX_MESSAGE });

/** Settings → Invoices: numbering, terms, reminders, what the PDF shows and the export codes. */
export const InvoiceSettingsInputSchema = z.object({
  invoicePrefix: prefix(),
  nextInvoiceNumber: z
    .number({ error: 'Next number must be a whole number from 1' })
    .int()
    .min(1)
    .max(99_999_999),
  creditNotePrefix: prefix(),
  nextCreditNoteNumber: z
    .number({ error: 'Next number must be a whole number from 1' })
    .int()
    .min(1)
    .max(99_999_999),
  paymentTermsDays: z.number({ error: 'Payment terms are 0 to 365 days' }).int().min(0).max(365),
  depositPercentage: z
    .number({ error: 'A deposit percentage is between 0 and 100' })
    .gt(0)
    .max(100)
    .refine((n) => toCents(n) !== null, { error: 'Use at most two decimals' }),
  reminderDays: z
    .array(z.number().int().min(1).max(365))
    .max(5, { error: 'At most 5 reminders' })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  bankDetails: optionalText(1000),
  paymentTermsText: optionalText(1000),
  salesAccountCode: lineText(20),
  xeroTaxType: lineText(50),
  myobTaxCode: lineText(10),
  myobDepositAccount: lineText(20),
  version: z.coerce.number().int().min(0).optional(),
});
export type InvoiceSettingsInput = z.input<typeof InvoiceSettingsInputSchema>;

export const InvoiceSettingsSchema = z.object({
  invoicePrefix: z.string(),
  nextInvoiceNumber: z.number().int(),
  creditNotePrefix: z.string(),
  nextCreditNoteNumber: z.number().int(),
  paymentTermsDays: z.number().int(),
  depositPercentage: z.number(),
  reminderDays: z.array(z.number().int()),
  bankDetails: z.string().nullable(),
  paymentTermsText: z.string().nullable(),
  salesAccountCode: z.string(),
  xeroTaxType: z.string(),
  myobTaxCode: z.string(),
  myobDepositAccount: z.string(),
  version: z.number().int(),
});
export type InvoiceSettings = z.infer<typeof InvoiceSettingsSchema>;

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  invoicePrefix: 'INV-',
  nextInvoiceNumber: 1,
  creditNotePrefix: 'CN-',
  nextCreditNoteNumber: 1,
  paymentTermsDays: 14,
  depositPercentage: 20,
  reminderDays: [7, 14],
  bankDetails: null,
  paymentTermsText: null,
  // Xero's demo chart: account 200 Sales, rate 'GST on Income' (the import takes the rate's display name); MYOB: GST.
  salesAccountCode: '200',
  xeroTaxType: 'GST on Income',
  myobTaxCode: 'GST',
  // MYOB's usual cheque (bank) account number; the operator sets theirs.
  myobDepositAccount: '1-1110',
  // The row a first save creates starts at 1: a form loaded before it exists saves cleanly.
  version: 1,
};

export const AgedReceivablesRowSchema = z.object({
  customerId: z.string().nullable(),
  customerName: z.string(),
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  total: z.number(),
});
export const AgedReceivablesSchema = z.object({
  asOf: z.string(),
  currency: z.string(),
  rows: z.array(AgedReceivablesRowSchema),
  totals: AgedReceivablesRowSchema.omit({ customerId: true, customerName: true }),
});
export type AgedReceivables = z.infer<typeof AgedReceivablesSchema>;

export const EXPORT_FORMATS = ['xero', 'myob'] as const;
export const InvoiceExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Choose xero or myob' }),
  from: optionalDate(),
  to: optionalDate(),
});

import { INVOICE_KINDS, INVOICE_STATES, PAYMENT_METHODS } from '@dms/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, rate, timestamps, version } from './columns';
import { customers } from './customers';
import { jobs, taxModeEnum } from './jobs';

// Invoices, credit notes and payments (issue 25, ADR 30). Amounts are numeric(12,2) read as decimal
// text and turned into integer cents by the invoices repository: no binary float ever holds money.

export const invoiceKindEnum = pgEnum('invoice_kind', INVOICE_KINDS);
export const invoiceStateEnum = pgEnum('invoice_state', INVOICE_STATES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);

const total = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/**
 * The single row of invoice settings, which is also the counter of invoice and credit-note numbers:
 * issuing locks it, takes the next number and moves it on in one transaction, so a rollback gives
 * the number back (a sequence would skip it) and two issues never share one.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  id: text('id').primaryKey().default('operator'),
  invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
  nextInvoiceNumber: integer('next_invoice_number').notNull().default(1),
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN-'),
  nextCreditNoteNumber: integer('next_credit_note_number').notNull().default(1),
  paymentTermsDays: integer('payment_terms_days').notNull().default(14),
  depositPercentage: rate('deposit_percentage').notNull().default(20),
  reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default([7, 14]),
  bankDetails: text('bank_details'),
  paymentTermsText: text('payment_terms_text'),
  salesAccountCode: text('sales_account_code').notNull().default('200'),
  xeroTaxType: text('xero_tax_type').notNull().default('GST on Income'),
  myobTaxCode: text('myob_tax_code').notNull().default('GST'),
  /** MYOB's bank account the payments export deposits to (Receive Payments' Deposit Account #). */
  myobDepositAccount: text('myob_deposit_account').notNull().default('1-1110'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: version(),
  ...timestamps(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: invoiceKindEnum('kind').notNull(),
    state: invoiceStateEnum('state').notNull().default('draft'),
    /** Taken when issued; a draft has none. */
    number: text('number').unique(),
    // set null: a job deleted later does not take its invoices with it; jobNumber keeps the reference.
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    jobNumber: text('job_number'),
    // restrict: customers are archived, never deleted.
    customerId: text('customer_id').references(() => customers.id),
    customerName: text('customer_name'),
    billingEmail: text('billing_email'),
    billingAddress: text('billing_address'),
    /** A credit note's invoice. */
    creditOfId: text('credit_of_id').references((): AnyPgColumn => invoices.id),
    currency: text('currency').notNull(),
    taxMode: taxModeEnum('tax_mode').notNull(),
    taxRate: rate('tax_rate').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    /**
     * The date the list sorts and filters by: the issue date once issued, before that the day the
     * draft was made (the operator's). Stored, so that the first page is read from an index rather
     * than by working it out for every invoice (issue 25's bench).
     */
    listDate: date('list_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    /** Why a credit note was raised. */
    reason: text('reason'),
    subtotal: total('subtotal').notNull().default('0'),
    taxTotal: total('tax_total').notNull().default('0'),
    total: total('total').notNull().default('0'),
    /** The sum of the payments not removed, kept with them in each payment's transaction. */
    amountPaid: total('amount_paid').notNull().default('0'),
    sentAt: instant('sent_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('invoices_created_at_idx').on(t.createdAt),
    index('invoices_list_date_idx').on(t.listDate, t.createdAt),
    index('invoices_state_due_date_idx').on(t.state, t.dueDate),
    index('invoices_customer_id_idx').on(t.customerId),
    index('invoices_job_id_idx').on(t.jobId),
    index('invoices_credit_of_id_idx').on(t.creditOfId),
    // One live final invoice per job: a second is refused, a credited one (void) makes room for another.
    uniqueIndex('invoices_one_final_per_job_uq')
      .on(t.jobId)
      .where(sql`${t.kind} = 'final' and ${t.state} <> 'void'`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull(),
    unitPrice: total('unit_price').notNull(),
    amount: total('amount').notNull(),
    taxAmount: total('tax_amount').notNull(),
    total: total('total').notNull(),
  },
  (t) => [index('invoice_lines_invoice_id_idx').on(t.invoiceId, t.position)],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: total('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    reference: text('reference'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** A removed payment stays, with who removed it and why: the history an auditor reads. */
    removedAt: instant('removed_at'),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    index('invoice_payments_invoice_id_idx').on(t.invoiceId),
    index('invoice_payments_paid_on_idx').on(t.paidOn),
  ],
);

/** The overdue reminders due: one per invoice and reminder day, so a retried run never mails twice. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    daysOverdue: integer('days_overdue').notNull(),
    sentAt: createdAt(),
    // Set when the reminder fell due but could not be mailed (no address): recorded so that later
    // runs do not retry it forever and fill their batch, and shown on the invoice for the office.
    notSentReason: text('not_sent_reason'),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysOverdue] })],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

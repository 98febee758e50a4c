import { centsOf, dateInZone } from '@dms/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { invoiceReminderMail } from '../../mail/invoice-templates';
import { getDocumentSettings } from '../document-settings';
import { operatorFormatters } from '../settings';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import {
  customerBilling,
  dueReminders,
  getInvoice,
  getInvoiceSettings,
  lockInvoice,
  recordInvoiceReminder,
} from './invoices.repository';

// Overdue reminders on the queue's schedule (issue 25, ADR 30): on each day of the settings'
// reminderDays past the due date (the operator's today), the customer is mailed the invoice again
// with what is due and how to pay.

export const REMINDER_NO_EMAIL = 'The customer has no email address';

/**
 * Mails the reminders due at `now` and answers how many went out. The row that marks a reminder sent
 * and the queued mail are one transaction: a retried or concurrent run finds the row and sends
 * nothing, and a run that fails before committing leaves neither.
 */
export async function sendInvoiceReminders(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const today = dateInZone(now, app.config.timezone);
  const settings = await getInvoiceSettings(app.db);
  const due = await dueReminders(app.db, settings.reminderDays, today);
  if (due.length === 0) return 0;
  const [documents, format] = await Promise.all([
    getDocumentSettings(app.db),
    operatorFormatters(app.db, app.config.timezone),
  ]);
  const companyName = documents.companyName?.trim() || 'Coach Services';
  let sent = 0;
  for (const { invoiceId, daysOverdue } of due) {
    const invoice = await getInvoice(app.db, invoiceId, today);
    if (!invoice?.number || !invoice.dueDate) continue;
    const billing = invoice.customerId ? await customerBilling(app.db, invoice.customerId) : undefined;
    const to = billing?.email ?? invoice.billingEmail;
    if (!to) {
      // Recorded as due but not sent, so the office sees it on the invoice and later runs move on.
      log.warn({ invoiceId, number: invoice.number }, 'overdue reminder not sent: the customer has no email');
      await recordInvoiceReminder(app.db, invoiceId, daysOverdue, REMINDER_NO_EMAIL);
      continue;
    }
    // Rendered before the transaction, so the invoice's lock is held for milliseconds, not a render.
    const pdf = await invoicePdf(app, invoice);
    const mailed = await app.db.transaction(async (tx) => {
      const row = await lockInvoice(tx, invoiceId);
      // Paid or credited since the list was read: nothing to remind.
      if (row?.state !== 'issued' || centsOf(row.total) - centsOf(row.amountPaid) <= 0) return false;
      if (!(await recordInvoiceReminder(tx, invoiceId, daysOverdue))) return false;
      const mail = invoiceReminderMail({
        companyName,
        customerName: invoice.customerName,
        number: invoice.number!,
        balance: format.jobMoney(invoice.balance, invoice.currency),
        dueDate: format.serviceDate(invoice.dueDate!),
        daysOverdue,
        bankDetails: settings.bankDetails,
        paymentTermsText: settings.paymentTermsText,
      });
      await app.mailer.send(
        {
          to,
          ...mail,
          attachments: [
            {
              filename: invoiceFileName(invoice),
              content: pdf.toString('base64'),
              encoding: 'base64',
              contentType: 'application/pdf',
            },
          ],
        },
        { tx },
      );
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

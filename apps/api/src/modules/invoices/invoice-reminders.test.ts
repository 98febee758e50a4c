import { addDays } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSettings } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text';
import { createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { sendInvoiceReminders } from './invoice-reminders';

let t: RoleTestApp;
let seq = 0;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
  await t.db.insert(documentSettings).values({ companyName: 'Harbour Coaches', taxLabel: 'GST' });
  const settings = (await t.asManager('GET', '/api/invoices/settings')).json();
  await t.asManager('PUT', '/api/invoices/settings', {
    ...settings,
    reminderDays: [7, 14],
    bankDetails: 'BSB 062-000 Account 1234 5678',
  });
});
afterAll(() => t.close());

/** Midday of `date` in UTC: the same calendar day in any operator timezone from UTC-11 to UTC+11. */
const at = (date: string) => new Date(`${date}T12:00:00Z`);
const run = (date: string) => sendInvoiceReminders(t.app, t.app.log, at(date));

/** An issued invoice of 1100 (tax inclusive) for a customer of its own; its billing email is returned. */
async function issuedInvoice(customer: { email?: string | null; billingEmail?: string | null } = {}) {
  const email = `accounts-${++seq}@school.example`;
  const created = await createCustomer(t.db, { companyName: `School ${seq}`, email, ...customer });
  const job = await createJob(t.db, {
    customerId: created.id,
    status: 'completed',
    basePrice: 1100,
    subtotal: 1100,
    taxMode: 'inclusive',
    taxRate: 10,
    taxAmount: 100,
    totalPrice: 1100,
  });
  const draft = (await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' })).json();
  const res = await t.asManager('POST', `/api/invoices/${draft.id}/issue`);
  expect(res.statusCode, res.body).toBe(200);
  return { invoice: res.json(), email: customer.billingEmail ?? customer.email ?? email };
}

const remindersOf = async (id: string) =>
  (await t.asManager('GET', `/api/invoices/${id}`)).json().reminders as { daysOverdue: number }[];

describe('overdue reminders', () => {
  it('mail on the 7th and 14th day past due, once each, with what is due and the PDF', async () => {
    const { invoice, email } = await issuedInvoice();
    const due: string = invoice.dueDate;
    await run(addDays(due, 6));
    expect(await remindersOf(invoice.id)).toEqual([]);

    await run(addDays(due, 7));
    expect(await remindersOf(invoice.id)).toMatchObject([{ daysOverdue: 7, sentAt: expect.any(String) }]);
    await t.smtp.waitFor(email);
    const mail = t.smtp.last(email);
    expect(mail.subject).toBe(`Reminder: tax invoice ${invoice.number} from Harbour Coaches is overdue`);
    expect(mail.text).toContain(`tax invoice ${invoice.number} is now 7 days overdue`);
    expect(mail.text).toContain('Amount due: $1,100.00');
    expect(mail.text).toContain('BSB 062-000 Account 1234 5678');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`invoice-${invoice.number}.pdf`]);
    expect((await pdfText(mail.attachments[0]!.content)).text).toContain(invoice.number);

    // A rerun the same day, or the next, sends nothing more.
    await run(addDays(due, 7));
    await run(addDays(due, 8));
    expect(await remindersOf(invoice.id)).toHaveLength(1);

    await run(addDays(due, 14));
    expect((await remindersOf(invoice.id)).map((r) => r.daysOverdue)).toEqual([7, 14]);
    await t.smtp.waitFor(email, 2);
    expect(t.smtp.last(email).text).toContain('is now 14 days overdue');
    await run(addDays(due, 30));
    expect(await remindersOf(invoice.id)).toHaveLength(2);
    // Nothing was queued beyond the two (the queue delivers within a second here).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.smtp.to(email)).toHaveLength(2);
  });

  it('after missed runs, send only the latest reminder due, once', async () => {
    const { invoice, email } = await issuedInvoice();
    await run(addDays(invoice.dueDate, 20));
    expect((await remindersOf(invoice.id)).map((r) => r.daysOverdue)).toEqual([14]);
    await run(addDays(invoice.dueDate, 21));
    await t.smtp.waitFor(email);
    expect(await remindersOf(invoice.id)).toHaveLength(1);
  });

  it('go to the billing email before the customer email', async () => {
    const office = 'office@hillside.example';
    const billing = 'billing@hillside.example';
    const { invoice } = await issuedInvoice({ email: office, billingEmail: billing });
    await run(addDays(invoice.dueDate, 7));
    await t.smtp.waitFor(billing);
    expect(t.smtp.to(office)).toHaveLength(0);
  });

  it('for a customer without an email are recorded as not sent, shown on the invoice, and not retried', async () => {
    const { invoice } = await issuedInvoice({ email: null, billingEmail: null });
    await run(addDays(invoice.dueDate, 7));
    expect(await remindersOf(invoice.id)).toMatchObject([
      { daysOverdue: 7, notSentReason: 'The customer has no email address' },
    ]);
    await run(addDays(invoice.dueDate, 8));
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    await run(addDays(invoice.dueDate, 14));
    expect((await remindersOf(invoice.id)).map((r) => r.daysOverdue)).toEqual([7, 14]);
  });

  it('are not sent for a paid or credited invoice', async () => {
    const { invoice: paid } = await issuedInvoice();
    const payment = await t.asManager('POST', `/api/invoices/${paid.id}/payments`, {
      amount: 1100,
      paidOn: paid.issueDate,
      method: 'bank_transfer',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const { invoice: credited } = await issuedInvoice();
    expect(
      (await t.asManager('POST', `/api/invoices/${credited.id}/credit-note`, { reason: 'Cancelled' }))
        .statusCode,
    ).toBe(201);
    await run(addDays(paid.dueDate, 7));
    expect(await remindersOf(paid.id)).toEqual([]);
    expect(await remindersOf(credited.id)).toEqual([]);
  });

  it('follow the days set in the settings', async () => {
    const settings = (await t.asManager('GET', '/api/invoices/settings')).json();
    const saved = await t.asManager('PUT', '/api/invoices/settings', { ...settings, reminderDays: [3] });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { invoice } = await issuedInvoice();
      await run(addDays(invoice.dueDate, 2));
      expect(await remindersOf(invoice.id)).toEqual([]);
      await run(addDays(invoice.dueDate, 3));
      expect((await remindersOf(invoice.id)).map((r) => r.daysOverdue)).toEqual([3]);
      await run(addDays(invoice.dueDate, 7));
      expect(await remindersOf(invoice.id)).toHaveLength(1);
    } finally {
      const current = (await t.asManager('GET', '/api/invoices/settings')).json();
      await t.asManager('PUT', '/api/invoices/settings', { ...current, reminderDays: [7, 14] });
    }
  });
});

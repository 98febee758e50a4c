import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSettings } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text';
import { createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
  await t.db
    .insert(documentSettings)
    .values({ companyName: 'Harbour Coaches', companyABN: '12 345 678 901', taxLabel: 'GST' });
  const settings = (await t.asManager('GET', '/api/invoices/settings')).json();
  await t.asManager('PUT', '/api/invoices/settings', {
    ...settings,
    bankDetails: 'BSB 062-000 Account 1234 5678',
    paymentTermsText: 'Payment within 14 days, please.',
  });
});
afterAll(() => t.close());

async function issuedInvoice(email: string | null) {
  const customer = await createCustomer(t.db, { companyName: 'Hillside Primary', email });
  const job = await createJob(t.db, {
    customerId: customer.id,
    status: 'completed',
    basePrice: 1100,
    subtotal: 1100,
    taxMode: 'inclusive',
    taxRate: 10,
    taxAmount: 100,
    totalPrice: 1100,
  });
  const draft = (await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' })).json();
  return { draft, issued: (await t.asManager('POST', `/api/invoices/${draft.id}/issue`)).json() };
}

describe('invoice PDF and mail', () => {
  it('renders the invoice branded like the quote, with the tax number and how to pay', async () => {
    const { issued } = await issuedInvoice('office@hillside.example');
    const res = await t.asManager('GET', `/api/invoices/${issued.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${issued.number}.pdf"`);
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      issued.number,
      'Harbour Coaches',
      'ABN 12 345 678 901',
      'Hillside Primary',
      'BSB 062-000 Account 1234 5678',
      'Payment within 14 days, please.',
      '$1,100.00',
      '$100.00',
      // The tax is named as on the quote (Settings > Documents).
      'Includes GST (10%)',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await t.asDriver('GET', `/api/invoices/${issued.id}/pdf`)).statusCode).toBe(403);
  });

  it("sends the PDF to the customer's billing email through the queue", async () => {
    const { draft, issued } = await issuedInvoice('accounts@hillside.example');
    const res = await t.asManager('POST', `/api/invoices/${issued.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sentAt).toEqual(expect.any(String));
    await t.smtp.waitFor('accounts@hillside.example');
    const mail = t.smtp.last('accounts@hillside.example');
    expect(mail.subject).toBe(`Tax invoice ${issued.number} from Harbour Coaches`);
    expect(mail.text).toContain('BSB 062-000 Account 1234 5678');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`invoice-${issued.number}.pdf`, 'application/pdf'],
    ]);
    expect((await pdfText(mail.attachments[0]!.content)).text).toContain(issued.number);
    expect(draft.id).toBe(issued.id);

    const { issued: noEmail } = await issuedInvoice(null);
    const refused = await t.asManager('POST', `/api/invoices/${noEmail.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The customer has no email address: add a billing email to the customer',
    );
  });

  it('a draft is not sent', async () => {
    const customer = await createCustomer(t.db, { email: 'x@example.test' });
    const job = await createJob(t.db, {
      customerId: customer.id,
      status: 'completed',
      basePrice: 10,
      subtotal: 10,
      totalPrice: 10,
    });
    const draft = (await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' })).json();
    const res = await t.asManager('POST', `/api/invoices/${draft.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Issue the invoice before sending it');
  });
});

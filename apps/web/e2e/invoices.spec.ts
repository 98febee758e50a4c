import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, dismissToasts, signInViaApi, toast } from './support/accounts';
import { waitForMail } from './support/outbox';
import { screenshotBothThemes } from './support/screenshots';

// Invoices (issue 25): a completed job is invoiced from the job list, issued, sent (the mail and its
// PDF in the outbox), part-paid and paid; a credit note voids another invoice.

const headers = { 'X-Requested-With': 'e2e' };

async function completedJob(page: Page, stamp: string, customerId: string, title: string) {
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title,
      serviceDate: '2026-11-20',
      customerId,
      legs: [{ originAddress: 'Central Station, Sydney', destinationAddress: 'Taronga Zoo, Mosman' }],
      basePrice: 1200,
      extraCharges: [{ description: 'Tolls', amount: 45.5, type: 'fixed' }],
      taxMode: 'exclusive',
      taxRate: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();
  for (const status of ['confirmed', 'completed']) {
    const res = await page.request.patch(`/api/jobs/${job.id}/status`, { headers, data: { status } });
    expect(res.status(), `${stamp} ${status}: ${await res.text()}`).toBe(200);
  }
  return job as { id: string; jobNumber: string };
}

/** The PDF attached to an outbox mail (base64 part), written where the screenshots go. */
async function savePdfAttachment(file: string, name: string): Promise<string> {
  const raw = (await readFile(file, 'utf8')).replace(/\r\n/g, '\n');
  const part = raw.split(/\n--/).find((p) => /content-type: application\/pdf/i.test(p));
  expect(part, 'the mail carries a PDF').toBeTruthy();
  const body = part!.slice(part!.indexOf('\n\n') + 2).replace(/\s+/g, '');
  const pdf = Buffer.from(body, 'base64');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const out = path.join(process.cwd(), '.tmp/screenshots', name);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, pdf);
  return out;
}

test('a completed job is invoiced, issued, sent, part-paid and paid; a credit note voids another', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const email = `billing.${stamp}@example.test`;
  const customer = await (
    await page.request.post('/api/customers', {
      headers,
      data: { companyName: `Invoice Journey School ${stamp}`, companyType: 'school', email },
    })
  ).json();
  const job = await completedJob(page, stamp, customer.id, `Zoo excursion ${stamp}`);

  // From the job list's menu.
  await page.goto(`/?search=${encodeURIComponent(job.jobNumber)}`);
  await page.getByRole('button', { name: `Actions for ${job.jobNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Create invoice' }).click();
  await expect(toast(page, `Draft invoice created for ${job.jobNumber}`)).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\?invoice=/);
  const drawer = page.getByTestId('invoice-drawer');
  await expect(drawer.getByTestId('lines-editor')).toBeVisible();
  // 1200 + 45.50 tolls, 10 % on top.
  await expect(drawer.getByTestId('invoice-total')).toHaveText('$1,370.05');

  // A line added on the draft changes the total at once, and is saved with the issue.
  await drawer.getByRole('button', { name: 'Add line' }).click();
  await drawer.getByLabel('Description of line 3').fill('Parking at the zoo');
  await drawer.getByLabel('Unit price of line 3').fill('20');
  await expect(drawer.getByTestId('invoice-total')).toHaveText('$1,392.05');
  await drawer.getByRole('button', { name: 'Issue invoice' }).click();
  await page.getByTestId('confirm-issue').getByRole('button', { name: 'Issue invoice' }).click();
  await expect(toast(page, /^Invoice INV-\d{5} issued$/)).toBeVisible();
  const number = (await drawer.getByRole('heading', { level: 2 }).textContent())!.trim();
  expect(number).toMatch(/^INV-\d{5}$/);
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Issued');
  await expect(drawer.getByTestId('invoice-balance')).toHaveText('$1,392.05');

  // Sent: the mail and its PDF land in the outbox.
  const since = Date.now();
  await drawer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, `Sent to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, { since });
  expect(mail.subject).toBe(`Tax invoice ${number} from ${mail.subject.split(' from ')[1]}`);
  expect(mail.text).toContain(`tax invoice ${number} for $1,392.05`);
  await savePdfAttachment(mail.file, 'invoice-sent.pdf');

  // Part-paid, an overpayment refused, then paid.
  await drawer.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByTestId('payment-dialog');
  await payment.getByLabel('Amount').fill('500');
  await payment.getByLabel('Reference').fill(`EFT ${stamp}`);
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Part-paid');
  await expect(drawer.getByTestId('invoice-balance')).toHaveText('$892.05');
  await drawer.getByRole('button', { name: 'Record payment' }).click();
  await payment.getByLabel('Amount').fill('900');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment.getByText('That would overpay the invoice: its balance is $892.05')).toBeVisible();
  await payment.getByLabel('Amount').fill('892.05');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, `${number} is paid`)).toBeVisible();
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(drawer.getByTestId('payment-row')).toHaveCount(2);

  await screenshotBothThemes(
    page,
    `/invoices?invoice=${encodeURIComponent(new URL(page.url()).searchParams.get('invoice')!)}`,
    'invoice-paid',
    {
      prepare: async (p) => {
        await expect(p.getByTestId('invoice-body')).toBeVisible();
      },
      fullPage: false,
    },
  );

  // A credit note voids another invoice of the same customer.
  const other = await completedJob(page, stamp, customer.id, `Museum trip ${stamp}`);
  const draft = await (
    await page.request.post(`/api/jobs/${other.id}/invoices`, { headers, data: { kind: 'final' } })
  ).json();
  const issued = await (await page.request.post(`/api/invoices/${draft.id}/issue`, { headers })).json();
  await page.goto(`/invoices?invoice=${issued.id}`);
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Issued');
  await drawer.getByRole('button', { name: 'Credit note' }).click();
  const reason = page.getByTestId('reason-dialog');
  await reason.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(reason.getByText('A reason is required')).toBeVisible();
  await reason.getByLabel('Reason').fill('Trip cancelled by the school');
  await reason.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toast(page, /^Credit note CN-\d{5} issued$/)).toBeVisible();
  await expect(drawer.getByText(`Credits ${issued.number}: Trip cancelled by the school`)).toBeVisible();
  await drawer.getByRole('button', { name: issued.number }).click();
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Void');

  // The list: the customer's three documents, the filter by status.
  await page.goto('/invoices');
  await page.getByLabel('Search').fill(`Invoice Journey School ${stamp}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(3);
  await page.getByPlaceholder('All statuses').click();
  await page.getByRole('option', { name: 'Void' }).click();
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);

  await screenshotBothThemes(page, '/invoices', 'invoices-list');
  await screenshotBothThemes(page, '/invoices', 'invoices-empty-filter', {
    prepare: async (p) => {
      await p.getByLabel('Search').fill('no invoice has this text');
      await expect(p.getByTestId('list-empty')).toBeVisible();
    },
  });
  const third = await completedJob(page, stamp, customer.id, `Draft trip ${stamp}`);
  const thirdDraft = await (
    await page.request.post(`/api/jobs/${third.id}/invoices`, { headers, data: { kind: 'final' } })
  ).json();
  await screenshotBothThemes(page, `/invoices?invoice=${thirdDraft.id}`, 'invoice-draft', {
    prepare: async (p) => {
      await expect(p.getByTestId('lines-editor')).toBeVisible();
    },
    fullPage: false,
  });
  // What the customer owes, by age: the third draft issued and unpaid.
  await page.request.post(`/api/invoices/${thirdDraft.id}/issue`, { headers });
  await screenshotBothThemes(page, '/invoices', 'invoices-aged-receivables', {
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Aged receivables' }).click();
      await expect(p.getByTestId('aged-table').getByText(`Invoice Journey School ${stamp}`)).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, `/?job=${third.id}`, 'job-detail-invoices', {
    prepare: async (p) => {
      await p.getByTestId('job-invoices').scrollIntoViewIfNeeded();
      await expect(p.getByTestId('job-invoices').getByTestId('job-balance')).toBeVisible();
    },
    fullPage: false,
  });
});

test('invoice settings: numbering, terms and how to pay are saved in Settings', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/settings/documents/invoices');
  await expect(page.getByText(/The next invoice will be INV-\d{5}/)).toBeVisible();
  // MYOB's Invoice No. holds 8 characters: the page says what the next number becomes there.
  await expect(page.getByTestId('myob-number-note')).toContainText(/INV-\d{5} goes in as INV\d{5}/);
  await page.getByLabel('Invoice prefix').fill('I-');
  await expect(page.getByTestId('myob-number-note')).toContainText(/I-\d{5} goes in as it is/);
  await page.getByLabel('Invoice prefix').fill('INV-');
  await page.getByLabel('Bank details').fill('Harbour City Coaches · BSB 062-000 · Account 1234 5678');
  await page.getByLabel('Overdue reminders (days past due)').fill('14, 7, 30');
  await page.getByLabel('MYOB deposit account').fill('1-1120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Invoice settings saved')).toBeVisible();
  const saved = await (await page.request.get('/api/invoices/settings')).json();
  expect(saved).toMatchObject({
    bankDetails: 'Harbour City Coaches · BSB 062-000 · Account 1234 5678',
    reminderDays: [7, 14, 30],
    myobDepositAccount: '1-1120',
  });
  await expect(page.getByLabel('Overdue reminders (days past due)')).toHaveValue('7, 14, 30');
  await dismissToasts(page);
  await page.getByLabel('Overdue reminders (days past due)').fill('7, soon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('invoice-settings-error')).toContainText('Reminder days are whole numbers');
  await page.getByLabel('Overdue reminders (days past due)').fill('7, 14');
  await page.getByLabel('Invoice prefix').fill('IN V');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('invoice-settings-error')).toContainText('A prefix is up to 10 letters');
  await screenshotBothThemes(page, '/settings/documents/invoices', 'settings-invoices');
});

test('the customer card shows what it owes; an overdue invoice lists its reminders', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const name = `Owing Academy ${stamp}`;
  const customer = await (
    await page.request.post('/api/customers', {
      headers,
      data: { companyName: name, companyType: 'school', email: `owing.${stamp}@example.test` },
    })
  ).json();
  // One invoice past due (its due date set on the draft), one not yet due: 1370.05 each.
  const issue = async (title: string, dueDate?: string) => {
    const job = await completedJob(page, stamp, customer.id, `${title} ${stamp}`);
    const draft = await (
      await page.request.post(`/api/jobs/${job.id}/invoices`, { headers, data: { kind: 'final' } })
    ).json();
    if (dueDate) {
      const res = await page.request.put(`/api/invoices/${draft.id}`, {
        headers,
        data: {
          lines: draft.lines.map((l: { description: string; quantity: number; unitPrice: number }) => ({
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
          })),
          dueDate,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const res = await page.request.post(`/api/invoices/${draft.id}/issue`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const late = await issue('Overdue trip', '2026-01-05');
  await issue('Current trip');

  await page.goto('/settings/customers');
  await page.getByLabel('Search customers').fill(name);
  const card = page.getByTestId('customer-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('customer-owes')).toContainText('Outstanding$2,740.10');
  await expect(card.getByTestId('customer-owes')).toContainText('Overdue$1,370.05');
  await screenshotBothThemes(page, '/settings/customers', 'settings-customers-owes', {
    prepare: async (p) => {
      await p.getByLabel('Search customers').fill(name);
      await expect(p.getByTestId('customer-card').filter({ hasText: name })).toHaveCount(1);
    },
  });

  await page.goto(`/invoices?invoice=${late.id}`);
  const drawer = page.getByTestId('invoice-drawer');
  await expect(drawer.getByTestId('invoice-status')).toHaveText('Overdue');
  await expect(drawer.getByText('No reminders sent.')).toBeVisible();
  await screenshotBothThemes(page, `/invoices?invoice=${late.id}`, 'invoice-overdue', {
    prepare: async (p) => {
      await expect(p.getByTestId('invoice-body')).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/invoices', 'invoices-export-menu', {
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Export' }).click();
      await expect(p.getByRole('menuitem', { name: 'MYOB Receive Payments CSV' })).toBeVisible();
    },
    fullPage: false,
  });
});

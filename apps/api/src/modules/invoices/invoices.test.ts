import { addDays, dateInZone } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoiceSettings, invoices } from '../../db/schema';
import { createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;
let today: string;

beforeAll(async () => {
  t = await createRoleTestApp();
  today = dateInZone(new Date(), t.app.config.timezone);
});
afterAll(() => t.close());

/** A completed job of 1000 + 100 tolls − 5 % loyalty, 10 % tax on top: 1045 + 104.50 = 1149.50. */
async function pricedJob(overrides: Parameters<typeof createJob>[1] = {}) {
  const customer = await createCustomer(t.db, { email: 'accounts@school.example' });
  return createJob(t.db, {
    customerId: customer.id,
    status: 'completed',
    title: 'Zoo excursion',
    basePrice: 1000,
    extraCharges: [{ id: 'c1', description: 'Tolls', amount: 100, type: 'fixed' }],
    discounts: [{ id: 'd1', description: 'Loyalty', amount: 5, type: 'percentage' }],
    taxMode: 'exclusive',
    taxRate: 10,
    subtotal: 1045,
    taxAmount: 104.5,
    totalPrice: 1149.5,
    ...overrides,
  });
}

async function draftFor(jobId: string, body: object = { kind: 'final' }) {
  const res = await t.asManager('POST', `/api/jobs/${jobId}/invoices`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function issued(jobId?: string) {
  const draft = await draftFor(jobId ?? (await pricedJob()).id);
  const res = await t.asManager('POST', `/api/invoices/${draft.id}/issue`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The list's rows, whose JSON PostgreSQL writes (ADR 40), say exactly what the job's invoices say, which
 * the server maps from the same columns: amounts, balance, status, credit links and instants.
 */
async function expectListAsJobInvoices(jobId: string) {
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  const list = (await t.asManager('GET', `/api/invoices?jobId=${jobId}&limit=100`)).json().items;
  const ofJob = (await t.asManager('GET', `/api/jobs/${jobId}/invoices`)).json().items;
  expect(list.length).toBeGreaterThan(0);
  expect([...list].sort(byId)).toEqual([...ofJob].sort(byId));
}

describe('invoices', () => {
  it('are for managers only', async () => {
    const job = await pricedJob();
    const draft = await draftFor(job.id);
    const routes: [string, string][] = [
      ['GET', '/api/invoices'],
      ['GET', '/api/invoices/settings'],
      ['PUT', '/api/invoices/settings'],
      ['POST', '/api/invoices/bulk'],
      ['GET', `/api/jobs/${job.id}/invoices`],
      ['POST', `/api/jobs/${job.id}/invoices`],
      ['GET', `/api/invoices/${draft.id}`],
      ['PUT', `/api/invoices/${draft.id}`],
      ['DELETE', `/api/invoices/${draft.id}`],
      ['POST', `/api/invoices/${draft.id}/issue`],
      ['POST', `/api/invoices/${draft.id}/payments`],
      ['POST', `/api/invoices/${draft.id}/payments/x/remove`],
      ['POST', `/api/invoices/${draft.id}/credit-note`],
    ];
    for (const [method, url] of routes) {
      expect((await t.asDriver(method as 'GET', url, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.anonymous(method as 'GET', url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("drafts a final invoice from the job's pricing: lines, tax and total as the job's", async () => {
    const job = await pricedJob({ jobNumber: 'J-90001' });
    const inv = await draftFor(job.id);
    expect(inv).toMatchObject({
      kind: 'final',
      state: 'draft',
      status: 'draft',
      number: null,
      jobId: job.id,
      jobNumber: 'J-90001',
      currency: 'AUD',
      taxMode: 'exclusive',
      subtotal: 1045,
      taxTotal: 104.5,
      total: 1149.5,
      amountPaid: 0,
      balance: 0,
      billingEmail: 'accounts@school.example',
    });
    expect(inv.lines).toEqual([
      expect.objectContaining({
        description: 'J-90001 · Zoo excursion · 2026-11-23 · Central Station, Sydney to Taronga Zoo, Mosman',
        quantity: 1,
        unitPrice: 1000,
        amount: 1000,
        taxAmount: 100,
        total: 1100,
      }),
      expect.objectContaining({ description: 'Tolls', amount: 100, taxAmount: 10, total: 110 }),
      expect.objectContaining({ description: 'Loyalty', amount: -55, taxAmount: -5.5, total: -60.5 }),
    ]);
    const again = await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This job already has an invoice (a draft)');
  });

  it('refuses jobs that cannot be invoiced, and bad input, changing nothing', async () => {
    const quoted = await pricedJob({ status: 'quoted' });
    const noCustomer = await pricedJob({ customerId: null });
    const cases: [string, object, number, string][] = [
      [
        quoted.id,
        { kind: 'final' },
        409,
        'Only a confirmed, assigned, in-progress or completed job can be invoiced',
      ],
      [noCustomer.id, { kind: 'final' }, 409, "Choose the job's customer before invoicing it"],
      ['missing', { kind: 'final' }, 404, 'Job not found'],
      [quoted.id, { kind: 'refund' }, 400, 'Validation failed'],
      [quoted.id, { kind: 'deposit', amount: 1.234 }, 400, 'Validation failed'],
      [quoted.id, { kind: 'deposit', amount: 10, percentage: 10 }, 400, 'Validation failed'],
    ];
    for (const [jobId, body, status, message] of cases) {
      const res = await t.asManager('POST', `/api/jobs/${jobId}/invoices`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message === 'Validation failed' ? /./ : message);
    }
    const list = await t.asManager('GET', `/api/jobs/${quoted.id}/invoices`);
    expect(list.json().items).toEqual([]);
  });

  it('raises a deposit from a confirmed job and deducts it on the final invoice', async () => {
    const job = await pricedJob({ status: 'confirmed' });
    const deposit = await draftFor(job.id, { kind: 'deposit' });
    // The default 20 % of 1149.50, tax included.
    expect(deposit).toMatchObject({ kind: 'deposit', total: 229.9, taxTotal: 20.9, subtotal: 209 });
    expect(deposit.lines[0].description).toMatch(/^Deposit \(20%\) for /);
    const blocked = await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' });
    expect(blocked.json().message).toBe('This job has a draft deposit invoice: issue or delete it first');
    const issuedDeposit = (await t.asManager('POST', `/api/invoices/${deposit.id}/issue`)).json();
    const tooMuch = await t.asManager('POST', `/api/jobs/${job.id}/invoices`, {
      kind: 'deposit',
      amount: 1000,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("Deposits would come to more than the job's total of $1,149.50");
    const final = await draftFor(job.id);
    expect(final.lines.at(-1)).toMatchObject({
      description: `Less deposit ${issuedDeposit.number}`,
      amount: -209,
    });
    expect(final.total).toBe(919.6);
    expect(final.total + deposit.total).toBe(1149.5);
  });

  it('edits a draft and refuses a negative total', async () => {
    const inv = await draftFor((await pricedJob()).id);
    const res = await t.asManager('PUT', `/api/invoices/${inv.id}`, {
      lines: [
        { description: 'Coach hire', quantity: 2.5, unitPrice: 400 },
        { description: 'Goodwill', quantity: 1, unitPrice: -0.01 },
      ],
      notes: 'Thanks for travelling with us',
      dueDate: '2027-01-31',
      version: inv.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subtotal: 999.99,
      taxTotal: 100,
      total: 1099.99,
      dueDate: '2027-01-31',
    });
    expect(res.json().notes).toBe('Thanks for travelling with us');
    const stale = await t.asManager('PUT', `/api/invoices/${inv.id}`, {
      lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
      version: inv.version,
    });
    expect(stale.statusCode).toBe(409);
    const negative = await t.asManager('PUT', `/api/invoices/${inv.id}`, {
      lines: [{ description: 'Refund', quantity: 1, unitPrice: -5 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('An invoice total cannot be negative');
    for (const body of [
      { lines: [] },
      { lines: [{ description: ' ', quantity: 1, unitPrice: 1 }] },
      { lines: [{ description: 'x', quantity: 0, unitPrice: 1 }] },
      { lines: [{ description: 'x', quantity: 1, unitPrice: 0.001 }] },
      { lines: [{ description: 'x', quantity: 1, unitPrice: 1 }], dueDate: '2027-02-30' },
    ]) {
      expect(
        (await t.asManager('PUT', `/api/invoices/${inv.id}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await t.asManager('GET', `/api/invoices/${inv.id}`)).json().total).toBe(1099.99);
  });

  it('issues with a number, a date and a due date from the payment terms; then it cannot change', async () => {
    const customer = await createCustomer(t.db);
    await t.db.update(customers).set({ paymentTermsDays: 30 }).where(eq(customers.id, customer.id));
    const inv = await issued((await pricedJob({ customerId: customer.id })).id);
    expect(inv.number).toMatch(/^INV-\d{5}$/);
    expect(inv).toMatchObject({
      state: 'issued',
      status: 'issued',
      issueDate: today,
      dueDate: addDays(today, 30),
    });
    expect(inv.balance).toBe(1149.5);
    const defaultTerms = await issued();
    expect(defaultTerms.dueDate).toBe(addDays(today, 14));

    const put = await t.asManager('PUT', `/api/invoices/${inv.id}`, {
      lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(
      'An issued invoice cannot be changed or deleted; void it with a credit note',
    );
    expect((await t.asManager('DELETE', `/api/invoices/${inv.id}`)).statusCode).toBe(409);
    expect((await t.asManager('POST', `/api/invoices/${inv.id}/issue`)).statusCode).toBe(409);
    expect((await t.asManager('GET', `/api/invoices/${inv.id}`)).json().total).toBe(1149.5);

    const draft = await draftFor((await pricedJob()).id);
    expect((await t.asManager('DELETE', `/api/invoices/${draft.id}`)).statusCode).toBe(200);
    expect((await t.asManager('GET', `/api/invoices/${draft.id}`)).statusCode).toBe(404);
  });

  it('twenty issued at once get consecutive numbers; one failing leaves no gap and no repeat', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++) drafts.push(await draftFor((await pricedJob()).id));
    // One draft with nothing to bill: its issue fails after it has taken a number, and rolls back.
    await t.asManager('PUT', `/api/invoices/${drafts[7].id}`, {
      lines: [{ description: 'Nothing', quantity: 1, unitPrice: 0 }],
    });
    const [settings] = await t.db.select().from(invoiceSettings);
    const first = settings?.nextInvoiceNumber ?? 1;
    const results = await Promise.all(drafts.map((d) => t.asManager('POST', `/api/invoices/${d.id}/issue`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 409]);
    expect(results[7]!.json().message).toBe('There is nothing to invoice: the total is 0');
    const numbers = results
      .filter((r) => r.statusCode === 200)
      .map((r) => Number(r.json().number.slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 19 }, (_, i) => first + i));
    const [after] = await t.db.select().from(invoiceSettings);
    expect(after!.nextInvoiceNumber).toBe(first + 19);
    const [failed] = await t.db.select().from(invoices).where(eq(invoices.id, drafts[7].id));
    expect(failed).toMatchObject({ state: 'draft', number: null });
  });

  it('records payments: part-paid, paid, overpayment refused, removal kept with its reason', async () => {
    const inv = await issued();
    const pay = (amount: number) =>
      t.asManager('POST', `/api/invoices/${inv.id}/payments`, {
        amount,
        paidOn: today,
        method: 'bank_transfer',
        reference: 'EFT 1234',
      });
    const part = await pay(1000);
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ status: 'part_paid', amountPaid: 1000, balance: 149.5 });
    const over = await pay(149.51);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('That would overpay the invoice: its balance is $149.50');
    const paid = (await pay(149.5)).json();
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 1149.5, balance: 0 });
    expect((await pay(0.01)).json().message).toBe(
      'This invoice is paid in full: there is nothing left to pay',
    );
    for (const body of [
      { amount: 0, paidOn: today, method: 'cash' },
      { amount: -5, paidOn: today, method: 'cash' },
      { amount: 5, paidOn: '', method: 'cash' },
      { amount: 5, paidOn: today, method: 'barter' },
    ]) {
      expect((await t.asManager('POST', `/api/invoices/${inv.id}/payments`, body)).statusCode).toBe(400);
    }
    const removeUrl = `/api/invoices/${inv.id}/payments/${paid.payments[0].id}/remove`;
    expect((await t.asManager('POST', removeUrl, { reason: ' ' })).statusCode).toBe(400);
    const removed = await t.asManager('POST', removeUrl, { reason: 'Bounced' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ status: 'part_paid', amountPaid: 149.5, balance: 1000 });
    expect(removed.json().payments[0]).toMatchObject({
      amount: 1000,
      removedReason: 'Bounced',
      removedAt: expect.any(String),
      removedByName: expect.any(String),
    });
    expect((await t.asManager('POST', removeUrl, { reason: 'Again' })).statusCode).toBe(404);
    await expectListAsJobInvoices(inv.jobId);

    const draft = await draftFor((await pricedJob()).id);
    const early = await t.asManager('POST', `/api/invoices/${draft.id}/payments`, {
      amount: 5,
      paidOn: today,
      method: 'cash',
    });
    expect(early.json().message).toBe('Issue the invoice before recording a payment');
  });

  it('an unpaid invoice past its due date is overdue', async () => {
    const job = await pricedJob();
    const draft = await draftFor(job.id);
    await t.asManager('PUT', `/api/invoices/${draft.id}`, {
      lines: [{ description: 'Coach', quantity: 1, unitPrice: 100 }],
      dueDate: addDays(today, -1),
    });
    const inv = (await t.asManager('POST', `/api/invoices/${draft.id}/issue`)).json();
    expect(inv).toMatchObject({ status: 'overdue', dueDate: addDays(today, -1) });
    const list = await t.asManager('GET', `/api/invoices?status=overdue&customerId=${job.customerId}`);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    const mine = await t.asManager('GET', `/api/jobs/${job.id}/invoices`);
    expect(mine.json().totals).toEqual({ invoiced: 110, paid: 0, balance: 110, overdue: 110 });
  });

  it('a credit note voids an invoice with its own number and reversed lines', async () => {
    const inv = await issued();
    expect(
      (await t.asManager('POST', `/api/invoices/${inv.id}/credit-note`, { reason: '' })).statusCode,
    ).toBe(400);
    const res = await t.asManager('POST', `/api/invoices/${inv.id}/credit-note`, {
      reason: 'Trip cancelled',
    });
    expect(res.statusCode, res.body).toBe(201);
    const cn = res.json();
    expect(cn).toMatchObject({
      kind: 'credit_note',
      state: 'issued',
      creditOfId: inv.id,
      creditOfNumber: inv.number,
      total: -1149.5,
      taxTotal: -104.5,
      balance: 0,
      reason: 'Trip cancelled',
    });
    expect(cn.number).toMatch(/^CN-\d{5}$/);
    expect(cn.lines.map((l: { total: number }) => l.total)).toEqual([-1100, -110, 60.5]);
    const voided = (await t.asManager('GET', `/api/invoices/${inv.id}`)).json();
    expect(voided).toMatchObject({
      status: 'void',
      balance: 0,
      creditedById: cn.id,
      creditedByNumber: cn.number,
    });
    expect(
      (await t.asManager('POST', `/api/invoices/${inv.id}/credit-note`, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect((await t.asManager('DELETE', `/api/invoices/${cn.id}`)).statusCode).toBe(409);
    // The job may be invoiced again once its invoice is void.
    expect((await t.asManager('POST', `/api/jobs/${inv.jobId}/invoices`, { kind: 'final' })).statusCode).toBe(
      201,
    );
    // The void invoice, its credit note and the new draft, read both ways.
    await expectListAsJobInvoices(inv.jobId);

    const paid = await issued();
    await t.asManager('POST', `/api/invoices/${paid.id}/payments`, {
      amount: 10,
      paidOn: today,
      method: 'card',
    });
    const refused = await t.asManager('POST', `/api/invoices/${paid.id}/credit-note`, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This invoice has payments: remove them (with a reason) before crediting it',
    );
  });

  it('lists a page, filtered and searched on the server', async () => {
    const customer = await createCustomer(t.db, { companyName: 'Paging Grammar' });
    for (let i = 0; i < 3; i++) await draftFor((await pricedJob({ customerId: customer.id })).id);
    const one = await issued((await pricedJob({ customerId: customer.id, jobNumber: 'J-77777' })).id);
    const page = (
      await t.asManager('GET', `/api/invoices?customerId=${customer.id}&limit=2&offset=0`)
    ).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 0, totalIsLowerBound: false });
    expect(page.items).toHaveLength(2);
    // The last page holds the rest and says the same total; past the end, the count still does.
    const rest = (
      await t.asManager('GET', `/api/invoices?customerId=${customer.id}&limit=3&offset=2`)
    ).json();
    expect(rest).toMatchObject({ total: 4, totalIsLowerBound: false });
    expect(rest.items).toHaveLength(2);
    expect(
      (await t.asManager('GET', `/api/invoices?customerId=${customer.id}&limit=2&offset=10`)).json(),
    ).toMatchObject({ items: [], total: 4 });
    // The issued one is found by its status, worked out against today.
    const issuedOnly = (
      await t.asManager('GET', `/api/invoices?customerId=${customer.id}&status=issued`)
    ).json();
    expect(issuedOnly.items.map((i: { id: string }) => i.id)).toEqual([one.id]);
    const byNumber = (await t.asManager('GET', `/api/invoices?q=${one.number}`)).json();
    expect(byNumber.items.map((i: { id: string }) => i.id)).toEqual([one.id]);
    expect((await t.asManager('GET', '/api/invoices?q=J-77777')).json().total).toBe(1);
    expect((await t.asManager('GET', '/api/invoices?q=paging%20grammar&status=draft')).json().total).toBe(3);
    expect(
      (await t.asManager('GET', `/api/invoices?from=${addDays(today, 1)}&customerId=${customer.id}`)).json()
        .total,
    ).toBe(0);
    expect((await t.asManager('GET', '/api/invoices?status=late')).statusCode).toBe(400);
  });

  it('invoices all completed, uninvoiced jobs of a customer in one go', async () => {
    const customer = await createCustomer(t.db, { companyName: 'Bulk Tours' });
    const done1 = await pricedJob({ customerId: customer.id, serviceDate: '2026-05-01' });
    await pricedJob({ customerId: customer.id, serviceDate: '2026-05-02' });
    await pricedJob({ customerId: customer.id, status: 'confirmed' });
    await draftFor(done1.id);
    expect((await t.asManager('POST', '/api/invoices/bulk', {})).json().message).toBeDefined();
    const res = await t.asManager('POST', '/api/invoices/bulk', { customerId: customer.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBe(1);
    expect(res.json().invoices[0]).toMatchObject({
      state: 'draft',
      total: 1149.5,
      customerName: 'Bulk Tours',
    });
    expect(
      (await t.asManager('POST', '/api/invoices/bulk', { customerId: customer.id })).json().created,
    ).toBe(0);
  });

  it('takes prefix and next number from Settings', async () => {
    const current = (await t.asManager('GET', '/api/invoices/settings')).json();
    const res = await t.asManager('PUT', '/api/invoices/settings', {
      ...current,
      invoicePrefix: 'TAX-',
      nextInvoiceNumber: 5000,
      reminderDays: [14, 7, 7],
      bankDetails: 'BSB 062-000 Account 1234 5678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      invoicePrefix: 'TAX-',
      nextInvoiceNumber: 5000,
      reminderDays: [7, 14],
    });
    expect((await issued()).number).toBe('TAX-05000');
    const bad = await t.asManager('PUT', '/api/invoices/settings', { ...res.json(), invoicePrefix: 'IN V' });
    expect(bad.statusCode).toBe(400);
    const stale = await t.asManager('PUT', '/api/invoices/settings', { ...current });
    expect(stale.statusCode).toBe(409);
    await t.asManager('PUT', '/api/invoices/settings', {
      ...res.json(),
      invoicePrefix: 'INV-',
      nextInvoiceNumber: 6000,
    });
  });
});

describe('the customer list', () => {
  it('shows what each customer of the page owes and how much of it is overdue', async () => {
    const owing = await createCustomer(t.db, { companyName: 'Owing Grammar School' });
    const clear = await createCustomer(t.db, { companyName: 'Owing Nothing College' });
    const jobOf = (customerId: string) =>
      pricedJob({ customerId, taxMode: 'none', taxRate: 0, taxAmount: 0, subtotal: 100, totalPrice: 100 });
    const issueWith = async (customerId: string, dueDate?: string) => {
      const draft = await draftFor((await jobOf(customerId)).id);
      if (dueDate)
        await t.asManager('PUT', `/api/invoices/${draft.id}`, {
          lines: [{ description: 'Coach', quantity: 1, unitPrice: 100 }],
          dueDate,
        });
      const res = await t.asManager('POST', `/api/invoices/${draft.id}/issue`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Overdue 100, of which 40 paid; current 100; a paid one, a credited one and a draft owe nothing.
    const late = await issueWith(owing.id, addDays(today, -3));
    await t.asManager('POST', `/api/invoices/${late.id}/payments`, {
      amount: 40,
      paidOn: today,
      method: 'cash',
    });
    await issueWith(owing.id);
    const paid = await issueWith(owing.id);
    await t.asManager('POST', `/api/invoices/${paid.id}/payments`, {
      amount: 100,
      paidOn: today,
      method: 'cash',
    });
    const credited = await issueWith(owing.id, addDays(today, -30));
    await t.asManager('POST', `/api/invoices/${credited.id}/credit-note`, { reason: 'Cancelled' });
    await draftFor((await jobOf(owing.id)).id);

    const res = await t.asManager('GET', '/api/customers?search=Owing&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(
      res.json().items.map((c: { companyName: string; owes: unknown }) => [c.companyName, c.owes]),
    );
    expect(byName).toEqual({
      'Owing Grammar School': { outstanding: 160, overdue: 60 },
      'Owing Nothing College': { outstanding: 0, overdue: 0 },
    });
    expect(clear.id).toBeTruthy();
    expect((await t.asDriver('GET', '/api/customers')).statusCode).toBe(403);
  });
});

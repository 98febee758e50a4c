import { addDays, dateInZone, myobInvoiceNumber } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import {
  agedReceivables,
  type ExportInvoice,
  type ExportPayment,
  MYOB_COLUMNS,
  MYOB_PAYMENT_COLUMNS,
  myobCsv,
  myobPaymentsCsv,
  XERO_COLUMNS,
  XERO_PAYMENT_COLUMNS,
  xeroCsv,
  xeroPaymentsCsv,
} from './invoice-exports';

const codes = { salesAccountCode: '200', xeroTaxType: 'GST on Income', myobTaxCode: 'GST' };

const invoice: ExportInvoice = {
  kind: 'final',
  number: 'INV-00042',
  customerName: 'Hillside Primary, Campus "B"',
  billingEmail: 'accounts@hillside.example',
  billingAddress: '1 School Rd',
  jobNumber: 'J-00017',
  creditOfNumber: null,
  issueDate: '2026-03-05',
  dueDate: '2026-03-19',
  currency: 'AUD',
  taxMode: 'exclusive',
  totalCents: 1149_50,
  lines: [
    {
      description: 'Coach hire',
      quantityHundredths: 250,
      unitCents: 400_00,
      amountCents: 1000_00,
      taxCents: 100_00,
    },
    {
      description: 'Loyalty',
      quantityHundredths: 100,
      unitCents: -50_00,
      amountCents: -50_00,
      taxCents: -5_00,
    },
  ],
};

const rows = (csv: string) => csv.split('\r\n');

describe('Xero export', () => {
  it('has exactly the columns of the sales invoice template, one row per line, DD/MM/YYYY', () => {
    const csv = rows(xeroCsv([invoice], codes));
    expect(csv[0]).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    expect(XERO_COLUMNS).toHaveLength(27);
    expect(csv[1]).toBe(
      '"Hillside Primary, Campus ""B""",accounts@hillside.example,1 School Rd,,,,,,,,INV-00042,J-00017,05/03/2026,19/03/2026,,Coach hire,2.50,400.00,,200,GST on Income,,,,,AUD,',
    );
    expect(csv[2]).toContain(',Loyalty,1.00,-50.00,,200,GST on Income,');
    expect(csv).toHaveLength(4);
    for (const row of csv.slice(1, 3)) expect(row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)).toHaveLength(27);
  });

  it('writes inclusive lines tax exclusive, untaxed lines GST free, credit notes negative', () => {
    const inclusive: ExportInvoice = {
      ...invoice,
      taxMode: 'inclusive',
      lines: [
        {
          description: 'Coach',
          quantityHundredths: 300,
          unitCents: 366_67,
          amountCents: 1100_01,
          taxCents: 100_00,
        },
      ],
    };
    expect(rows(xeroCsv([inclusive], codes))[1]).toContain(',Coach,1.00,1000.01,,200,GST on Income,');
    const none: ExportInvoice = { ...invoice, taxMode: 'none', lines: [invoice.lines[0]!] };
    expect(rows(xeroCsv([none], codes))[1]).toContain(',200,GST Free Income,');
    const credit: ExportInvoice = {
      ...invoice,
      kind: 'credit_note',
      number: 'CN-00001',
      creditOfNumber: 'INV-00042',
      lines: [
        {
          description: 'Coach hire',
          quantityHundredths: 250,
          unitCents: -400_00,
          amountCents: -1000_00,
          taxCents: -100_00,
        },
      ],
    };
    expect(rows(xeroCsv([credit], codes))[1]).toContain(
      ',CN-00001,Credit for INV-00042,05/03/2026,19/03/2026,,Coach hire,2.50,-400.00,',
    );
  });
});

describe('MYOB export', () => {
  it('has the documented service sale field names, a blank record after each sale', () => {
    const csv = rows(myobCsv([invoice, { ...invoice, number: 'INV-00043' }], codes));
    expect(csv[0]).toBe(MYOB_COLUMNS.join(','));
    expect(csv[0]).toBe(
      'Co./Last Name,Addr 1 - Line 1,Inclusive,Invoice No.,Date,Customer PO,Description,Account No.,Amount,Inc-Tax Amount,Journal Memo,Tax Code,GST Amount,Sale Status,Currency Code',
    );
    expect(csv[1]).toBe(
      '"Hillside Primary, Campus ""B""",1 School Rd,,INV00042,05/03/2026,J-00017,Coach hire,200,1000.00,1100.00,"Sale INV-00042; Hillside Primary, Campus ""B""",GST,100.00,I,AUD',
    );
    expect(csv[2]).toContain(',Loyalty,200,-50.00,-55.00,');
    expect(csv[3]).toBe('');
    expect(csv[4]).toContain(',INV00043,');
    expect(csv[6]).toBe('');
  });
});

const payment: ExportPayment = {
  paidOn: '2026-03-20',
  amountCents: 500_25,
  method: 'bank_transfer',
  reference: 'EFT 991',
  invoiceNumber: 'INV-00042',
  invoiceDate: '2026-03-05',
  customerName: 'Hillside Primary, Campus "B"',
  jobNumber: 'J-00017',
  currency: 'AUD',
};

describe('payments export', () => {
  it('Xero: the bank statement template, money in positive, the invoice number as reference', () => {
    const csv = rows(xeroPaymentsCsv([payment, { ...payment, method: 'cash', reference: null }]));
    expect(csv[0]).toBe('*Date,*Amount,Payee,Description,Reference');
    expect(XERO_PAYMENT_COLUMNS).toHaveLength(5);
    expect(csv[1]).toBe(
      '20/03/2026,500.25,"Hillside Primary, Campus ""B""",Payment of INV-00042 (Bank transfer EFT 991),INV-00042',
    );
    expect(csv[2]).toBe(
      '20/03/2026,500.25,"Hillside Primary, Campus ""B""",Payment of INV-00042 (Cash),INV-00042',
    );
    expect(csv).toHaveLength(4);
  });

  it('MYOB: the Receive Payments fields in their order, one record per payment and a blank after it', () => {
    const csv = rows(myobPaymentsCsv([payment, { ...payment, invoiceNumber: 'INV-00043' }], '1-1110'));
    expect(csv[0]).toBe(MYOB_PAYMENT_COLUMNS.join(','));
    expect(csv[0]).toBe(
      'Co./Last Name,Deposit Account #,Receipt Date,Memo,Invoice #,Customer PO #,Invoice Date,Amount Applied,Currency Code,Payment Method,Payment Notes',
    );
    expect(csv[1]).toBe(
      '"Hillside Primary, Campus ""B""",1-1110,20/03/2026,"Payment of INV-00042; Hillside Primary, Campus ""B""",INV00042,J-00017,05/03/2026,500.25,AUD,Bank transfer,EFT 991',
    );
    expect(csv[2]).toBe('');
    expect(csv[3]).toContain(',INV00043,');
    expect(csv[4]).toBe('');
  });
});

describe('aged receivables', () => {
  it('buckets balances by days past due, per customer, with totals', () => {
    const report = agedReceivables(
      [
        { customerId: 'a', customerName: 'Alpha', dueDate: '2026-03-10', balanceCents: 100_00 },
        { customerId: 'a', customerName: 'Alpha', dueDate: '2026-01-01', balanceCents: 50_05 },
        { customerId: 'b', customerName: 'Beta', dueDate: '2026-03-20', balanceCents: 10_00 },
      ],
      '2026-03-15',
      'AUD',
    );
    expect(report.rows).toEqual([
      {
        customerId: 'a',
        customerName: 'Alpha',
        current: 0,
        days1to30: 100,
        days31to60: 0,
        days61to90: 50.05,
        over90: 0,
        total: 150.05,
      },
      {
        customerId: 'b',
        customerName: 'Beta',
        current: 10,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 0,
        total: 10,
      },
    ]);
    expect(report.totals).toEqual({
      current: 10,
      days1to30: 100,
      days31to60: 0,
      days61to90: 50.05,
      over90: 0,
      total: 160.05,
    });
  });
});

describe('export and report routes', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  it('export issued invoices and credit notes in range; the aged receivables as JSON and CSV', async () => {
    const today = dateInZone(new Date(), t.app.config.timezone);
    const customer = await createCustomer(t.db, { companyName: 'Export Grammar' });
    const issue = async (dueDate?: string) => {
      const job = await createJob(t.db, {
        customerId: customer.id,
        status: 'completed',
        basePrice: 100,
        subtotal: 100,
        taxMode: 'exclusive',
        taxRate: 10,
        taxAmount: 10,
        totalPrice: 110,
      });
      const draft = (await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' })).json();
      if (dueDate)
        await t.asManager('PUT', `/api/invoices/${draft.id}`, {
          lines: [{ description: 'Coach', quantity: 1, unitPrice: 100 }],
          dueDate,
        });
      return (await t.asManager('POST', `/api/invoices/${draft.id}/issue`)).json();
    };
    const late = await issue(addDays(today, -45));
    const credited = await issue();
    await t.asManager('POST', `/api/invoices/${credited.id}/credit-note`, { reason: 'Cancelled' });
    await issue();

    const xero = await t.asManager('GET', `/api/invoices/export.csv?format=xero&from=${today}&to=${today}`);
    expect(xero.statusCode).toBe(200);
    expect(xero.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xero.headers['content-disposition']).toBe(
      `attachment; filename="invoices-xero-${today}-to-${today}.csv"`,
    );
    const lines = xero.body.split('\r\n').filter((l) => l.includes('Export Grammar'));
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(',-100.00,'))).toBe(true);
    expect((await t.asManager('GET', '/api/invoices/export.csv?format=quickbooks')).statusCode).toBe(400);
    const myob = (await t.asManager('GET', '/api/invoices/export.csv?format=myob')).body;
    expect(late.number).toHaveLength(9);
    expect(myob).toContain(`,${myobInvoiceNumber(late.number)},`);
    expect(myob).toContain(`Sale ${late.number};`);
    expect((await t.asDriver('GET', '/api/invoices/export.csv?format=xero')).statusCode).toBe(403);

    const report = (await t.asManager('GET', '/api/reports/aged-receivables')).json();
    const row = report.rows.find((r: { customerId: string }) => r.customerId === customer.id);
    expect(row).toMatchObject({ customerName: 'Export Grammar', current: 110, days31to60: 110, total: 220 });
    const csv = await t.asManager('GET', '/api/reports/aged-receivables.csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Customer,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Total',
    );
    expect(csv.body).toContain('Export Grammar,110.00,0.00,110.00,0.00,0.00,220.00');
    expect((await t.asDriver('GET', '/api/reports/aged-receivables')).statusCode).toBe(403);
  });

  it('export the payments received in range, not removed ones, for managers only', async () => {
    const today = dateInZone(new Date(), t.app.config.timezone);
    const customer = await createCustomer(t.db, { companyName: 'Payments Academy' });
    const job = await createJob(t.db, {
      customerId: customer.id,
      status: 'completed',
      basePrice: 100,
      subtotal: 100,
      taxMode: 'exclusive',
      taxRate: 10,
      taxAmount: 10,
      totalPrice: 110,
    });
    const draft = (await t.asManager('POST', `/api/jobs/${job.id}/invoices`, { kind: 'final' })).json();
    const invoice = (await t.asManager('POST', `/api/invoices/${draft.id}/issue`)).json();
    const pay = async (amount: number, paidOn: string, reference: string) => {
      const res = await t.asManager('POST', `/api/invoices/${invoice.id}/payments`, {
        amount,
        paidOn,
        method: 'bank_transfer',
        reference,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    await pay(10, today, 'KEPT-1');
    const removed = await pay(20, today, 'GONE-2');
    await pay(30, addDays(today, -40), 'OLD-3');
    const gone = removed.payments.find((p: { reference: string }) => p.reference === 'GONE-2');
    const removal = await t.asManager('POST', `/api/invoices/${invoice.id}/payments/${gone.id}/remove`, {
      reason: 'Bounced',
    });
    expect(removal.statusCode).toBe(200);

    const from = addDays(today, -7);
    const xero = await t.asManager(
      'GET',
      `/api/invoices/payments-export.csv?format=xero&from=${from}&to=${today}`,
    );
    expect(xero.statusCode).toBe(200);
    expect(xero.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xero.headers['content-disposition']).toBe(
      `attachment; filename="payments-xero-${from}-to-${today}.csv"`,
    );
    const [header, ...body] = xero.body.split('\r\n');
    expect(header).toBe('*Date,*Amount,Payee,Description,Reference');
    const ours = body.filter((l) => l.includes('Payments Academy'));
    const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    expect(ours).toEqual([
      `${dmy},10.00,Payments Academy,Payment of ${invoice.number} (Bank transfer KEPT-1),${invoice.number}`,
    ]);

    const myob = await t.asManager('GET', '/api/invoices/payments-export.csv?format=myob');
    expect(myob.body.split('\r\n')[0]).toBe(MYOB_PAYMENT_COLUMNS.join(','));
    expect(myob.body).toContain('KEPT-1');
    expect(myob.body).toContain('OLD-3');
    expect(myob.body).not.toContain('GONE-2');
    expect((await t.asManager('GET', '/api/invoices/payments-export.csv?format=csv')).statusCode).toBe(400);
    expect(
      (await t.asManager('GET', '/api/invoices/payments-export.csv?format=xero&from=yesterday')).statusCode,
    ).toBe(400);
    expect((await t.asDriver('GET', '/api/invoices/payments-export.csv?format=xero')).statusCode).toBe(403);
  });
});

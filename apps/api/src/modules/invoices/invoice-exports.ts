import {
  type AGING_BUCKETS,
  type AgedReceivables,
  agingBucket,
  centsOf,
  csvCell,
  decimalOf,
  fromCents,
  myobInvoiceNumber,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@dms/domain';

// The accounting exports (issue 25, ADR 30): issued invoices and credit notes in the import layouts
// Xero and MYOB AccountRight document for sales, one row per line; and the aged receivables.

export interface ExportLine {
  description: string;
  /** Hundredths (150 = 1.5). */
  quantityHundredths: number;
  unitCents: number;
  amountCents: number;
  taxCents: number;
}

export interface ExportInvoice {
  kind: 'final' | 'deposit' | 'credit_note';
  number: string;
  customerName: string;
  billingEmail: string | null;
  billingAddress: string | null;
  jobNumber: string | null;
  creditOfNumber: string | null;
  issueDate: string;
  dueDate: string;
  currency: string;
  taxMode: 'inclusive' | 'exclusive' | 'none';
  totalCents: number;
  lines: ExportLine[];
}

export interface ExportCodes {
  salesAccountCode: string;
  xeroTaxType: string;
  myobTaxCode: string;
}

/** Both packages read Australian dates as DD/MM/YYYY. */
export const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** An amount is written as plain decimal text (no symbol, no grouping), negative for a credit. */
const amount = (cents: number) => ({ raw: decimalOf(cents) });
type Cell = string | number | null | { raw: string };
const line = (cells: Cell[]) =>
  `${cells.map((c) => (c !== null && typeof c === 'object' ? c.raw : csvCell(c))).join(',')}\r\n`;

/**
 * Xero's sales invoice import template (SalesInvoiceTemplate.csv), in its order; a leading * marks
 * the columns Xero requires.
 */
export const XERO_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's name of the rate for lines without tax. */
export const XERO_NO_TAX = 'GST Free Income';

/**
 * The file is tax exclusive throughout (choose "Tax exclusive" when importing): one file may hold
 * invoices of every tax mode, and Xero takes one setting per file. An inclusive line is written as
 * one unit of its amount less its tax, so Xero's figures come out to the cent; a credit note's
 * lines are negative, which Xero imports as a credit note.
 */
export function xeroCsv(invoices: readonly ExportInvoice[], codes: ExportCodes): string {
  let out = line([...XERO_COLUMNS]);
  for (const inv of invoices) {
    for (const l of inv.lines) {
      const inclusive = inv.taxMode === 'inclusive';
      const net = l.amountCents - (inclusive ? l.taxCents : 0);
      const quantity = inclusive ? 100 : l.quantityHundredths;
      const unit = inclusive ? net : l.unitCents;
      const reference =
        inv.kind === 'credit_note' ? `Credit for ${inv.creditOfNumber ?? ''}`.trim() : inv.jobNumber;
      out += line([
        inv.customerName,
        inv.billingEmail,
        inv.billingAddress,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        inv.number,
        reference,
        ddmmyyyy(inv.issueDate),
        ddmmyyyy(inv.dueDate),
        null,
        l.description,
        { raw: decimalOf(quantity) },
        amount(unit),
        null,
        codes.salesAccountCode,
        inv.taxMode === 'none' ? XERO_NO_TAX : codes.xeroTaxType,
        null,
        null,
        null,
        null,
        inv.currency,
        null,
      ]);
    }
  }
  return out;
}

/**
 * MYOB AccountRight's service sale import fields we fill, by their documented names; the lines of
 * one sale are consecutive records and a blank record ends the sale, as MYOB's sales files do.
 */
export const MYOB_COLUMNS = [
  'Co./Last Name',
  'Addr 1 - Line 1',
  'Inclusive',
  'Invoice No.',
  'Date',
  'Customer PO',
  'Description',
  'Account No.',
  'Amount',
  'Inc-Tax Amount',
  'Journal Memo',
  'Tax Code',
  'GST Amount',
  'Sale Status',
  'Currency Code',
] as const;

export const MYOB_NO_TAX = 'FRE';

export function myobCsv(invoices: readonly ExportInvoice[], codes: ExportCodes): string {
  let out = line([...MYOB_COLUMNS]);
  for (const inv of invoices) {
    for (const l of inv.lines) {
      const inclusive = inv.taxMode === 'inclusive';
      const net = l.amountCents - (inclusive ? l.taxCents : 0);
      out += line([
        inv.customerName,
        inv.billingAddress,
        inclusive ? 'X' : null,
        myobInvoiceNumber(inv.number),
        ddmmyyyy(inv.issueDate),
        inv.jobNumber,
        l.description,
        codes.salesAccountCode,
        amount(net),
        amount(net + (inv.taxMode === 'none' ? 0 : l.taxCents)),
        // The memo carries the full number where MYOB's 8 characters cut it.
        inv.kind === 'credit_note'
          ? `Credit note ${inv.number} for ${inv.creditOfNumber ?? ''}`.trim()
          : `Sale ${inv.number}; ${inv.customerName}`,
        inv.taxMode === 'none' ? MYOB_NO_TAX : codes.myobTaxCode,
        amount(inv.taxMode === 'none' ? 0 : l.taxCents),
        'I',
        inv.currency,
      ]);
    }
    out += '\r\n';
  }
  return out;
}

export interface ExportPayment {
  paidOn: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  customerName: string;
  jobNumber: string | null;
  currency: string;
}

/**
 * Xero has no import for customer payments; its documented way in is a bank statement CSV ("Import a
 * statement", precoded template), whose lines are then matched to the invoices when reconciling. The
 * invoice number goes in Reference, which Xero's matching reads. Money received is positive.
 */
export const XERO_PAYMENT_COLUMNS = ['*Date', '*Amount', 'Payee', 'Description', 'Reference'] as const;

export function xeroPaymentsCsv(payments: readonly ExportPayment[]): string {
  let out = line([...XERO_PAYMENT_COLUMNS]);
  for (const p of payments) {
    const how = [PAYMENT_METHOD_LABELS[p.method], p.reference].filter(Boolean).join(' ');
    out += line([
      ddmmyyyy(p.paidOn),
      amount(p.amountCents),
      p.customerName,
      `Payment of ${p.invoiceNumber} (${how})`,
      p.invoiceNumber,
    ]);
  }
  return out;
}

/**
 * MYOB's Receive Payments import fields we fill, in their documented order: one record per payment,
 * applied to its invoice, and a blank record after each, as MYOB's transaction files are laid out.
 */
export const MYOB_PAYMENT_COLUMNS = [
  'Co./Last Name',
  'Deposit Account #',
  'Receipt Date',
  'Memo',
  'Invoice #',
  'Customer PO #',
  'Invoice Date',
  'Amount Applied',
  'Currency Code',
  'Payment Method',
  'Payment Notes',
] as const;

export function myobPaymentsCsv(payments: readonly ExportPayment[], depositAccount: string): string {
  let out = line([...MYOB_PAYMENT_COLUMNS]);
  for (const p of payments) {
    out += line([
      p.customerName,
      depositAccount,
      ddmmyyyy(p.paidOn),
      `Payment of ${p.invoiceNumber}; ${p.customerName}`,
      myobInvoiceNumber(p.invoiceNumber),
      p.jobNumber,
      ddmmyyyy(p.invoiceDate),
      amount(p.amountCents),
      p.currency,
      PAYMENT_METHOD_LABELS[p.method],
      p.reference,
    ]);
    out += '\r\n';
  }
  return out;
}

export interface OpenBalance {
  customerId: string | null;
  customerName: string;
  dueDate: string;
  balanceCents: number;
}

/** Unpaid balances by customer and by days past due, with their totals. */
export function agedReceivables(
  balances: readonly OpenBalance[],
  today: string,
  currency: string,
): AgedReceivables {
  type Sums = Record<(typeof AGING_BUCKETS)[number] | 'total', number>;
  const zero = (): Sums => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });
  const byCustomer = new Map<string, { customerId: string | null; customerName: string; sums: Sums }>();
  const totals = zero();
  for (const b of balances) {
    const key = b.customerId ?? b.customerName;
    const row = byCustomer.get(key) ?? {
      customerId: b.customerId,
      customerName: b.customerName,
      sums: zero(),
    };
    byCustomer.set(key, row);
    const bucket = agingBucket(b.dueDate, today);
    row.sums[bucket] += b.balanceCents;
    row.sums.total += b.balanceCents;
    totals[bucket] += b.balanceCents;
    totals.total += b.balanceCents;
  }
  const money = (s: Sums) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, fromCents(v)])) as Sums;
  return {
    asOf: today,
    currency,
    rows: [...byCustomer.values()]
      .sort((a, b) => b.sums.total - a.sums.total || a.customerName.localeCompare(b.customerName))
      .map((r) => ({ customerId: r.customerId, customerName: r.customerName, ...money(r.sums) })),
    totals: money(totals),
  };
}

export function agedReceivablesCsv(report: AgedReceivables): string {
  let out = line(['Customer', 'Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Total']);
  const cents = (n: number) => ({ raw: decimalOf(centsOf(n)) });
  for (const r of [...report.rows, { customerName: 'Total', ...report.totals }]) {
    out += line([
      r.customerName,
      cents(r.current),
      cents(r.days1to30),
      cents(r.days31to60),
      cents(r.days61to90),
      cents(r.over90),
      cents(r.total),
    ]);
  }
  return out;
}

import { addDays } from './dates';
import { allocate, divideRounded, percentOf, rateBasisPoints, toCents } from './money';
import type { PriceAdjustment, TaxMode } from './pricing';

// The arithmetic of invoices (issue 25), in integer cents only. The API stores what these return and
// the web shows the same figures while a draft is edited.

export interface LineInput {
  description: string;
  /** Up to two decimals (1, 2.5). */
  quantity: number;
  /** Cents; negative for a discount or a deduction. In the invoice's tax mode (inclusive: tax included). */
  unitCents: number;
}

export interface LineTotals {
  /** quantity × unit, rounded to the cent. */
  amountCents: number;
  /** This line's share of the invoice's tax: the shares add up to the invoice's tax exactly. */
  taxCents: number;
  /** What the line adds to the invoice total (amount, plus its tax when tax is exclusive). */
  totalCents: number;
}

export interface InvoiceTotals {
  lines: LineTotals[];
  /** Sum of the line amounts (with inclusive tax, tax is inside it). */
  netCents: number;
  taxCents: number;
  totalCents: number;
}

/** quantity × unit price to the cent, half away from zero. */
export function lineAmountCents(quantity: number, unitCents: number): number {
  const hundredths = toCents(quantity);
  if (hundredths === null) throw new Error(`Not a quantity: ${quantity}`);
  return Number(divideRounded(BigInt(hundredths) * BigInt(unitCents), 100n));
}

/** The tax in an amount (inclusive), on top of it (exclusive), or none, to the cent. */
export function taxOf(amountCents: number, taxMode: TaxMode, taxRate: number): number {
  const bp = BigInt(rateBasisPoints(taxRate));
  if (taxMode === 'none' || bp === 0n) return 0;
  const amount = BigInt(amountCents);
  return Number(
    taxMode === 'inclusive' ? divideRounded(amount * bp, 10_000n + bp) : divideRounded(amount * bp, 10_000n),
  );
}

/**
 * Tax is worked out once on the sum of the lines, as the job's price is, and then shared over the
 * lines by largest remainder: so the invoice's tax equals the job's, the line taxes add up to it, and
 * the total is always the sum of the line totals.
 */
export function invoiceTotals(lines: readonly LineInput[], taxMode: TaxMode, taxRate: number): InvoiceTotals {
  const amounts = lines.map((l) => lineAmountCents(l.quantity, l.unitCents));
  const netCents = amounts.reduce((a, b) => a + b, 0);
  const taxCents = taxOf(netCents, taxMode, taxRate);
  const shares = allocate(taxCents, amounts);
  const exclusive = taxMode === 'exclusive';
  const totals = amounts.map((amountCents, i) => ({
    amountCents,
    taxCents: shares[i]!,
    totalCents: amountCents + (exclusive ? shares[i]! : 0),
  }));
  return { lines: totals, netCents, taxCents, totalCents: netCents + (exclusive ? taxCents : 0) };
}

export interface JobPricing {
  jobNumber: string;
  title: string | null;
  serviceDate: string | null;
  /** "Sydney → Canberra" or null. */
  route: string | null;
  basePrice: number;
  extraCharges: readonly Pick<PriceAdjustment, 'description' | 'amount' | 'type'>[];
  discounts: readonly Pick<PriceAdjustment, 'description' | 'amount' | 'type'>[];
  /** The job's stored subtotal (after charges and discounts, before exclusive tax). */
  subtotal: number;
}

/** "J-00042 · School camp · 2026-03-01 · Sydney → Canberra": what the invoice says it bills. */
export function describeJob(job: Pick<JobPricing, 'jobNumber' | 'title' | 'serviceDate' | 'route'>): string {
  return [job.jobNumber, job.title, job.serviceDate, job.route].filter((part) => part?.trim()).join(' · ');
}

/**
 * The lines of a job's price: its base, each charge and each discount (negative), in the order the
 * price applies them. Percentages run on the running amount as the job's calculation does; the lines
 * then add up to the job's stored subtotal exactly (a rounding cent goes on the last line).
 */
export function linesFromJob(job: JobPricing): LineInput[] {
  const base = toCents(job.basePrice) ?? 0;
  if (base <= 0) return [{ description: describeJob(job), quantity: 1, unitCents: 0 }];
  const lines: LineInput[] = [{ description: describeJob(job), quantity: 1, unitCents: base }];
  let running = base;
  const step = (a: Pick<PriceAdjustment, 'amount' | 'type'>) =>
    a.type === 'percentage' ? percentOf(running, a.amount) : (toCents(a.amount) ?? 0);
  for (const c of job.extraCharges) {
    const change = step(c);
    running += change;
    lines.push({ description: c.description.trim() || 'Additional charge', quantity: 1, unitCents: change });
  }
  for (const d of job.discounts) {
    const change = step(d);
    running -= change;
    lines.push({ description: d.description.trim() || 'Discount', quantity: 1, unitCents: -change });
  }
  const target = Math.max(0, toCents(job.subtotal) ?? 0);
  const drift = target - running;
  if (drift !== 0) lines[lines.length - 1]!.unitCents += drift;
  return lines.filter((l, i) => i === 0 || l.unitCents !== 0);
}

/**
 * The one line of a deposit invoice: a percentage of the job's total or an amount, both what the
 * customer pays (tax included). With exclusive tax the line is the net that, with its tax, comes to
 * that amount; where no net does exactly (a rounding cent), the nearest one below.
 */
export function depositLineCents(grossCents: number, taxMode: TaxMode, taxRate: number): number {
  if (taxMode !== 'exclusive') return grossCents;
  const bp = BigInt(rateBasisPoints(taxRate));
  const guess = Number(divideRounded(BigInt(grossCents) * 10_000n, 10_000n + bp));
  for (const net of [guess, guess - 1, guess + 1])
    if (net + taxOf(net, taxMode, taxRate) === grossCents) return net;
  for (const net of [guess + 1, guess, guess - 1])
    if (net + taxOf(net, taxMode, taxRate) <= grossCents) return net;
  return guess - 1;
}

export type DepositRequest =
  | { amount: number; percentage?: undefined }
  | { percentage: number; amount?: undefined };

/** The gross of a deposit: its amount, or its percentage of the job's total. */
export function depositGrossCents(jobTotalCents: number, request: DepositRequest): number {
  return request.amount !== undefined
    ? (toCents(request.amount) ?? 0)
    : percentOf(jobTotalCents, request.percentage);
}

/** The line of a final invoice that takes off a deposit already invoiced: minus the deposit's lines. */
export function depositDeduction(depositNumber: string, depositNetCents: number): LineInput {
  return { description: `Less deposit ${depositNumber}`, quantity: 1, unitCents: -depositNetCents };
}

export const INVOICE_STATES = ['draft', 'issued', 'void'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** What the list shows and filters on: the stored state, with part-paid, paid and overdue from payments and dates. */
export const INVOICE_STATUSES = ['draft', 'issued', 'part_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  part_paid: 'Part-paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export interface PaymentState {
  state: InvoiceState;
  totalCents: number;
  paidCents: number;
  dueDate: string | null;
  /** The operator's today, YYYY-MM-DD. */
  today: string;
}

/** Part-paid and paid follow from the payments; past its due date an invoice with a balance is overdue. */
export function invoiceStatus(s: PaymentState): InvoiceStatus {
  if (s.state !== 'issued') return s.state;
  const balance = s.totalCents - s.paidCents;
  if (balance <= 0) return 'paid';
  if (s.dueDate && s.dueDate < s.today) return 'overdue';
  return s.paidCents > 0 ? 'part_paid' : 'issued';
}

/** How much of an amount may still be paid: a payment above it would overpay. */
export function balanceCents(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/** Whether a payment fits: positive and no more than what is still owed. */
export function paymentFits(totalCents: number, paidCents: number, amountCents: number): boolean {
  return amountCents > 0 && paidCents + amountCents <= totalCents;
}

/** Issue date + the customer's payment terms (days). */
export function dueDateFor(issueDate: string, termsDays: number): string {
  return addDays(issueDate, termsDays);
}

/** Whole days from a YYYY-MM-DD date to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1-30 days',
  days31to60: '31-60 days',
  days61to90: '61-90 days',
  over90: 'Over 90 days',
};

/** The aged-receivables column of an unpaid balance: by days past its due date. */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

/** Gap-free document numbers: prefix and a zero-padded counter (INV-00001). */
export function documentNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(5, '0')}`;
}

/** MYOB AccountRight documents its `Invoice No.` field as at most 8 characters. */
export const MYOB_INVOICE_NUMBER_LENGTH = 8;

/**
 * The number an invoice carries in a MYOB file: unchanged when it fits, otherwise the prefix's letters
 * and digits cut to leave room for the whole counter, zero-padded back to 8 (INV-00001 -> INV00001,
 * INV-123456 -> IN123456). The counter is never cut, so two invoices of one prefix never share a MYOB
 * number; the full number goes in the sale's memo so the two can be matched.
 */
export function myobInvoiceNumber(number: string): string {
  const max = MYOB_INVOICE_NUMBER_LENGTH;
  if (number.length <= max) return number;
  const parts = /^(.*?)(\d+)$/.exec(number);
  if (!parts) return number.replace(/[^A-Za-z0-9]/g, '').slice(0, max);
  const counter = (parts[2] as string).replace(/^0+(?=\d)/, '');
  if (counter.length >= max) return counter.slice(-max);
  const prefix = (parts[1] as string).replace(/[^A-Za-z0-9]/g, '').slice(0, max - counter.length);
  return prefix + counter.padStart(max - prefix.length, '0');
}

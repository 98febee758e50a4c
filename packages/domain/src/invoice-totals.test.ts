import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  depositDeduction,
  depositGrossCents,
  depositLineCents,
  documentNumber,
  invoiceStatus,
  invoiceTotals,
  type JobPricing,
  lineAmountCents,
  linesFromJob,
  MYOB_INVOICE_NUMBER_LENGTH,
  myobInvoiceNumber,
  paymentFits,
  taxOf,
} from './invoice-totals';
import { allocate, decimalOf, fromCents, toCents } from './money';
import { calculatePrice, TAX_MODES, type TaxMode } from './pricing';

describe('money in cents', () => {
  it('reads amounts exactly and refuses what is not one', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents('0.10')).toBe(10);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-5.5)).toBe(-550);
    expect(toCents(1.005)).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(decimalOf(-5)).toBe('-0.05');
    expect(fromCents(123456)).toBe(1234.56);
  });

  it('allocates a total over signed weights, adding up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(91, [1000, -100])).toEqual([101, -10]);
    expect(allocate(5, [0, 0])).toEqual([0, 5]);
    // The totals shared are at most the weights' sum (an invoice's tax over its lines): a total far
    // above a sum that nearly cancels would give parts past 2^53, which no invoice asks for.
    const weightsAndTotal = fc
      .array(fc.integer({ min: -1e8, max: 1e8 }), { minLength: 1, maxLength: 12 })
      .chain((weights) => {
        const bound = Math.abs(weights.reduce((a, w) => a + w, 0));
        return fc.tuple(fc.integer({ min: -bound, max: bound }), fc.constant(weights));
      });
    fc.assert(
      fc.property(weightsAndTotal, ([total, weights]) => {
        const parts = allocate(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });
});

describe('invoice totals', () => {
  it('taxes inclusive, exclusive and none as the job price does', () => {
    expect(taxOf(110_00, 'inclusive', 10)).toBe(10_00);
    expect(taxOf(100_00, 'exclusive', 10)).toBe(10_00);
    expect(taxOf(100_00, 'none', 10)).toBe(0);
    expect(taxOf(333, 'exclusive', 12.5)).toBe(42);
    const t = invoiceTotals(
      [
        { description: 'Coach', quantity: 1, unitCents: 1000_00 },
        { description: 'Tolls', quantity: 2, unitCents: 12_50 },
        { description: 'Loyalty', quantity: 1, unitCents: -100_00 },
      ],
      'exclusive',
      10,
    );
    expect(t).toMatchObject({ netCents: 925_00, taxCents: 92_50, totalCents: 1017_50 });
    expect(t.lines.map((l) => l.taxCents)).toEqual([100_00, 2_50, -10_00]);
  });

  it('rounds quantity × price half away from zero', () => {
    expect(lineAmountCents(1.5, 3)).toBe(5);
    expect(lineAmountCents(0.5, -3)).toBe(-2);
    expect(lineAmountCents(2.25, 99_99)).toBe(224_98);
  });

  const mode = fc.constantFrom<TaxMode>(...TAX_MODES);
  const rate = fc.integer({ min: 0, max: 3000 }).map((bp) => bp / 100);
  const line = fc.record({
    description: fc.constant('line'),
    quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => h / 100),
    unitCents: fc.integer({ min: -1_000_000, max: 10_000_000 }),
  });

  it('total = sum of line totals, tax = sum of line taxes, for every tax mode', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 15 }), mode, rate, (lines, taxMode, taxRate) => {
        const t = invoiceTotals(lines, taxMode, taxRate);
        const sum = (f: (l: (typeof t.lines)[number]) => number) => t.lines.reduce((a, l) => a + f(l), 0);
        expect(sum((l) => l.totalCents)).toBe(t.totalCents);
        expect(sum((l) => l.taxCents)).toBe(t.taxCents);
        expect(sum((l) => l.amountCents)).toBe(t.netCents);
        expect(t.totalCents).toBe(t.netCents + (taxMode === 'exclusive' ? t.taxCents : 0));
        if (taxMode === 'none') expect(t.taxCents).toBe(0);
        for (const v of [t.totalCents, t.taxCents, ...t.lines.map((l) => l.taxCents)])
          expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  const adjustment = fc.record({
    description: fc.constantFrom('Tolls', 'Loyalty', ''),
    type: fc.constantFrom<'fixed' | 'percentage'>('fixed', 'percentage'),
    amount: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
  });

  it("a job's lines add up to its price: the invoice total equals the job's total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }).map((c) => c / 100),
        fc.array(adjustment, { maxLength: 4 }),
        fc.array(adjustment, { maxLength: 4 }),
        mode,
        rate,
        (basePrice, extraCharges, discounts, taxMode, taxRate) => {
          const price = calculatePrice({ basePrice, extraCharges, discounts, taxMode, taxRate });
          const job: JobPricing = {
            jobNumber: 'J-00001',
            title: 'Camp',
            serviceDate: '2026-03-01',
            route: null,
            basePrice,
            extraCharges,
            discounts,
            subtotal: price.subtotal,
          };
          const t = invoiceTotals(linesFromJob(job), taxMode, taxRate);
          expect(t.netCents).toBe(toCents(price.subtotal));
          // The job's own figure comes from binary floats; ours is exact, and never a cent away.
          expect(Math.abs(t.totalCents - toCents(price.totalPrice)!)).toBeLessThanOrEqual(1);
          expect(Math.abs(t.taxCents - toCents(price.taxAmount)!)).toBeLessThanOrEqual(1);
          expect(t.totalCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('describes the job and lists charges and discounts', () => {
    const lines = linesFromJob({
      jobNumber: 'J-00042',
      title: 'School camp',
      serviceDate: '2026-03-01',
      route: 'Sydney → Canberra',
      basePrice: 1000,
      extraCharges: [{ description: 'Tolls', amount: 10, type: 'percentage' }],
      discounts: [{ description: '', amount: 50, type: 'fixed' }],
      subtotal: 1050,
    });
    expect(lines).toEqual([
      {
        description: 'J-00042 · School camp · 2026-03-01 · Sydney → Canberra',
        quantity: 1,
        unitCents: 1000_00,
      },
      { description: 'Tolls', quantity: 1, unitCents: 100_00 },
      { description: 'Discount', quantity: 1, unitCents: -50_00 },
    ]);
  });

  it('a deposit, then the final invoice that deducts it, add up to the job (within a rounding cent)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100),
        mode,
        rate,
        (jobNetCents, percentage, taxMode, taxRate) => {
          const job = invoiceTotals(
            [{ description: 'job', quantity: 1, unitCents: jobNetCents }],
            taxMode,
            taxRate,
          );
          const gross = depositGrossCents(job.totalCents, { percentage });
          const depositNet = depositLineCents(gross, taxMode, taxRate);
          const deposit = invoiceTotals(
            [{ description: 'deposit', quantity: 1, unitCents: depositNet }],
            taxMode,
            taxRate,
          );
          expect(Math.abs(deposit.totalCents - gross)).toBeLessThanOrEqual(1);
          const final = invoiceTotals(
            [
              { description: 'job', quantity: 1, unitCents: jobNetCents },
              depositDeduction('INV-00001', depositNet),
            ],
            taxMode,
            taxRate,
          );
          expect(Math.abs(final.totalCents + deposit.totalCents - job.totalCents)).toBeLessThanOrEqual(1);
          expect(final.totalCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('payment status', () => {
  const base = {
    state: 'issued' as const,
    totalCents: 100_00,
    paidCents: 0,
    dueDate: '2026-03-15',
    today: '2026-03-10',
  };
  it('follows payments and the due date', () => {
    expect(invoiceStatus({ ...base, state: 'draft' })).toBe('draft');
    expect(invoiceStatus({ ...base, state: 'void' })).toBe('void');
    expect(invoiceStatus(base)).toBe('issued');
    expect(invoiceStatus({ ...base, paidCents: 40_00 })).toBe('part_paid');
    expect(invoiceStatus({ ...base, paidCents: 100_00 })).toBe('paid');
    expect(invoiceStatus({ ...base, today: '2026-03-15' })).toBe('issued');
    expect(invoiceStatus({ ...base, today: '2026-03-16', paidCents: 40_00 })).toBe('overdue');
    expect(invoiceStatus({ ...base, today: '2026-04-16', paidCents: 100_00 })).toBe('paid');
  });

  it('never lets payments exceed the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: -1000, max: 1e8 }), { maxLength: 20 }),
        (total, attempts) => {
          let paid = 0;
          for (const a of attempts) if (paymentFits(total, paid, a)) paid += a;
          expect(paid).toBeLessThanOrEqual(total);
          expect(paid).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('ages balances by days past due', () => {
    expect(agingBucket('2026-03-10', '2026-03-10')).toBe('current');
    expect(agingBucket('2026-03-10', '2026-03-11')).toBe('days1to30');
    expect(agingBucket('2026-03-10', '2026-04-09')).toBe('days1to30');
    expect(agingBucket('2026-03-10', '2026-04-10')).toBe('days31to60');
    expect(agingBucket('2026-03-10', '2026-06-08')).toBe('days61to90');
    expect(agingBucket('2026-03-10', '2026-06-09')).toBe('over90');
  });
});

describe('MYOB invoice numbers', () => {
  it('keeps a number that fits and shortens the default prefix without losing the counter', () => {
    expect(myobInvoiceNumber('I00042')).toBe('I00042');
    expect(myobInvoiceNumber('INV-00001')).toBe('INV00001');
    expect(myobInvoiceNumber('CN-00001')).toBe('CN-00001');
    expect(myobInvoiceNumber('INV-123456')).toBe('IN123456');
    expect(myobInvoiceNumber('INVOICES-00017')).toBe('INVOIC17');
  });

  it('gives every counter of one prefix its own number of at most 8 characters', () => {
    fc.assert(
      fc.property(
        // A prefix ending in a digit runs into the counter; Settings' note tells such an operator the
        // number MYOB will see, and the usual prefixes end in a letter, a dash or a slash.
        fc.stringMatching(/^([A-Za-z0-9/-]{0,9}[A-Za-z/-])?$/),
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        (prefix, a, b) => {
          const ma = myobInvoiceNumber(documentNumber(prefix, a));
          const mb = myobInvoiceNumber(documentNumber(prefix, b));
          expect(ma.length).toBeLessThanOrEqual(MYOB_INVOICE_NUMBER_LENGTH);
          if (a !== b) expect(ma).not.toBe(mb);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePrice, type PriceInput, roundToCents } from './pricing';

const price = (input: Partial<PriceInput>) =>
  calculatePrice({ basePrice: 0, extraCharges: [], discounts: [], taxMode: 'none', taxRate: 10, ...input });

describe('calculatePrice', () => {
  it('prices a base of 0 at 0 whatever the charges and tax', () => {
    expect(
      price({ basePrice: 0, extraCharges: [{ amount: 100, type: 'fixed' }], taxMode: 'exclusive' }),
    ).toEqual({ subtotal: 0, taxAmount: 0, totalPrice: 0, steps: [] });
  });

  it('adds fixed and percentage charges to the running amount, in order', () => {
    const r = price({
      basePrice: 1000,
      extraCharges: [
        { amount: 100, type: 'fixed' },
        { amount: 10, type: 'percentage' },
      ],
    });
    // 1000 + 100 = 1100, + 10 % of 1100 = 1210.
    expect(r.subtotal).toBe(1210);
    expect(r.totalPrice).toBe(1210);
    expect(r.steps).toEqual([
      { kind: 'charge', index: 0, change: 100 },
      { kind: 'charge', index: 1, change: 110 },
    ]);
  });

  it('subtracts discounts after charges, a percentage of the running amount', () => {
    const r = price({
      basePrice: 1000,
      extraCharges: [{ amount: 200, type: 'fixed' }],
      discounts: [
        { amount: 10, type: 'percentage' },
        { amount: 80, type: 'fixed' },
      ],
    });
    // 1200, - 120 = 1080, - 80 = 1000.
    expect(r.subtotal).toBe(1000);
    expect(r.steps.map((s) => s.change)).toEqual([200, -120, -80]);
  });

  it('floors the amount at 0 when discounts exceed it', () => {
    const r = price({ basePrice: 100, discounts: [{ amount: 250, type: 'fixed' }], taxMode: 'exclusive' });
    expect(r).toMatchObject({ subtotal: 0, taxAmount: 0, totalPrice: 0 });
  });

  it('takes inclusive tax out of the amount and keeps the total', () => {
    const r = price({ basePrice: 1100, taxMode: 'inclusive', taxRate: 10 });
    expect(r).toMatchObject({ subtotal: 1100, taxAmount: 100, totalPrice: 1100 });
  });

  it('adds exclusive tax on top', () => {
    const r = price({ basePrice: 1000, taxMode: 'exclusive', taxRate: 10 });
    expect(r).toMatchObject({ subtotal: 1000, taxAmount: 100, totalPrice: 1100 });
  });

  it('charges no tax with tax mode none, whatever the rate', () => {
    const r = price({ basePrice: 999.99, taxMode: 'none', taxRate: 25 });
    expect(r).toMatchObject({ subtotal: 999.99, taxAmount: 0, totalPrice: 999.99 });
  });

  it('rounds every figure to cents', () => {
    const r = price({ basePrice: 100, taxMode: 'inclusive', taxRate: 10 });
    // 100 - 100 / 1.1 = 9.0909…
    expect(r.taxAmount).toBe(9.09);
    const e = price({
      basePrice: 33.33,
      extraCharges: [{ amount: 3.333, type: 'percentage' }],
      taxMode: 'exclusive',
      taxRate: 7.5,
    });
    // 33.33 * 1.03333 = 34.4409, tax 2.5831.
    expect(e).toMatchObject({ subtotal: 34.44, taxAmount: 2.58, totalPrice: 37.02 });
  });

  it('rounds half away from zero, also at binary edge cases', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.675)).toBe(2.68);
    expect(roundToCents(-1.005)).toBe(-1.01);
    expect(roundToCents(0)).toBe(0);
  });

  describe('properties', () => {
    const adjustment = fc.record({
      amount: fc.double({ min: 0, max: 100_000, noNaN: true }),
      type: fc.constantFrom('fixed' as const, 'percentage' as const),
    });
    const input = fc.record({
      basePrice: fc.double({ min: 0, max: 1_000_000, noNaN: true }),
      extraCharges: fc.array(adjustment, { maxLength: 4 }),
      discounts: fc.array(adjustment, { maxLength: 4 }),
      taxMode: fc.constantFrom('inclusive' as const, 'exclusive' as const, 'none' as const),
      taxRate: fc.double({ min: 0, max: 100, noNaN: true }),
    });

    it('never gives a negative figure', () => {
      fc.assert(
        fc.property(input, (i) => {
          const r = calculatePrice(i);
          return r.subtotal >= 0 && r.taxAmount >= 0 && r.totalPrice >= 0;
        }),
      );
    });

    it('keeps inclusive tax inside the total, and exclusive totals as subtotal plus tax', () => {
      fc.assert(
        fc.property(input, (i) => {
          const r = calculatePrice(i);
          if (i.taxMode === 'inclusive') return r.taxAmount <= r.totalPrice && r.totalPrice === r.subtotal;
          if (i.taxMode === 'exclusive') return r.totalPrice === roundToCents(r.subtotal + r.taxAmount);
          return r.taxAmount === 0 && r.totalPrice === r.subtotal;
        }),
      );
    });
  });
});

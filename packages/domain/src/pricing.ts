// The price of a job (spec 2 §5), computed once here for the job form's live breakdown and for the
// server, which stores what this returns.

export const TAX_MODES = ['inclusive', 'exclusive', 'none'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export const ADJUSTMENT_TYPES = ['fixed', 'percentage'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** A discount or an additional charge line. */
export interface PriceAdjustment {
  id: string;
  description: string;
  amount: number;
  type: AdjustmentType;
}

export interface PriceInput {
  basePrice: number;
  extraCharges: readonly Pick<PriceAdjustment, 'amount' | 'type'>[];
  discounts: readonly Pick<PriceAdjustment, 'amount' | 'type'>[];
  taxMode: TaxMode;
  /** Percent, e.g. 10 for 10 %. */
  taxRate: number;
}

/** One step of the running amount, for the breakdown the form and the quote show. */
export interface PriceStep {
  kind: 'charge' | 'discount';
  index: number;
  /** Signed: positive for a charge, negative for a discount. */
  change: number;
}

export interface PriceBreakdown {
  /** After charges and discounts, floored at 0. With inclusive tax it contains the tax. */
  subtotal: number;
  taxAmount: number;
  totalPrice: number;
  steps: PriceStep[];
}

export const DEFAULT_TAX_RATE = 10;
export const DEFAULT_CURRENCY = 'AUD';

/** Rounds half away from zero to cents; EPSILON keeps 1.005 from becoming 1.00. */
export function roundToCents(n: number): number {
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(n) + Number.EPSILON) * 100)) / 100;
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/**
 * Charges are added, then discounts subtracted, each fixed or a percentage of the running amount,
 * in the order given; the result is floored at 0. Inclusive tax is the part of that amount that is
 * tax; exclusive tax is added on top; none is zero. A base price of 0 prices the job at 0.
 */
export function calculatePrice(input: PriceInput): PriceBreakdown {
  const base = finite(input.basePrice);
  if (base <= 0) return { subtotal: 0, taxAmount: 0, totalPrice: 0, steps: [] };
  const steps: PriceStep[] = [];
  let amount = base;
  input.extraCharges.forEach((c, index) => {
    const change = c.type === 'percentage' ? (amount * finite(c.amount)) / 100 : finite(c.amount);
    amount += change;
    steps.push({ kind: 'charge', index, change: roundToCents(change) });
  });
  input.discounts.forEach((d, index) => {
    const change = d.type === 'percentage' ? (amount * finite(d.amount)) / 100 : finite(d.amount);
    amount -= change;
    steps.push({ kind: 'discount', index, change: roundToCents(-change) });
  });
  amount = Math.max(0, amount);
  const rate = Math.max(0, finite(input.taxRate));
  let taxAmount = 0;
  let totalPrice = amount;
  if (input.taxMode === 'inclusive') taxAmount = amount - amount / (1 + rate / 100);
  else if (input.taxMode === 'exclusive') {
    taxAmount = (amount * rate) / 100;
    totalPrice = amount + taxAmount;
  }
  const subtotal = roundToCents(amount);
  const tax = roundToCents(taxAmount);
  // Rounded from its parts, so that subtotal + tax = total holds to the cent on an exclusive quote.
  const total = input.taxMode === 'exclusive' ? roundToCents(subtotal + tax) : roundToCents(totalPrice);
  return { subtotal, taxAmount: tax, totalPrice: total, steps };
}

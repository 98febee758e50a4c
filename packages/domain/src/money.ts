// Exact money (issue 25): amounts are integer cents inside every rule that adds, taxes or compares
// them. Numbers at the edges (the API and the database's numeric(12,2)) are converted once, here.

/** The largest amount a money field takes: 9,999,999,999.99 fits numeric(12,2). */
export const MAX_CENTS = 999_999_999_999;

/**
 * Cents of a decimal amount: "12.34" or 12.34 → 1234. The decimal text is read digit by digit, so a
 * binary fraction (0.1 + 0.2) never leaks in; a number is first written with toFixed, which is exact
 * for the two decimals money has. Answers null for anything that is not an amount of at most 2 decimals.
 */
export function toCents(value: number | string): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // More than two decimals is not an amount; toFixed(2) would round it silently.
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6 * Math.max(1, Math.abs(value))) return null;
    text = value.toFixed(2);
  } else text = value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

/** Like toCents, for values already known to be amounts (stored numeric(12,2)); throws otherwise. */
export function centsOf(value: number | string): number {
  const cents = toCents(value);
  if (cents === null) throw new Error(`Not an amount: ${value}`);
  return cents;
}

/** The JSON number of an amount of cents (1234 → 12.34): exact, as JSON numbers are decimal text. */
export function fromCents(cents: number): number {
  return Number(decimalOf(cents));
}

/** The decimal text of an amount of cents (1234 → "12.34", -5 → "-0.05"), for SQL and CSV. */
export function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** n/d rounded half away from zero, in integers (BigInt, so no product ever loses a digit). */
export function divideRounded(n: bigint, d: bigint): bigint {
  if (d < 0n) return divideRounded(-n, -d);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** A rate in percent with up to two decimals (10, 12.5) as hundredths of a percent (1000, 1250). */
export function rateBasisPoints(ratePercent: number): number {
  const bp = toCents(Math.max(0, ratePercent));
  if (bp === null) throw new Error(`Not a rate: ${ratePercent}`);
  return bp;
}

/** A percentage (two decimals) of an amount, rounded half away from zero to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Number(divideRounded(BigInt(cents) * BigInt(rateBasisPoints(percent)), 10_000n));
}

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/**
 * Splits `total` over parts in proportion to signed `weights` (a discount line weighs negative), to
 * the cent, by largest remainder: the parts always add up to `total` exactly. Weights that sum to
 * zero carry no share, and any total then goes on the last part.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = BigInt(weights.reduce((a, w) => a + w, 0));
  if (sum === 0n) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const t = BigInt(total);
  const exact = weights.map((w) => t * BigInt(w));
  const shares = exact.map((e) => floorDiv(e, sum));
  // What flooring left over, as a fraction of `sum` (always in [0, |sum|) once signs are aligned).
  const fractions = exact.map((e, i) => ({ i, f: sum > 0n ? e - shares[i]! * sum : shares[i]! * sum - e }));
  let left = t - shares.reduce((a, s) => a + s, 0n);
  fractions.sort((a, b) => (b.f === a.f ? a.i - b.i : b.f > a.f ? 1 : -1));
  for (const { i } of fractions) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

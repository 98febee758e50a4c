import { describe, expect, it } from 'vitest';
import { defaultTaxLabel, quoteValidUntil, taxLabelFor } from './quote-terms';

describe('the tax label', () => {
  it("defaults to the name of the tax in the operator's locale", () => {
    expect(defaultTaxLabel('en-AU')).toBe('GST');
    expect(defaultTaxLabel('en-NZ')).toBe('GST');
    expect(defaultTaxLabel('en-GB')).toBe('VAT');
    expect(defaultTaxLabel('de-DE')).toBe('VAT');
    expect(defaultTaxLabel('en-US')).toBe('Tax');
    expect(defaultTaxLabel('fr')).toBe('VAT'); // French is most likely France
    expect(defaultTaxLabel('not a locale')).toBe('Tax');
    expect(defaultTaxLabel(null)).toBe('Tax');
  });

  it('is the setting when there is one', () => {
    expect(taxLabelFor('Sales tax', 'en-AU')).toBe('Sales tax');
    expect(taxLabelFor('  ', 'en-AU')).toBe('GST');
    expect(taxLabelFor(null, 'en-US')).toBe('Tax');
  });
});

describe('quoteValidUntil', () => {
  it('counts calendar days from the issue date, across months and years', () => {
    expect(quoteValidUntil('2026-03-02', 14)).toBe('2026-03-16');
    expect(quoteValidUntil('2026-12-25', 14)).toBe('2027-01-08');
    expect(quoteValidUntil('2028-02-20', 10)).toBe('2028-03-01');
  });
});

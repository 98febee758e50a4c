import { describe, expect, it } from 'vitest';
import { dateInZone, periodRange } from './dates';

describe('periodRange', () => {
  it('runs weeks Monday to Sunday', () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    expect(periodRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('week', '2026-12-02')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('covers whole months, leap years included', () => {
    expect(periodRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('has today, and upcoming from tomorrow on', () => {
    expect(periodRange('today', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodRange('upcoming', '2026-12-31')).toEqual({ from: '2027-01-01', to: null });
  });

  it("takes today in the operator's zone", () => {
    // 13:30 UTC on 23 Nov is already 24 Nov in Sydney.
    expect(dateInZone(new Date('2026-11-23T13:30:00Z'), 'Australia/Sydney')).toBe('2026-11-24');
    expect(dateInZone(new Date('2026-11-23T13:30:00Z'), 'Europe/London')).toBe('2026-11-23');
  });
});

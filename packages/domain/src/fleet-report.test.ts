import { describe, expect, it } from 'vitest';
import {
  defaultFleetRange,
  FLEET_RANGE_BACKWARDS,
  FLEET_RANGE_TOO_LONG,
  fleetRangeProblem,
  mondayOf,
} from './fleet-report.schema';

describe('fleet overview range', () => {
  it('defaults to twelve Monday-start weeks ending today', () => {
    // Tuesday 24 November 2026.
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(defaultFleetRange('2026-11-24')).toEqual({ from: '2026-09-07', to: '2026-11-24' });
  });

  it('takes at most a year, forwards, of real dates', () => {
    expect(fleetRangeProblem('2028-01-01', '2028-12-31')).toBeNull();
    expect(fleetRangeProblem('2026-01-01', '2027-01-02')).toEqual({
      path: 'to',
      message: FLEET_RANGE_TOO_LONG,
    });
    expect(fleetRangeProblem('2026-03-02', '2026-03-01')).toEqual({
      path: 'to',
      message: FLEET_RANGE_BACKWARDS,
    });
    expect(fleetRangeProblem('2026-02-30', '2026-03-01')?.path).toBe('from');
    expect(fleetRangeProblem('0000-01-01', '0000-02-01')?.path).toBe('from');
    expect(fleetRangeProblem('2026-03-01', '')?.path).toBe('to');
  });
});

import { describe, expect, it } from 'vitest';
import {
  canMoveIncident,
  csvCell,
  csvRow,
  shiftDuration,
  shiftState,
  TimesheetQuerySchema,
} from './reports.schema';

describe('csv', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    for (const evil of ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)'])
      expect(csvCell(evil).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('review and shifts', () => {
  it('moves incidents forward only', () => {
    expect(canMoveIncident('submitted', 'under_review')).toBe(true);
    expect(canMoveIncident('under_review', 'resolved')).toBe(true);
    expect(canMoveIncident('submitted', 'resolved')).toBe(true);
    expect(canMoveIncident('resolved', 'under_review')).toBe(false);
    expect(canMoveIncident('under_review', 'under_review')).toBe(false);
  });

  it('states and durations', () => {
    expect(shiftState({ endTime: null })).toBe('Active');
    expect(shiftDuration({ startTime: '2026-11-23T06:00:00Z', endTime: '2026-11-23T14:20:00Z' })).toBe(
      '8.33',
    );
    expect(shiftDuration({ startTime: '2026-11-23T06:00:00Z', endTime: null })).toBe('In Progress');
  });

  it('bounds a timesheet range', () => {
    expect(TimesheetQuerySchema.safeParse({ startDate: '2026-11-23', endDate: '2026-11-29' }).success).toBe(
      true,
    );
    expect(TimesheetQuerySchema.safeParse({ startDate: '2026-11-29', endDate: '2026-11-23' }).success).toBe(
      false,
    );
    expect(TimesheetQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-06-30' }).success).toBe(
      false,
    );
  });
});

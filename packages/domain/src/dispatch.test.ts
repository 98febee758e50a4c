import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignLanes,
  barPlacement,
  barsOverlap,
  type ClashCandidate,
  clashFlags,
  DISPATCH_STEPS,
  minutesOfDay,
} from './dispatch';
import { DISPATCH_DATE_MESSAGE, DispatchQuerySchema } from './dispatch.schema';

describe('minutesOfDay', () => {
  it('reads HH:mm and refuses what is not a time of day', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:05')).toBe(545);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('24:00')).toBeNull();
    expect(minutesOfDay('9h')).toBeNull();
    expect(minutesOfDay(null)).toBeNull();
  });
});

describe('barPlacement', () => {
  it('places a job on the quarter hours it covers', () => {
    // 08:30 is the 35th quarter hour (line 35); 09:15 ends at line 38.
    expect(barPlacement('08:30', '09:15')).toEqual({
      columnStart: 35,
      columnEnd: 38,
      wholeDay: false,
      pastMidnight: false,
    });
  });

  it('rounds the start down and the end up to the quarter hour', () => {
    expect(barPlacement('08:40', '09:20')).toMatchObject({ columnStart: 35, columnEnd: 39 });
  });

  it('gives a job without times the whole day', () => {
    expect(barPlacement(null, null)).toEqual({
      columnStart: 1,
      columnEnd: DISPATCH_STEPS + 1,
      wholeDay: true,
      pastMidnight: false,
    });
  });

  it('makes a bar at least one step wide', () => {
    expect(barPlacement('10:00', '10:00')).toMatchObject({ columnStart: 41, columnEnd: 42 });
    expect(barPlacement('10:00', null)).toMatchObject({ columnStart: 41, columnEnd: 42, wholeDay: false });
    expect(barPlacement(null, '23:59')).toMatchObject({ columnStart: 96, columnEnd: 97 });
  });

  it('clamps a job that runs past midnight to the end of the day and says so', () => {
    expect(barPlacement('22:00', '01:30')).toEqual({
      columnStart: 89,
      columnEnd: 97,
      wholeDay: false,
      pastMidnight: true,
    });
  });

  it('reaches the last line at 23:45 onwards', () => {
    expect(barPlacement('23:00', '23:50')).toMatchObject({ columnStart: 93, columnEnd: 97 });
  });

  it('always stays inside the day, with the end after the start', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.option(time), fc.option(time), (start, end) => {
        const p = barPlacement(start, end);
        expect(p.columnStart).toBeGreaterThanOrEqual(1);
        expect(p.columnEnd).toBeLessThanOrEqual(DISPATCH_STEPS + 1);
        expect(p.columnEnd).toBeGreaterThan(p.columnStart);
      }),
    );
  });
});

const bar = (overrides: Partial<ClashCandidate>): ClashCandidate => ({
  jobId: 'j1',
  vehicleId: null,
  driverId: null,
  start: '08:00',
  end: '10:00',
  ...overrides,
});

describe('barsOverlap', () => {
  it('overlaps when the windows intersect, not when one ends as the other starts', () => {
    expect(barsOverlap(bar({}), bar({ start: '09:00', end: '11:00' }))).toBe(true);
    expect(barsOverlap(bar({}), bar({ start: '10:00', end: '11:00' }))).toBe(false);
    expect(barsOverlap(bar({}), bar({ start: '06:00', end: '08:00' }))).toBe(false);
  });

  it('treats a job without times as the whole day, and equal starts as a clash', () => {
    expect(barsOverlap(bar({}), bar({ start: null, end: null }))).toBe(true);
    expect(barsOverlap(bar({ start: '08:00', end: '08:00' }), bar({ start: '08:00', end: '08:00' }))).toBe(
      true,
    );
  });

  it('holds a job past midnight until the end of the day', () => {
    expect(barsOverlap(bar({ start: '22:00', end: '01:00' }), bar({ start: '23:00', end: '23:30' }))).toBe(
      true,
    );
    expect(barsOverlap(bar({ start: '22:00', end: '01:00' }), bar({ start: '00:30', end: '02:00' }))).toBe(
      false,
    );
  });
});

describe('clashFlags', () => {
  it('flags both bars when a vehicle or a driver is on two overlapping jobs', () => {
    const flags = clashFlags([
      bar({ jobId: 'a', vehicleId: 'v1', driverId: 'd1' }),
      bar({ jobId: 'b', vehicleId: 'v1', driverId: 'd2', start: '09:00', end: '12:00' }),
      bar({ jobId: 'c', vehicleId: 'v2', driverId: 'd2', start: '11:00', end: '13:00' }),
      bar({ jobId: 'd', vehicleId: 'v3', driverId: 'd3', start: '14:00', end: '15:00' }),
    ]);
    expect(flags).toEqual([true, true, true, false]);
  });

  it('ignores bars without a vehicle or driver, and two slots of one job', () => {
    const flags = clashFlags([
      bar({ jobId: 'a' }),
      bar({ jobId: 'b' }),
      bar({ jobId: 'c', vehicleId: 'v1' }),
      bar({ jobId: 'c', vehicleId: 'v1' }),
    ]);
    expect(flags).toEqual([false, false, false, false]);
  });
});

describe('DispatchQuerySchema', () => {
  it('takes a real calendar date', () => {
    expect(DispatchQuerySchema.parse({ date: '2026-11-23' })).toEqual({ date: '2026-11-23' });
  });

  it.each([{}, { date: '' }, { date: '23/11/2026' }, { date: '2026-02-30' }])(
    'refuses %j with the message',
    (query) => {
      const result = DispatchQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DISPATCH_DATE_MESSAGE);
    },
  );
});

describe('assignLanes', () => {
  it('keeps bars that do not overlap in one lane and stacks those that do', () => {
    const placements = [
      { columnStart: 10, columnEnd: 20 },
      { columnStart: 20, columnEnd: 30 },
      { columnStart: 15, columnEnd: 25 },
      { columnStart: 1, columnEnd: 97 },
    ];
    // The whole-day bar starts first and takes lane 0; the others fit around each other.
    expect(assignLanes(placements)).toEqual({ lanes: [1, 1, 2, 0], count: 3 });
  });

  it('answers one lane for an empty row', () => {
    expect(assignLanes([])).toEqual({ lanes: [], count: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { driverStart } from './start-time';

const TZ = 'Australia/Sydney';
// 2026-11-23 09:00 in Sydney (UTC+11).
const nine = new Date('2026-11-22T22:00:00Z');
const job = (over: Partial<{ status: string; serviceDate: string | null; departs: string | null }> = {}) => ({
  status: over.status ?? 'assigned',
  serviceDate: over.serviceDate === undefined ? '2026-11-23' : over.serviceDate,
  legs: [{ departureTime: over.departs === undefined ? '08:30' : over.departs }, { departureTime: '14:00' }],
});

describe('a driver’s start time on the home screen', () => {
  it('is the clock-in time when there is one', () => {
    expect(driverStart(job(), '2026-11-22T21:20:00Z', nine, TZ)).toEqual({
      state: 'clocked_in',
      at: '2026-11-22T21:20:00Z',
    });
  });

  it('is Late once today’s first departure has passed without a clock-in, not before', () => {
    expect(driverStart(job(), null, nine, TZ)).toEqual({ state: 'late' });
    expect(driverStart(job({ departs: '09:30' }), null, nine, TZ)).toEqual({ state: 'waiting' });
    expect(driverStart(job({ departs: '09:00' }), null, nine, TZ)).toEqual({ state: 'late' });
  });

  it('is not Late on another day, without a time, or for a job that is not running', () => {
    expect(driverStart(job({ serviceDate: '2026-11-24' }), null, nine, TZ).state).toBe('waiting');
    expect(driverStart(job({ serviceDate: '2026-11-22' }), null, nine, TZ).state).toBe('waiting');
    // The first leg without a time: the first departure is the 14:00 one.
    expect(driverStart(job({ departs: null }), null, nine, TZ).state).toBe('waiting');
    expect(driverStart({ ...job(), legs: [] }, null, nine, TZ).state).toBe('waiting');
    expect(driverStart(job({ status: 'cancelled' }), null, nine, TZ).state).toBe('waiting');
    expect(driverStart(job({ status: 'draft' }), null, nine, TZ).state).toBe('waiting');
  });
});

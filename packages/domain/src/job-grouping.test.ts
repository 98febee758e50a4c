import { describe, expect, it } from 'vitest';
import { groupJobsByDay, jobCountText, showsDayHeadings } from './job-grouping';

const job = (id: string, serviceDate: string | null, departure: string | null) => ({
  id,
  serviceDate,
  legs: [
    { legNumber: 2, departureTime: '23:00' },
    { legNumber: 1, departureTime: departure },
  ],
});

describe('groupJobsByDay', () => {
  it('groups by date, sorted by date then first departure, undated last', () => {
    const days = groupJobsByDay([
      job('c', '2026-11-25', '07:00'),
      job('x', null, '05:00'),
      job('b', '2026-11-24', '14:00'),
      job('a', '2026-11-24', '06:30'),
      job('n', '2026-11-24', null),
    ]);
    expect(days.map((d) => [d.serviceDate, d.jobs.map((j) => j.id)])).toEqual([
      ['2026-11-24', ['a', 'b', 'n']],
      ['2026-11-25', ['c']],
      [null, ['x']],
    ]);
  });

  it('shows headings on Upcoming, and on Today only when several days are listed', () => {
    const one = groupJobsByDay([job('a', '2026-11-24', '06:30')]);
    expect(showsDayHeadings(one, 'today')).toBe(false);
    expect(showsDayHeadings(one, 'upcoming')).toBe(true);
    expect(
      showsDayHeadings(groupJobsByDay([job('a', '2026-11-24', null), job('b', '2026-11-25', null)]), 'today'),
    ).toBe(true);
    expect([jobCountText(1), jobCountText(3)]).toEqual(['1 job', '3 jobs']);
  });
});

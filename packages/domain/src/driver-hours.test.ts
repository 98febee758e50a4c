import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  checkDriverHours,
  describeBreach,
  type HoursBreach,
  hoursSummary,
  mergeWork,
  type WorkBreach,
  type WorkInterval,
  wallClockMs,
  workPeriodsFromJobs,
  zonedTimeToInstant,
} from './driver-hours';
import {
  DEFAULT_HOURS_RULE_SET_ID,
  getHoursRuleSet,
  HOURS_RULE_SET_IDS,
  HOURS_RULE_SET_OPTIONS,
  HOURS_RULE_SETS,
  type HoursRuleSet,
} from './driver-hours.rules';

// The worked examples of ADR 0017, in Sydney. 2026-03-02 is a Monday (AEDT, UTC+11).
const TZ = 'Australia/Sydney';
const STANDARD = HOURS_RULE_SETS['au-hvnl-standard-solo'];
const at = (s: string) => zonedTimeToInstant(s.slice(0, 10), s.slice(11), TZ);
/** 'YYYY-MM-DD HH:mm' to 'HH:mm' on the same day, or 'YYYY-MM-DD HH:mm'. */
const iv = (from: string, to: string): WorkInterval => ({
  start: at(from),
  end: at(to.length === 5 ? `${from.slice(0, 10)} ${to}` : to),
});
const day = (n: number) => addDays('2026-03-02', n);

const check = (work: WorkInterval[], proposed?: WorkInterval[], ruleSet: HoursRuleSet = STANDARD) =>
  checkDriverHours({ work, proposed, ruleSet, timeZone: TZ });
const byWindow = (breaches: HoursBreach[], label: string) => breaches.filter((b) => b.label === label);

describe('rule sets', () => {
  it('has the standard hours as the default, with every row of the table', () => {
    expect(DEFAULT_HOURS_RULE_SET_ID).toBe('au-hvnl-standard-solo');
    expect(HOURS_RULE_SET_IDS).toContain(DEFAULT_HOURS_RULE_SET_ID);
    expect(HOURS_RULE_SET_OPTIONS[0]).toEqual({ value: 'au-hvnl-standard-solo', label: STANDARD.name });
    expect(STANDARD.windows.map((w) => [w.periodMinutes / 60, w.maxWorkMinutes / 60])).toEqual([
      [5.5, 5.25],
      [8, 7.5],
      [11, 10],
      [24, 12],
      [168, 72],
      [336, 144],
    ]);
    expect(getHoursRuleSet('withdrawn-set').id).toBe('au-hvnl-standard-solo');
  });
});

describe('checkDriverHours: one worked example per window', () => {
  it('5 h 30 min: 5 h 15 min of work then 15 minutes off is legal; 5 h 30 min straight is not', () => {
    expect(check([], [iv(`${day(0)} 06:00`, '11:15')]).ok).toBe(true);
    const r = check([], [iv(`${day(0)} 06:00`, '11:30')]);
    const [work, rest] = byWindow(r.breaches, '5 h 15 min work in any 5 h 30 min');
    expect(work).toMatchObject({ kind: 'work', workMinutes: 330, limitMinutes: 315, overByMinutes: 15 });
    expect(work!.periodStart).toEqual(at(`${day(0)} 06:00`));
    expect(work!.periodEnd).toEqual(at(`${day(0)} 11:30`));
    expect(rest).toMatchObject({ kind: 'rest', restMinutes: 0, requiredRestMinutes: 15 });
    // No later start helps a job that alone is too long.
    expect(work!.nextLegalAt).toBeNull();
  });

  it('never calls a job that alone is too long legal where it would lie on top of other long work', () => {
    // The search once found 11:30 on day 2: the job wholly inside a 12-hour day that starts earlier,
    // so that no period began at the job.
    const r = check([iv(`${day(2)} 06:00`, '18:00')], [iv(`${day(0)} 06:00`, '11:30')]);
    const [work, rest] = byWindow(r.breaches, '5 h 15 min work in any 5 h 30 min');
    expect(work!.nextLegalAt).toBeNull();
    expect(rest!.nextLegalAt).toBeNull();
  });

  it('8 h: 7 h 45 min of work with one 15-minute break breaks it; 30 minutes of break do not', () => {
    const bad = check([iv(`${day(0)} 06:00`, '11:00')], [iv(`${day(0)} 11:15`, '14:00')]);
    expect(bad.breaches.map((b) => [b.label, b.kind])).toEqual([
      ['7 h 30 min work in any 8 h', 'work'],
      ['7 h 30 min work in any 8 h', 'rest'],
    ]);
    expect(bad.breaches[0]).toMatchObject({ workMinutes: 465, overByMinutes: 15 });
    expect(bad.breaches[1]).toMatchObject({ restMinutes: 15, requiredRestMinutes: 30, blockMinutes: 15 });
    // Starting the second part 15 minutes later gives the 30 minutes.
    expect(bad.breaches[0]!.nextLegalAt).toEqual(at(`${day(0)} 11:30`));
    expect(check([iv(`${day(0)} 06:00`, '11:00')], [iv(`${day(0)} 11:30`, '14:00')]).ok).toBe(true);
  });

  it('11 h: 10 h 30 min of work with two 15-minute breaks breaks it', () => {
    const r = check(
      [iv(`${day(0)} 06:00`, '11:00'), iv(`${day(0)} 11:15`, '13:45')],
      [iv(`${day(0)} 14:00`, '17:00')],
    );
    expect(r.breaches.map((b) => [b.label, b.kind])).toEqual([
      ['10 h work in any 11 h', 'work'],
      ['10 h work in any 11 h', 'rest'],
    ]);
    expect(r.breaches[0]).toMatchObject({ workMinutes: 630, overByMinutes: 30 });
    expect(r.breaches[1]).toMatchObject({ restMinutes: 30, requiredRestMinutes: 60 });
  });

  it('24 h: a recorded shift plus a planned job pushing past 12 h in 24 h', () => {
    const recorded = [
      { start: at(`${day(0)} 06:00`).toISOString(), end: at(`${day(0)} 11:00`).toISOString() },
      { start: at(`${day(0)} 11:30`), end: at(`${day(0)} 14:00`) },
    ];
    const job = (arrivalTime: string) =>
      workPeriodsFromJobs([{ serviceDate: day(0), legs: [{ departureTime: '16:45', arrivalTime }] }], TZ);
    const now = at(`${day(0)} 15:00`);
    // 5 h + 2 h 30 min recorded, 16:15 to 20:15 planned: 11 h 30 min.
    expect(check(mergeWork(recorded, [], now), job('20:00')).ok).toBe(true);
    // Arriving at 20:45, the job's work ends 21:00: 12 h 15 min in the 24 h from 06:00.
    const r = check(mergeWork(recorded, [], now), job('20:45'));
    expect(r.breaches).toHaveLength(1);
    expect(r.breaches[0]).toMatchObject({
      label: '12 h work in any 24 h',
      kind: 'work',
      workMinutes: 735,
      overByMinutes: 15,
      existing: false,
    });
    expect(r.breaches[0]!.periodStart).toEqual(at(`${day(0)} 06:00`));
    // Legal once 15 minutes of the job fall after 06:00 the next day: a 01:30 start (sign-on).
    expect(r.breaches[0]!.nextLegalAt).toEqual(at(`${day(1)} 01:30`));
    expect(describeBreach(r.breaches[0]!, (d) => d.toISOString())).toBe(
      `Would work 12 h 15 min in 24 h (limit 12 h, over by 15 min); legal again from ${at(`${day(1)} 01:30`).toISOString()}`,
    );
  });

  it('24 h: two 6-hour rests do not make the 7 continuous hours', () => {
    const work = [iv(`${day(0)} 06:00`, '11:15'), iv(`${day(0)} 11:30`, '13:00')];
    // Rest 13:00 to 19:00, work 19:00 to 00:00, rest 00:00 to 06:00, work again at 06:00.
    const r = check(work, [iv(`${day(0)} 19:00`, `${day(1)} 00:00`), iv(`${day(1)} 06:00`, '08:00')]);
    const rest = byWindow(r.breaches, '12 h work in any 24 h').find((b) => b.kind === 'rest');
    expect(rest).toMatchObject({
      restMinutes: 0,
      requiredRestMinutes: 420,
      blockMinutes: 420,
      restKind: 'stationary',
    });
  });

  const twelveHourDay = (d: string): WorkInterval[] => [
    iv(`${d} 05:00`, '10:15'),
    iv(`${d} 11:15`, '16:30'),
    iv(`${d} 18:00`, '19:30'),
  ];

  it('7 days: a seventh 12-hour day makes 84 h in 7 days with no 24 hours off', () => {
    const week = [0, 1, 2, 3, 4, 5].flatMap((n) => twelveHourDay(day(n)));
    expect(check(week).ok).toBe(true);
    const r = check(week, twelveHourDay(day(6)));
    const seven = byWindow(r.breaches, '72 h work in any 7 days');
    expect(seven.find((b) => b.kind === 'work')).toMatchObject({
      workMinutes: 84 * 60,
      overByMinutes: 12 * 60,
    });
    expect(seven.find((b) => b.kind === 'rest')).toMatchObject({ restMinutes: 0, requiredRestMinutes: 1440 });
    expect(byWindow(r.breaches, '12 h work in any 24 h')).toEqual([]);
  });

  it('7 days: six 7 h 30 min days then a seventh without 24 hours off; legal again after 24 h off', () => {
    const shift = (d: string) => [iv(`${d} 06:00`, '11:00'), iv(`${d} 11:30`, '14:00')];
    const r = check(
      [0, 1, 2, 3, 4, 5].flatMap((n) => shift(day(n))),
      shift(day(6)),
    );
    expect(r.breaches).toHaveLength(1);
    expect(r.breaches[0]).toMatchObject({ label: '72 h work in any 7 days', kind: 'rest', restMinutes: 0 });
    // 24 hours after Saturday's 14:00.
    expect(r.breaches[0]!.nextLegalAt).toEqual(at(`${day(6)} 14:00`));
  });

  it('14 days: night shifts leave too few night rest breaks; day shifts leave one every night', () => {
    const nightShifts = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12].map((n) => iv(`${day(n)} 01:00`, '06:15'));
    const r = check(nightShifts);
    const night = byWindow(r.breaches, '144 h work in any 14 days');
    // Only the days off give a break: 22:00 to 05:00 in the 42 h 45 min off.
    expect(night[0]).toMatchObject({
      kind: 'night-rest',
      nightRestBreaks: 2,
      requiredNightRestBreaks: 4,
      existing: true,
    });
    expect(night[0]!.periodStart).toEqual(at(`${day(0)} 01:00`));
    const dayShifts = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12].map((n) => iv(`${day(n)} 06:00`, '11:15'));
    expect(check(dayShifts).ok).toBe(true);
  });

  it('14 days: more than 144 h of work', () => {
    // Two 12-hour weeks of six days with a day off between them: 144 h, then one more hour.
    const fortnight = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12].flatMap((n) => {
      const d = day(n);
      return [iv(`${d} 07:00`, '12:15'), iv(`${d} 13:15`, '18:30'), iv(`${d} 19:30`, '21:00')];
    });
    expect(byWindow(check(fortnight).breaches, '144 h work in any 14 days')).toEqual([]);
    const r = check(fortnight, [iv(`${day(13)} 04:00`, '05:00')]);
    expect(byWindow(r.breaches, '144 h work in any 14 days')[0]).toMatchObject({
      kind: 'work',
      workMinutes: 145 * 60,
      overByMinutes: 60,
    });
  });
});

describe('counting in 15-minute blocks', () => {
  it('counts 5 h 01 min of work as 5 h 15 min', () => {
    const s = hoursSummary([iv(`${day(0)} 06:00`, '11:01')], STANDARD, TZ, at(`${day(0)} 12:00`));
    expect(s.workedThisWeekMinutes).toBe(315);
  });

  it('counts a 14-minute break as no rest, and a 15-minute one as 15 minutes', () => {
    const fourteen = check([iv(`${day(0)} 06:00`, '09:00')], [iv(`${day(0)} 09:14`, '11:45')]);
    expect(byWindow(fourteen.breaches, '5 h 15 min work in any 5 h 30 min').map((b) => b.kind)).toEqual([
      'work',
      'rest',
    ]);
    expect(check([iv(`${day(0)} 06:00`, '09:00')], [iv(`${day(0)} 09:15`, '11:45')]).ok).toBe(true);
  });
});

describe('night rest breaks', () => {
  // One window only: in any 2 days, one night rest break.
  const oneNight: HoursRuleSet = {
    id: 'test-night',
    name: 'test',
    source: 'test',
    windows: [
      {
        periodMinutes: 2 * 1440,
        maxWorkMinutes: 2 * 1440,
        rest: {
          kind: 'night',
          count: 1,
          consecutiveCount: 1,
          blockMinutes: 420,
          nightStart: '22:00',
          nightEnd: '08:00',
          orContinuousMinutes: 1440,
        },
        label: 'a night rest break in any 2 days',
        source: 'test',
      },
    ],
  };
  const nights = (work: WorkInterval[]) => check(work, undefined, oneNight);

  it('counts 7 hours between 22:00 and 08:00', () => {
    expect(nights([iv(`${day(0)} 08:00`, '22:00'), iv(`${day(1)} 05:00`, `${day(2)} 10:00`)]).ok).toBe(true);
  });

  it('does not count 7 hours from 15:00', () => {
    const r = nights([iv(`${day(0)} 08:00`, '15:00'), iv(`${day(0)} 22:00`, `${day(2)} 10:00`)]);
    expect(r.breaches[0]).toMatchObject({ kind: 'night-rest', nightRestBreaks: 0 });
  });

  it('counts 24 continuous hours whenever they fall', () => {
    // 02:00 to 02:00 holds only 6 hours of either night, but is 24 hours.
    expect(nights([iv(`${day(0)} 00:00`, '02:00'), iv(`${day(1)} 02:00`, '06:00')]).ok).toBe(true);
    expect(nights([iv(`${day(0)} 00:00`, '02:00'), iv(`${day(1)} 01:45`, '06:00')]).ok).toBe(false);
  });

  it("reads the night in the base's zone, across the October change", () => {
    // Sydney clocks go from 02:00 to 03:00 on 4 Oct 2026: 22:00 to 05:00 is 6 hours, 22:00 to 06:00 is 7.
    const w = (end: string) => [iv('2026-10-03 08:00', '22:00'), iv(`2026-10-04 ${end}`, '2026-10-05 10:00')];
    expect(nights(w('05:00')).ok).toBe(false);
    expect(nights(w('06:00')).ok).toBe(true);
  });
});

describe('planned work from jobs', () => {
  it('runs from the first departure less 30 min to the last arrival plus 15 min', () => {
    const [p] = workPeriodsFromJobs(
      [
        {
          serviceDate: day(0),
          legs: [
            { departureTime: '08:00', arrivalTime: '10:00' },
            { departureTime: '15:00', arrivalTime: '17:00' },
          ],
        },
      ],
      TZ,
    );
    expect(p).toEqual(iv(`${day(0)} 07:30`, '17:15'));
  });

  it('takes the allowances given, and skips jobs with no times', () => {
    const r = workPeriodsFromJobs(
      [
        { serviceDate: day(0), legs: [{ departureTime: null, arrivalTime: null }] },
        { serviceDate: day(1), legs: [{ departureTime: '09:00', arrivalTime: '12:00' }] },
      ],
      TZ,
      { signOnMinutes: 45, signOffMinutes: 0 },
    );
    expect(r).toEqual([iv(`${day(1)} 08:15`, '12:00')]);
  });

  it('ends a leg that arrives after midnight on the next day', () => {
    const [p] = workPeriodsFromJobs(
      [{ serviceDate: day(0), legs: [{ departureTime: '23:00', arrivalTime: '01:30' }] }],
      TZ,
    );
    expect(p).toEqual(iv(`${day(0)} 22:30`, `${day(1)} 01:45`));
  });

  it('converts across the daylight-saving changes of Australia/Sydney', () => {
    // 4 Oct 2026: 02:00 AEST becomes 03:00 AEDT. An overnight job loses an hour.
    const [october] = workPeriodsFromJobs(
      [{ serviceDate: '2026-10-03', legs: [{ departureTime: '22:00', arrivalTime: '06:00' }] }],
      TZ,
    );
    expect(october!.start.toISOString()).toBe('2026-10-03T11:30:00.000Z');
    expect(october!.end.toISOString()).toBe('2026-10-03T19:15:00.000Z');
    // 5 Apr 2026: 03:00 AEDT becomes 02:00 AEST. It gains one.
    const [april] = workPeriodsFromJobs(
      [{ serviceDate: '2026-04-04', legs: [{ departureTime: '22:00', arrivalTime: '06:00' }] }],
      TZ,
    );
    expect((april!.end.getTime() - april!.start.getTime()) / 3_600_000).toBe(9.75);
    // A reading the change skips lands after the gap; one it repeats is the first.
    expect(zonedTimeToInstant('2026-10-04', '02:30', TZ).toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(zonedTimeToInstant('2026-04-05', '02:30', TZ).toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(zonedTimeToInstant('2026-04-05', '03:30', TZ).toISOString()).toBe('2026-04-04T17:30:00.000Z');
  });

  it('reads the wall clock as Intl does, also around changes of half an hour', () => {
    // Offsets are kept per quarter-hour; a change must still be exact to the second. Lord Howe
    // moves by 30 minutes, St John's and Kathmandu sit on odd offsets.
    const exact = (ms: number, timeZone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        })
          .formatToParts(ms)
          .map((x) => [x.type, Number(x.value)]),
      );
      return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    };
    // Within two hours of each 2026 change of these zones (UTC instants).
    const changes = [
      '2026-04-04T15:00:00Z',
      '2026-10-03T15:30:00Z',
      '2026-03-08T05:30:00Z',
      '2026-11-01T04:30:00Z',
      '2026-04-04T16:00:00Z',
      '2026-10-03T16:00:00Z',
    ].map(Date.parse);
    fc.assert(
      fc.property(
        fc.constantFrom('Australia/Sydney', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kathmandu'),
        fc.constantFrom(...changes),
        fc.integer({ min: -2 * 3600, max: 2 * 3600 }),
        fc.integer({ min: 0, max: 999 }),
        (zone, change, seconds, ms) => {
          const instant = change + seconds * 1000 + ms;
          expect(wallClockMs(instant, zone)).toBe(exact(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('mergeWork', () => {
  it('sorts and joins recorded and planned work, and ends an open shift now', () => {
    const now = at(`${day(0)} 12:00`);
    const merged = mergeWork(
      [
        { start: at(`${day(0)} 09:00`).toISOString(), end: null },
        { start: at(`${day(0)} 06:00`), end: at(`${day(0)} 07:00`) },
      ],
      [iv(`${day(0)} 11:30`, '14:00'), iv(`${day(0)} 07:00`, '07:30')],
      now,
    );
    expect(merged).toEqual([iv(`${day(0)} 06:00`, '07:30'), iv(`${day(0)} 09:00`, '14:00')]);
  });
});

describe('existing breaches', () => {
  it('reports an illegal history apart from what the proposed work breaks', () => {
    const history = [iv(`${day(0)} 06:00`, '12:00')];
    const r = check(history, [iv(`${day(2)} 06:00`, '10:00')]);
    expect(r.ok).toBe(true);
    expect(r.existingBreaches.map((b) => [b.label, b.kind, b.existing])).toEqual([
      ['5 h 15 min work in any 5 h 30 min', 'work', true],
      ['5 h 15 min work in any 5 h 30 min', 'rest', true],
    ]);
    expect(describeBreach(r.existingBreaches[0]!, () => 'x')).toBe(
      'Worked 5 h 30 min in 5 h 30 min (limit 5 h 15 min, over by 15 min); legal again from x',
    );
  });

  it('leaves them out when asked to, and still reports what the proposed work breaks', () => {
    const history = [iv(`${day(0)} 06:00`, '12:00')];
    const proposed = [iv(`${day(1)} 06:00`, '12:00')];
    const full = check(history, proposed);
    const lean = checkDriverHours({
      work: history,
      proposed,
      ruleSet: STANDARD,
      timeZone: TZ,
      reportExisting: false,
    });
    expect(full.existingBreaches.length).toBeGreaterThan(0);
    expect(lean.existingBreaches).toEqual([]);
    expect(lean.breaches.length).toBeGreaterThan(0);
    expect(lean.breaches).toEqual(full.breaches);
  });
});

describe('describeBreach', () => {
  it('counts work in hours beside a period in days', () => {
    const breach: WorkBreach = {
      kind: 'work',
      existing: false,
      label: '72 h work in any 7 days',
      windowIndex: 0,
      periodMinutes: 7 * 24 * 60,
      periodStart: new Date('2031-06-02T00:00:00Z'),
      periodEnd: new Date('2031-06-09T00:00:00Z'),
      workMinutes: 85 * 60 + 45,
      limitMinutes: 72 * 60,
      overByMinutes: 13 * 60 + 45,
      nextLegalAt: null,
    };
    expect(describeBreach(breach, () => 'x')).toBe(
      'Would work 85 h 45 min in 7 days (limit 72 h, over by 13 h 45 min); no later start makes it legal',
    );
  });
});

describe('hoursSummary', () => {
  it('adds up this week from Monday and says which rest comes due first', () => {
    const work = [
      iv(`${day(-1)} 06:00`, '10:00'), // Sunday: last week
      iv(`${day(0)} 06:00`, '11:00'),
      iv(`${day(1)} 06:00`, '09:00'),
    ];
    const s = hoursSummary(work, STANDARD, TZ, at(`${day(1)} 09:00`));
    expect(s.workedThisWeekMinutes).toBe(8 * 60);
    // Working on from 09:00, the 5 h 15 min run ends at 11:15.
    expect(s.nextRequiredRest).toEqual({
      label: '5 h 15 min work in any 5 h 30 min',
      kind: 'continuous',
      dueBy: at(`${day(1)} 11:15`),
      minMinutes: 15,
    });
  });
});

describe('describeBreach', () => {
  it('says what rest is missing', () => {
    const r = check([iv(`${day(0)} 06:00`, '11:00')], [iv(`${day(0)} 11:15`, '14:00')]);
    expect(describeBreach(r.breaches[1]!, () => '11:30')).toBe(
      'Would have only 15 min rest in 8 h (needs 30 min in blocks of 15 min); legal again from 11:30',
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties. UTC, so that moving work by whole days keeps it at the same clock time.

const BASE = Date.UTC(2026, 2, 2, 0, 0);
const Q = 15 * 60_000;

/** A schedule: alternating rest and work, in quarter-hours, from BASE. */
const scheduleArb = fc
  .array(fc.record({ rest: fc.integer({ min: 1, max: 80 }), work: fc.integer({ min: 1, max: 24 }) }), {
    minLength: 1,
    maxLength: 24,
  })
  .map((parts) => {
    let t = BASE;
    return parts.map(({ rest, work }) => {
      const start = t + rest * Q;
      t = start + work * Q;
      return { start: new Date(start), end: new Date(t) };
    });
  });

const legal = (work: WorkInterval[]) => checkDriverHours({ work, ruleSet: STANDARD, timeZone: 'UTC' }).ok;

describe('answers kept between checks', () => {
  // A check of proposed work alone is answered from memory when asked again (the dispatch board asks
  // the same ones on every draw). The full check is never kept, so it is the reference.
  const lean = (work: WorkInterval[], proposed: WorkInterval[], ruleSet: HoursRuleSet, timeZone: string) =>
    checkDriverHours({ work, proposed, ruleSet, timeZone, reportExisting: false });
  const full = (work: WorkInterval[], proposed: WorkInterval[], ruleSet: HoursRuleSet, timeZone: string) =>
    checkDriverHours({ work, proposed, ruleSet, timeZone });

  // Half the limits of the standard set: the same work breaks it far more often.
  const STRICT: HoursRuleSet = {
    ...STANDARD,
    id: 'strict-for-test',
    windows: STANDARD.windows.map((w) => ({ ...w, maxWorkMinutes: w.maxWorkMinutes / 2 })),
  };

  it('answers again what the work, the proposed work, the rule set and the zone say, never an earlier answer', () => {
    const sets = [STANDARD, STRICT];
    fc.assert(
      fc.property(scheduleArb, fc.nat(), (work, k) => {
        const proposed = [work[k % work.length]!];
        const rest = work.filter((_, i) => i !== k % work.length);
        // Each combination asked twice, in an order that puts the others' answers in between.
        for (let round = 0; round < 2; round++)
          for (const ruleSet of sets)
            for (const zone of ['UTC', TZ])
              for (const history of [rest, rest.slice(1)])
                expect(lean(history, proposed, ruleSet, zone).breaches).toEqual(
                  full(history, proposed, ruleSet, zone).breaches,
                );
      }),
      { numRuns: 40 },
    );
  });

  it("reads the night in the zone asked, whatever another zone's answer was", () => {
    // 01:00-06:15 in Sydney is daytime in UTC: the same instants leave no night rest in one zone only.
    const shifts = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12].map((n) => iv(`${day(n)} 01:00`, '06:15'));
    const [history, proposed] = [shifts.slice(0, -1), shifts.slice(-1)];
    for (let round = 0; round < 2; round++) {
      expect(lean(history, proposed, STANDARD, TZ).breaches.map((b) => b.kind)).toContain('night-rest');
      expect(lean(history, proposed, STANDARD, 'UTC').breaches).toEqual([]);
    }
  });

  it('gives the same answer twice without working it out again', () => {
    const history = [iv(`${day(0)} 06:00`, '12:00')];
    const proposed = [iv(`${day(1)} 06:00`, '12:00')];
    const first = lean(history, proposed, STANDARD, TZ);
    expect(first.breaches.length).toBeGreaterThan(0);
    expect(
      lean(
        history.map((w) => ({ ...w })),
        proposed,
        STANDARD,
        TZ,
      ),
    ).toBe(first);
  });
});

describe('properties', () => {
  it('removing work from a legal schedule keeps it legal (and so does joining two rests)', () => {
    fc.assert(
      fc.property(scheduleArb, fc.nat(), (work, k) => {
        fc.pre(legal(work));
        const without = work.filter((_, i) => i !== k % work.length);
        expect(legal(without)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('cutting work in two touching pieces, or splitting a rest, changes nothing', () => {
    fc.assert(
      fc.property(scheduleArb, fc.nat(), fc.integer({ min: 1, max: 100 }), (work, k, cut) => {
        const i = k % work.length;
        const w = work[i]!;
        const mid = new Date(w.start.getTime() + ((w.end.getTime() - w.start.getTime()) * cut) / 101);
        const split = [
          ...work.slice(0, i),
          { start: w.start, end: mid },
          { start: mid, end: w.end },
          ...work.slice(i + 1),
        ];
        const a = checkDriverHours({ work, ruleSet: STANDARD, timeZone: 'UTC' });
        const b = checkDriverHours({ work: split, ruleSet: STANDARD, timeZone: 'UTC' });
        expect(b).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });

  it('lengthening a rest by whole days never makes a legal schedule illegal', () => {
    fc.assert(
      fc.property(scheduleArb, fc.nat(), fc.integer({ min: 1, max: 3 }), (work, k, days) => {
        fc.pre(legal(work));
        const i = k % work.length;
        const shift = days * 86_400_000;
        const later = work.map((w, j) =>
          j < i ? w : { start: new Date(w.start.getTime() + shift), end: new Date(w.end.getTime() + shift) },
        );
        expect(legal(later)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('nextLegalAt, when given, is legal for that window', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 40 }),
        (work, offset, length) => {
          const start = BASE + offset * Q;
          const proposed = [{ start: new Date(start), end: new Date(start + length * Q) }];
          const r = checkDriverHours({ work, proposed, ruleSet: STANDARD, timeZone: 'UTC' });
          for (const b of r.breaches) {
            if (!b.nextLegalAt) continue;
            expect(b.nextLegalAt.getTime()).toBeGreaterThanOrEqual(start);
            const moved = [{ start: b.nextLegalAt, end: new Date(b.nextLegalAt.getTime() + length * Q) }];
            const again = checkDriverHours({ work, proposed: moved, ruleSet: STANDARD, timeZone: 'UTC' });
            expect(again.breaches.filter((x) => x.windowIndex === b.windowIndex)).toEqual([]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('speed', () => {
  const fortnight = (daysOff: number[]) =>
    Array.from({ length: 14 }, (_, n) =>
      daysOff.includes(n) ? [] : [iv(`${day(n)} 06:00`, '10:00'), iv(`${day(n)} 10:30`, '13:00')],
    ).flat();
  const meanMs = (f: () => unknown) => {
    f();
    const runs = 50;
    const t0 = Date.now();
    for (let i = 0; i < runs; i++) f();
    return (Date.now() - t0) / runs;
  };

  it('checks a fortnight of about 30 intervals in well under a few milliseconds', () => {
    const work = fortnight([6, 13]);
    const proposed = [iv(`${day(14)} 06:00`, '10:00')];
    expect(check(work, proposed).ok).toBe(true);
    expect(meanMs(() => check(work, proposed))).toBeLessThan(2);
  });

  it('finds when the driver is next legal in a few milliseconds more', () => {
    const work = fortnight([]);
    const proposed = [iv(`${day(14)} 06:00`, '10:00')];
    expect(check(work, proposed).ok).toBe(false);
    expect(meanMs(() => check(work, proposed))).toBeLessThan(10);
  });
});

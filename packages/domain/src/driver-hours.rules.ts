// Work and rest rule sets as data (issue "Dispatch safety", ADR 0017). The checker in driver-hours.ts
// knows only the shapes below, so a further set (a UK or EU one, a bus variant) is a new entry here and
// no change to the checker. Each row carries the source it was taken from; change a row only with its
// source.

/**
 * What rest a window demands besides its work limit.
 * - `continuous`: rest counts only in gaps of at least `blockMinutes`; the period needs `minMinutes` of
 *   such rest in total ("30 minutes in blocks of 15 continuous minutes").
 * - `stationary`: the same count, for rest out of the vehicle or in an approved sleeper berth. The
 *   product records no vehicle movement, so every gap between work counts as stationary (ADR 0017).
 * - `night`: the period needs `count` night rest breaks, `consecutiveCount` of them on consecutive days.
 *   A night rest break is `blockMinutes` continuous rest wholly between `nightStart` and `nightEnd`
 *   (local time of the driver's base), or `orContinuousMinutes` continuous rest at any time.
 */
export type HoursRest =
  | { kind: 'continuous' | 'stationary'; minMinutes: number; blockMinutes: number }
  | {
      kind: 'night';
      count: number;
      consecutiveCount: number;
      blockMinutes: number;
      /** 'HH:mm', local time of the driver's base. */
      nightStart: string;
      /** 'HH:mm' on the next day. */
      nightEnd: string;
      orContinuousMinutes: number;
    };

export type HoursRestKind = HoursRest['kind'];

/** "Within any period of `periodMinutes`, work at most `maxWorkMinutes`, with at least `rest`." */
export interface HoursWindow {
  periodMinutes: number;
  maxWorkMinutes: number;
  rest: HoursRest;
  /** Short text for breaches and the driver card, e.g. '12 h work in any 24 h'. */
  label: string;
  /** Where the row comes from. */
  source: string;
}

export interface HoursRuleSet {
  id: string;
  name: string;
  source: string;
  windows: readonly HoursWindow[];
}

const H = 60;
const DAY = 24 * H;

const AU_STANDARD_SOURCE =
  'Heavy Vehicle National Law; Heavy Vehicle (Fatigue Management) National Regulation, s 5 ' +
  '(Standard hours—solo drivers); NHVR "Work and rest requirements", standard hours, solo drivers';

/** The rule sets an operator can pick in General settings, keyed by id. */
export const HOURS_RULE_SETS = {
  'au-hvnl-standard-solo': {
    id: 'au-hvnl-standard-solo',
    name: 'Australia — standard hours, solo driver (HVNL)',
    source: AU_STANDARD_SOURCE,
    windows: [
      {
        periodMinutes: 5 * H + 30,
        maxWorkMinutes: 5 * H + 15,
        rest: { kind: 'continuous', minMinutes: 15, blockMinutes: 15 },
        label: '5 h 15 min work in any 5 h 30 min',
        source: AU_STANDARD_SOURCE,
      },
      {
        periodMinutes: 8 * H,
        maxWorkMinutes: 7 * H + 30,
        rest: { kind: 'continuous', minMinutes: 30, blockMinutes: 15 },
        label: '7 h 30 min work in any 8 h',
        source: AU_STANDARD_SOURCE,
      },
      {
        periodMinutes: 11 * H,
        maxWorkMinutes: 10 * H,
        rest: { kind: 'continuous', minMinutes: 60, blockMinutes: 15 },
        label: '10 h work in any 11 h',
        source: AU_STANDARD_SOURCE,
      },
      {
        periodMinutes: DAY,
        maxWorkMinutes: 12 * H,
        rest: { kind: 'stationary', minMinutes: 7 * H, blockMinutes: 7 * H },
        label: '12 h work in any 24 h',
        source: AU_STANDARD_SOURCE,
      },
      {
        periodMinutes: 7 * DAY,
        maxWorkMinutes: 72 * H,
        rest: { kind: 'stationary', minMinutes: DAY, blockMinutes: DAY },
        label: '72 h work in any 7 days',
        source: AU_STANDARD_SOURCE,
      },
      {
        periodMinutes: 14 * DAY,
        maxWorkMinutes: 144 * H,
        rest: {
          kind: 'night',
          count: 4,
          consecutiveCount: 2,
          blockMinutes: 7 * H,
          nightStart: '22:00',
          nightEnd: '08:00',
          orContinuousMinutes: DAY,
        },
        label: '144 h work in any 14 days',
        source: AU_STANDARD_SOURCE,
      },
    ],
  },
} as const satisfies Record<string, HoursRuleSet>;

export type HoursRuleSetId = keyof typeof HOURS_RULE_SETS;

/** For a z.enum in the settings schema. */
export const HOURS_RULE_SET_IDS = Object.keys(HOURS_RULE_SETS) as [HoursRuleSetId, ...HoursRuleSetId[]];

export const DEFAULT_HOURS_RULE_SET_ID: HoursRuleSetId = 'au-hvnl-standard-solo';

/** Options for the rule-set Select in General settings. */
export const HOURS_RULE_SET_OPTIONS: { value: HoursRuleSetId; label: string }[] = HOURS_RULE_SET_IDS.map(
  (id) => ({ value: id, label: HOURS_RULE_SETS[id].name }),
);

/** The rule set for a stored id; an unknown id (a set since withdrawn) falls back to the default. */
export function getHoursRuleSet(id: string | null | undefined): HoursRuleSet {
  return id && id in HOURS_RULE_SETS
    ? HOURS_RULE_SETS[id as HoursRuleSetId]
    : HOURS_RULE_SETS[DEFAULT_HOURS_RULE_SET_ID];
}

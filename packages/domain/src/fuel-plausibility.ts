// Whether a fuel log is believable (ADR 27), once for the terminal, which asks the driver for a reason
// before sending, and for the server, which refuses an unconfirmed implausible reading. A confirmed one
// is stored with its flags and reason; the fuel report shows them and the fleet charts leave it out.

/** The fastest average a road vehicle keeps up between two readings, in km/h (motorway coach speed). */
export const MAX_AVERAGE_KMH = 120;
/**
 * The distance always believable, whatever the time between readings: two fills an hour apart may
 * still be a long day's driving apart when the first one was logged late.
 */
export const MIN_PLAUSIBLE_JUMP_KM = 1_000;

export const FUEL_ISSUES = ['odometer_back', 'odometer_jump', 'over_tank'] as const;
export type FuelIssue = (typeof FUEL_ISSUES)[number];

export const FUEL_ISSUE_LABELS: Record<FuelIssue, string> = {
  odometer_back: 'Odometer below last reading',
  odometer_jump: 'Odometer jump too large',
  over_tank: 'More litres than the tank holds',
};

export const FUEL_CONFIRM_MESSAGE = 'This reading looks wrong: check it, or confirm it with a reason';
export const FUEL_REASON_MESSAGE = 'Give a reason for confirming this reading';

export interface FuelReading {
  odometerReading: number;
  litersAdded: number;
  /** When the fuel was added (ISO instant or Date). */
  fuelDate: string | Date;
}

export interface FuelBaseline {
  /** The vehicle's latest reading before this one, if it has any. */
  previous?: { odometerReading: number; fuelDate: string | Date } | null;
  /** Litres; null or absent when not recorded on the vehicle. */
  tankCapacityLitres?: number | null;
}

/** The greatest distance believable over the hours between two readings. */
export function maxPlausibleDistanceKm(hours: number): number {
  return Math.max(MIN_PLAUSIBLE_JUMP_KM, Math.max(0, hours) * MAX_AVERAGE_KMH);
}

const time = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

export interface FuelIssueDetail {
  issue: FuelIssue;
  message: string;
}

/**
 * What is implausible about a reading, with a sentence for each (numbers formatted by `number`, so
 * the terminal and the server say them in the operator's locale).
 */
export function fuelIssues(
  reading: FuelReading,
  baseline: FuelBaseline,
  number: (n: number) => string = (n) => n.toLocaleString('en-AU'),
): FuelIssueDetail[] {
  const issues: FuelIssueDetail[] = [];
  const previous = baseline.previous;
  if (previous) {
    if (reading.odometerReading < previous.odometerReading) {
      issues.push({
        issue: 'odometer_back',
        message: `The odometer reads ${number(reading.odometerReading)} km, less than the vehicle's last reading of ${number(previous.odometerReading)} km.`,
      });
    } else {
      const hours = (time(reading.fuelDate) - time(previous.fuelDate)) / 3_600_000;
      const distance = reading.odometerReading - previous.odometerReading;
      const max = maxPlausibleDistanceKm(hours);
      if (distance > max) {
        issues.push({
          issue: 'odometer_jump',
          message: `The odometer is ${number(distance)} km past the last reading; at most ${number(Math.round(max))} km can be driven since then.`,
        });
      }
    }
  }
  const tank = baseline.tankCapacityLitres;
  if (tank !== null && tank !== undefined && tank > 0 && reading.litersAdded > tank) {
    issues.push({
      issue: 'over_tank',
      message: `${number(reading.litersAdded)} litres is more than the vehicle's tank holds (${number(tank)} litres).`,
    });
  }
  return issues;
}

import { describe, expect, it } from 'vitest';
import {
  fuelIssues,
  MAX_AVERAGE_KMH,
  MIN_PLAUSIBLE_JUMP_KM,
  maxPlausibleDistanceKm,
} from './fuel-plausibility';

const previous = { odometerReading: 120_000, fuelDate: '2026-11-20T08:00:00Z' };
const kinds = (r: Parameters<typeof fuelIssues>[0], b: Parameters<typeof fuelIssues>[1]) =>
  fuelIssues(r, b).map((i) => i.issue);

describe('fuel plausibility (ADR 27)', () => {
  it('allows 120 km/h on average since the last reading, and never less than the floor', () => {
    expect(MAX_AVERAGE_KMH).toBe(120);
    expect(maxPlausibleDistanceKm(0)).toBe(MIN_PLAUSIBLE_JUMP_KM);
    expect(maxPlausibleDistanceKm(2)).toBe(MIN_PLAUSIBLE_JUMP_KM);
    expect(maxPlausibleDistanceKm(24)).toBe(2_880);
    expect(maxPlausibleDistanceKm(-5)).toBe(MIN_PLAUSIBLE_JUMP_KM);
  });

  it('accepts an ordinary fill', () => {
    expect(
      kinds(
        { odometerReading: 120_450, litersAdded: 80, fuelDate: '2026-11-20T18:00:00Z' },
        { previous, tankCapacityLitres: 100 },
      ),
    ).toEqual([]);
  });

  it('accepts anything about the odometer on a vehicle with no reading yet, and any litres without a tank size', () => {
    expect(kinds({ odometerReading: 5, litersAdded: 900, fuelDate: '2026-11-20T18:00:00Z' }, {})).toEqual([]);
  });

  it('flags an odometer below the last reading (the issue: 1,200 km and 900 litres on a Sprinter)', () => {
    const issues = fuelIssues(
      { odometerReading: 1_200, litersAdded: 900, fuelDate: '2026-11-21T08:00:00Z' },
      { previous, tankCapacityLitres: 93 },
    );
    expect(issues.map((i) => i.issue)).toEqual(['odometer_back', 'over_tank']);
    expect(issues[0]!.message).toBe(
      "The odometer reads 1,200 km, less than the vehicle's last reading of 120,000 km.",
    );
    expect(issues[1]!.message).toBe("900 litres is more than the vehicle's tank holds (93 litres).");
  });

  it('flags a jump no vehicle drives in the time since the last reading', () => {
    const oneDay = '2026-11-21T08:00:00Z';
    expect(kinds({ odometerReading: 122_880, litersAdded: 50, fuelDate: oneDay }, { previous })).toEqual([]);
    expect(kinds({ odometerReading: 122_881, litersAdded: 50, fuelDate: oneDay }, { previous })).toEqual([
      'odometer_jump',
    ]);
    // An hour later the floor applies: 1,000 km is believed, 1,001 is not.
    const hourLater = '2026-11-20T09:00:00Z';
    expect(kinds({ odometerReading: 121_000, litersAdded: 50, fuelDate: hourLater }, { previous })).toEqual(
      [],
    );
    expect(kinds({ odometerReading: 121_001, litersAdded: 50, fuelDate: hourLater }, { previous })).toEqual([
      'odometer_jump',
    ]);
  });

  it('says numbers in the locale it is given', () => {
    const [issue] = fuelIssues(
      { odometerReading: 1_200, litersAdded: 10, fuelDate: '2026-11-21T08:00:00Z' },
      { previous },
      (n) => n.toLocaleString('de-DE'),
    );
    expect(issue!.message).toContain('120.000 km');
  });
});

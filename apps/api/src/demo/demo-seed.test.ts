import { dateInZone } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../test/role-test-app';
import { TEST_PIN_KEY } from '../test/test-secret';
import { seedDemo } from './demo-seed';

// The demo operator is what a newcomer first sees: every Fleet Overview chart (issue 16) must have
// something to draw in its default range, the last twelve weeks.

let t: RoleTestApp;

beforeAll(async () => {
  // The demo's drivers have PINs 1111 to 5555 and 1234; the factory's would be random and could be one of them.
  t = await createRoleTestApp({ driver: { driverNumber: '9090' } });
  await seedDemo(t.db, { today: dateInZone(new Date(), 'Australia/Sydney'), pinKey: TEST_PIN_KEY });
}, 60_000);
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives each Fleet Overview chart believable numbers in the default range', async () => {
    const fuel = expectJson<{ items: { vehicle: string; litresPer100Km: number | null }[] }>(
      await t.asManager('GET', '/api/reports/fleet/fuel-economy'),
      200,
    );
    const figures = fuel.items.filter((i) => i.litresPer100Km !== null);
    expect(figures.length).toBeGreaterThanOrEqual(6);
    for (const i of figures) {
      expect(i.litresPer100Km, i.vehicle).toBeGreaterThan(10);
      expect(i.litresPer100Km, i.vehicle).toBeLessThan(40);
    }

    const inspections = expectJson<{ weeks: { forms: number; failed: number }[] }>(
      await t.asManager('GET', '/api/reports/fleet/inspection-fail-rate'),
      200,
    );
    expect(inspections.weeks).toHaveLength(12);
    expect(inspections.weeks.filter((w) => w.forms > 0).length).toBeGreaterThanOrEqual(11);
    expect(inspections.weeks.some((w) => w.failed > 0)).toBe(true);

    const hours = expectJson<{ weeks: { hours: number }[] }>(
      await t.asManager('GET', '/api/reports/fleet/driver-hours'),
      200,
    );
    expect(hours.weeks.filter((w) => w.hours > 0).length).toBeGreaterThanOrEqual(11);

    const defects = expectJson<{ items: { vehicle: string; openDefects: number }[] }>(
      await t.asManager('GET', '/api/reports/fleet/open-defects'),
      200,
    );
    expect(defects.items).toEqual([
      expect.objectContaining({ vehicle: 'MO 4105 · Jacaranda', openDefects: 1 }),
    ]);
  });
});

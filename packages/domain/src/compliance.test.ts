import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, dueState, inspectionDueDate, isCurrentOn, serviceStatus } from './compliance';
import { type ComplianceCheck, complianceProblems, type VehicleRecord } from './compliance-problems';
import { createFormatters } from './format';
import {
  getLicenceClassSet,
  LICENCE_CLASS_SET_IDS,
  LICENCE_CLASS_SETS,
  licenceClassMessage,
  licenceCovers,
} from './licence-classes';

const au = LICENCE_CLASS_SETS.au;

describe('licence classes', () => {
  it('each Australian class covers itself and the ones below it, never above', () => {
    expect(licenceCovers(au, 'HR', 'MR')).toBe(true);
    expect(licenceCovers(au, 'MR', 'HR')).toBe(false);
    expect(licenceCovers(au, 'MC', 'LR')).toBe(true);
    expect(licenceCovers(au, 'LR', 'LR')).toBe(true);
    expect(licenceCovers(LICENCE_CLASS_SETS.uk, 'D', 'D1')).toBe(true);
    expect(licenceCovers(LICENCE_CLASS_SETS.uk, 'D1', 'D')).toBe(false);
  });

  it('needs nothing when no class is needed; no licence or a foreign class covers nothing', () => {
    expect(licenceCovers(au, null, null)).toBe(true);
    expect(licenceCovers(au, null, 'LR')).toBe(false);
    expect(licenceCovers(au, 'D', 'LR')).toBe(false);
  });

  it('is an order in every set: reflexive, transitive, and total (property)', () => {
    for (const id of LICENCE_CLASS_SET_IDS) {
      const set = getLicenceClassSet(id);
      const cls = fc.constantFrom(...set.classes);
      fc.assert(
        fc.property(cls, cls, cls, (a, b, c) => {
          expect(licenceCovers(set, a, a)).toBe(true);
          expect(licenceCovers(set, a, b) || licenceCovers(set, b, a)).toBe(true);
          if (licenceCovers(set, a, b) && licenceCovers(set, b, c))
            expect(licenceCovers(set, a, c)).toBe(true);
          if (a !== b) expect(licenceCovers(set, a, b) && licenceCovers(set, b, a)).toBe(false);
        }),
      );
    }
  });

  it('falls back to the Australian set and names the classes in its message', () => {
    expect(getLicenceClassSet('xx').id).toBe('au');
    expect(licenceClassMessage(au)).toBe('Choose a licence class of your set: LR, MR, HR, HC or MC');
  });
});

describe('dates of records', () => {
  it('an expiry is the last good day', () => {
    expect(isCurrentOn('2026-12-12', '2026-12-12')).toBe(true);
    expect(isCurrentOn('2026-12-12', '2026-12-13')).toBe(false);
    expect(isCurrentOn(null, '2026-12-13')).toBe(false);
  });

  it('adds months held to the month end', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 14)).toBe('2028-01-15');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 120 }),
        (d, m) => {
          const from = d.toISOString().slice(0, 10);
          const to = addMonths(from, m);
          expect(to >= from).toBe(true);
          expect(Number(to.slice(8))).toBeLessThanOrEqual(Number(from.slice(8)));
        },
      ),
    );
  });

  it('inspection due: the certificate, else last inspection plus interval', () => {
    expect(
      inspectionDueDate({
        inspectionDue: '2027-01-01',
        lastInspectionDate: '2026-06-01',
        inspectionIntervalMonths: 6,
      }),
    ).toBe('2027-01-01');
    expect(
      inspectionDueDate({
        inspectionDue: null,
        lastInspectionDate: '2026-06-01',
        inspectionIntervalMonths: 6,
      }),
    ).toBe('2026-12-01');
    expect(
      inspectionDueDate({
        inspectionDue: null,
        lastInspectionDate: '2026-06-01',
        inspectionIntervalMonths: null,
      }),
    ).toBeNull();
  });

  it('due soon within N days inclusive, overdue after', () => {
    expect(dueState('2026-12-28', '2026-11-28', 30)).toBe('due_soon');
    expect(dueState('2026-12-29', '2026-11-28', 30)).toBe('ok');
    expect(dueState('2026-11-27', '2026-11-28', 30)).toBe('overdue');
  });
});

describe('service interval, whichever comes first', () => {
  const interval = {
    serviceIntervalKm: 20_000,
    serviceIntervalMonths: 6,
    lastServiceDate: '2026-09-01',
    lastServiceOdometer: 100_000,
  };
  it('is ok, due soon and overdue by km', () => {
    expect(serviceStatus(interval, 110_000, '2026-10-01', 30)).toMatchObject({ state: 'ok', kmLeft: 10_000 });
    expect(serviceStatus(interval, 118_500, '2026-10-01', 30)).toMatchObject({
      state: 'due_soon',
      by: 'km',
      kmLeft: 1_500,
    });
    expect(serviceStatus(interval, 120_001, '2026-10-01', 30)).toMatchObject({
      state: 'overdue',
      by: 'km',
      kmLeft: -1,
    });
  });
  it('is due soon and overdue by months, even with few km', () => {
    expect(serviceStatus(interval, 101_000, '2027-02-10', 30)).toMatchObject({
      state: 'due_soon',
      by: 'months',
      dueDate: '2027-03-01',
    });
    expect(serviceStatus(interval, 101_000, '2027-03-02', 30)).toMatchObject({
      state: 'overdue',
      by: 'months',
      daysLeft: -1,
    });
  });
  it('is unknown without an interval or a starting point', () => {
    expect(serviceStatus({ ...interval, serviceIntervalMonths: null }, null, '2027-03-02', 30).state).toBe(
      'unknown',
    );
    expect(
      serviceStatus(
        {
          serviceIntervalKm: null,
          serviceIntervalMonths: null,
          lastServiceDate: null,
          lastServiceOdometer: null,
        },
        5,
        '2027-01-01',
        30,
      ).state,
    ).toBe('unknown');
  });
});

describe('compliance problems of a driver and vehicle on a date', () => {
  const f = createFormatters({ currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' });
  const vehicle: VehicleRecord = {
    name: 'MO 4105',
    categoryName: 'Coach',
    requiredLicenceClass: 'HR',
    registrationExpiry: '2026-12-12',
    insuranceExpiry: '2027-06-30',
    inspectionDue: null,
    lastInspectionDate: '2026-07-01',
    inspectionIntervalMonths: 6,
    serviceIntervalKm: 20_000,
    serviceIntervalMonths: null,
    lastServiceDate: '2026-07-01',
    lastServiceOdometer: 100_000,
    currentOdometer: 110_000,
  };
  const check = (over: Partial<ComplianceCheck>): ComplianceCheck => ({
    date: '2026-12-20',
    today: '2026-11-28',
    schoolJob: false,
    licenceClasses: au,
    formatDate: f.serviceDate,
    driver: {
      name: 'Pat Driver',
      licenceClass: 'MR',
      licenceExpiry: '2030-01-01',
      medicalExpiry: '2030-01-01',
      childrenCheckExpiry: '2026-12-01',
      documents: [],
    },
    vehicle,
    ...over,
  });

  it('names each problem in the operator wording', () => {
    expect(complianceProblems(check({})).map((p) => p.message)).toEqual([
      'Licence MR does not cover Coach (needs HR)',
      'Registration of MO 4105 expires 12 Dec 2026',
    ]);
  });

  it('checks the working with children check only for school work', () => {
    const school = complianceProblems(check({ schoolJob: true })).map((p) => p.message);
    expect(school).toContain('Working with children check of Pat Driver expires 1 Dec 2026');
    expect(complianceProblems(check({})).map((p) => p.code)).not.toContain('children_check_expired');
  });

  it('says expired for a date already past, and warns (not refuses) an overdue service', () => {
    const problems = complianceProblems(
      check({ today: '2027-02-01', date: '2027-02-01', vehicle: { ...vehicle, currentOdometer: 121_000 } }),
    );
    expect(problems.map((p) => [p.severity, p.message])).toEqual([
      ['refusal', 'Licence MR does not cover Coach (needs HR)'],
      ['refusal', 'Registration of MO 4105 expired 12 Dec 2026'],
      ['refusal', 'Safety inspection of MO 4105 was due 1 Jan 2027'],
      ['warning', 'Service of MO 4105 overdue by 1,000 km'],
    ]);
  });

  it('finds nothing wrong with a qualified driver and a current vehicle', () => {
    const driver = { ...check({}).driver!, licenceClass: 'HC' };
    expect(
      complianceProblems(check({ driver, vehicle: { ...vehicle, registrationExpiry: '2027-12-12' } })),
    ).toEqual([]);
  });

  it('refuses a needed class when the driver has no licence class recorded', () => {
    const driver = { ...check({}).driver!, licenceClass: null };
    expect(complianceProblems(check({ driver })).map((p) => p.message)[0]).toBe(
      'No licence class recorded for Pat Driver (Coach needs HR)',
    );
  });
});

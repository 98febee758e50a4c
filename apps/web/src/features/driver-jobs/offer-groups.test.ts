import type { JobOffer } from '@dms/domain';
import { describe, expect, it } from 'vitest';
import { groupOffers } from './offer-groups';

const offer = (id: string, date: string, seriesId: string | null = null) =>
  ({ id, job: { id: `job-${id}`, serviceDate: date, seriesId } }) as unknown as JobOffer;

describe('groupOffers', () => {
  it('folds a series into one group answered by its earliest date, singles stay as they are', () => {
    const groups = groupOffers([
      offer('a', '2027-03-03', 's1'),
      offer('b', '2027-03-02'),
      offer('c', '2027-03-01', 's1'),
      offer('d', '2027-03-05', 's2'),
      offer('e', '2027-03-04', 's1'),
    ]);
    expect(groups.map((g) => [g.offer.id, g.dates])).toEqual([
      ['c', ['2027-03-01', '2027-03-03', '2027-03-04']],
      ['b', ['2027-03-02']],
      ['d', ['2027-03-05']],
    ]);
  });
});

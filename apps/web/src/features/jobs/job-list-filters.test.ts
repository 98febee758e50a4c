import { describe, expect, it } from 'vitest';
import { isFiltered, listParamsOf, pageOf, periodOf, withFilters } from './job-list-filters';

const at = (query: string) => new URLSearchParams(query);

describe('the job list filters in the address', () => {
  it('reads the period and the page, with defaults', () => {
    expect(periodOf(at(''))).toBe('all');
    expect(periodOf(at('period=week'))).toBe('week');
    expect(pageOf(at(''))).toBe(1);
    expect(pageOf(at('page=3'))).toBe(3);
    expect(pageOf(at('page=0'))).toBe(1);
    expect(pageOf(at('page=x'))).toBe(1);
  });

  it('asks the API for the filters and the page', () => {
    expect(listParamsOf(at(''), 50)).toEqual({
      driverId: undefined,
      status: undefined,
      search: undefined,
      seriesId: undefined,
      limit: 50,
      offset: 0,
    });
    expect(listParamsOf(at('period=week&driver=d1&status=draft&search=zoo&series=s1&page=2'), 50)).toEqual({
      period: 'week',
      driverId: 'd1',
      status: 'draft',
      search: 'zoo',
      seriesId: 's1',
      limit: 50,
      offset: 50,
    });
  });

  it('sends a custom range as from and to, and no period', () => {
    expect(listParamsOf(at('period=custom&from=2030-01-01&to=2030-01-31'), 50)).toMatchObject({
      from: '2030-01-01',
      to: '2030-01-31',
    });
    expect(listParamsOf(at('period=custom'), 50)).not.toHaveProperty('period');
    expect(listParamsOf(at('period=week&from=2030-01-01'), 50)).not.toHaveProperty('from');
  });

  it('knows when the list is filtered', () => {
    expect(isFiltered(at(''))).toBe(false);
    expect(isFiltered(at('page=2'))).toBe(false);
    for (const q of ['period=today', 'driver=d1', 'status=draft', 'search=zoo', 'series=s1'])
      expect(isFiltered(at(q))).toBe(true);
  });

  it('changes filters in the address, dropping empty ones and going back to page 1', () => {
    expect(withFilters(at('driver=d1&page=3'), { status: 'draft' }).toString()).toBe(
      'driver=d1&status=draft',
    );
    expect(withFilters(at('driver=d1&status=draft'), { driver: null }).toString()).toBe('status=draft');
    expect(withFilters(at('driver=d1'), { page: '2' }).toString()).toBe('driver=d1&page=2');
    expect(withFilters(at('driver=d1&page=2'), { page: null }).toString()).toBe('driver=d1');
  });

  it('leaves the address it was given alone', () => {
    const params = at('driver=d1');
    withFilters(params, { driver: null });
    expect(params.toString()).toBe('driver=d1');
  });
});

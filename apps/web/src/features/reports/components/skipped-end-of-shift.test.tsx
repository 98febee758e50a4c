// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { SkippedEndOfShift } from './skipped-end-of-shift';

const filters = { search: '', from: '', to: '' };
const key = ['/api/reports/end-of-shift/skipped', { ...filters, status: undefined, limit: 50 }];
const shift = (n: number) => ({
  id: `s${n}`,
  driverId: 'd1',
  driverName: 'Dana Driver',
  vehicle: 'BUS 1',
  startTime: '2026-11-20T06:00:00.000Z',
  endTime: '2026-11-20T14:00:00.000Z',
});

describe('SkippedEndOfShift', () => {
  it('says the count is a lower bound when it stopped counting (ADR 42)', async () => {
    renderWithApp(<SkippedEndOfShift filters={filters} />, {
      data: [
        [key, { items: [shift(1), shift(2)], total: 1050, limit: 50, offset: 0, totalIsLowerBound: true }],
      ],
    });
    expect(await screen.findByText('1,050+')).toBeInTheDocument();
    expect(screen.getByText(/Showing the newest 2 of 1,050\+/)).toBeInTheDocument();
  });

  it('gives the exact count when it counted every shift', async () => {
    renderWithApp(<SkippedEndOfShift filters={filters} />, {
      data: [[key, { items: [shift(1)], total: 1, limit: 50, offset: 0, totalIsLowerBound: false }]],
    });
    expect(await screen.findByText('1')).toBeInTheDocument();
    expect(screen.queryByText(/Showing the newest/)).not.toBeInTheDocument();
  });
});

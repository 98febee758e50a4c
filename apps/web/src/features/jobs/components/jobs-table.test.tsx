// @vitest-environment happy-dom
import type { JobSummary } from '@dms/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { JobsTable } from './jobs-table';

const job = (n: number): JobSummary => ({
  id: `job-${n}`,
  jobNumber: `J-${String(n).padStart(5, '0')}`,
  title: `School run ${n}`,
  status: 'confirmed',
  serviceDate: '2030-04-01',
  hasUpdates: 0,
  updatedAt: '2030-03-30T00:00:00.000Z',
  totalPrice: 450,
  currency: 'AUD',
  pendingRequests: 0,
  customer: { companyName: 'Northside Public School', phone: '02 9000 1111' },
  legs: [{ originAddress: 'Depot', destinationAddress: 'Museum', departureTime: '08:30' }],
  vehicles: [],
  quoteLink: null,
});

function renderTable(props: { total: number; totalIsLowerBound?: boolean; page?: number }) {
  const onPageChange = vi.fn();
  const noop = () => {};
  const view = renderWithApp(
    <JobsTable
      jobs={[job(1), job(2)]}
      total={props.total}
      totalIsLowerBound={props.totalIsLowerBound}
      page={props.page ?? 1}
      pageSize={25}
      onPageChange={onPageChange}
      onOpen={noop}
      onEdit={noop}
      onPublish={noop}
      onDelete={noop}
      onInvoice={noop}
      onShowSeries={noop}
      onSendQuote={noop}
    />,
  );
  return { ...view, onPageChange };
}

describe('JobsTable count and pages (ADR 38)', () => {
  it('says "1,000+ jobs" when the count stopped at its bound, and next goes past the pages counted', async () => {
    const { user, onPageChange } = renderTable({ total: 1000, totalIsLowerBound: true, page: 40 });
    expect(screen.getByTestId('jobs-count')).toHaveTextContent('1,000+ jobs');
    expect(screen.getAllByTestId('job-row')).toHaveLength(2);
    // Page 40 holds the 1,000th job; more match, so page 41 is offered and next is enabled.
    expect(screen.getByRole('button', { name: '41' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toBeEnabled();
    await user.click(next);
    expect(onPageChange).toHaveBeenCalledWith(41);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(39);
  });

  it('gives an exact count its last page, where next stops', () => {
    renderTable({ total: 240, page: 10 });
    expect(screen.getByTestId('jobs-count')).toHaveTextContent('240 jobs');
    expect(screen.queryByText(/\+ jobs/)).toBeNull();
    expect(screen.queryByRole('button', { name: '11' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('names a single job in the singular and shows no pages', () => {
    renderTable({ total: 1 });
    expect(screen.getByTestId('jobs-count')).toHaveTextContent(/^1 job$/);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});

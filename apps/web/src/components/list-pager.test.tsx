// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ListPager } from './list-pager';

describe('ListPager', () => {
  it('says "1,000+" when the count stopped at its bound, and offers the page past those counted', async () => {
    const onChange = vi.fn();
    renderWithApp(<ListPager total={1000} isLowerBound pageSize={50} page={20} onChange={onChange} />);
    expect(screen.getByText('1,000+ in all')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '21' }));
    expect(onChange).toHaveBeenCalledWith(21);
  });

  it('shows an exact count, and no pager for one page', () => {
    const { unmount } = renderWithApp(<ListPager total={1005} pageSize={50} page={1} onChange={() => {}} />);
    expect(screen.getByText('1,005 in all')).toBeTruthy();
    expect(screen.getByRole('button', { name: '21' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '22' })).toBeNull();
    unmount();
    renderWithApp(<ListPager total={12} pageSize={50} page={1} onChange={() => {}} />);
    expect(screen.getByText('12 in all')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

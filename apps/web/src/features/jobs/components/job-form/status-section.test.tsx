// @vitest-environment happy-dom
import type { Job } from '@dms/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialState } from '../../job-form-state';
import { choose, renderSection } from './section-harness';
import { StatusSection } from './status-section';

const job = {
  jobNumber: 'J-00042',
  status: 'confirmed',
  createdAt: '2030-04-01T00:00:00.000Z',
  updatedAt: '2030-04-02T00:00:00.000Z',
  vehicles: [],
  legs: [],
  extraCharges: [],
  discounts: [],
} as unknown as Job;

describe('StatusSection', () => {
  it('makes the number when a new job is saved', () => {
    renderSection((props) => <StatusSection {...props} job={null} />);
    expect(screen.getByRole('region', { name: 'Status and Job Number' })).toBeInTheDocument();
    const number = screen.getByRole('textbox', { name: 'Job Number' });
    expect(number).toBeDisabled();
    expect(number).toHaveAttribute('placeholder', 'Made when the job is saved');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Draft');
    expect(screen.queryByText(/last edited/)).toBeNull();
  });

  it('changes the status', async () => {
    const { user, state } = renderSection((props) => <StatusSection {...props} job={null} />);
    await choose(user, screen.getByRole('combobox', { name: 'Status' }), 'Quoted');
    expect(state().status).toBe('quoted');
  });

  it("lets a stored job's number be edited, and says when it was made and edited", async () => {
    const { user, state } = renderSection((props) => <StatusSection {...props} job={job} />, {
      state: initialState(job),
      errors: { jobNumber: 'This job number is already used by another job' },
    });
    const number = screen.getByRole('textbox', { name: 'Job Number' });
    expect(number).toHaveValue('J-00042');
    await user.clear(number);
    await user.type(number, 'SCHOOL-7');
    expect(state().jobNumber).toBe('SCHOOL-7');
    expect(screen.getByText(/^Created .* · last edited /)).toBeInTheDocument();
    expect(screen.getByText('This job number is already used by another job')).toBeInTheDocument();
  });
});

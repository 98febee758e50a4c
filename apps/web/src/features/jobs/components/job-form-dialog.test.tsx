// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import {
  CATEGORY_OPTIONS_KEY,
  customerSearchKey,
  DRIVER_OPTIONS_KEY,
  TERMS_TEMPLATES_KEY,
  VEHICLE_OPTIONS_KEY,
} from '../api';
import { JobFormDialog } from './job-form-dialog';

const empty = { items: [], total: 0, limit: 200, offset: 0 };
const data: [unknown[], unknown][] = [
  [customerSearchKey(''), { items: [] }],
  [DRIVER_OPTIONS_KEY, empty],
  [VEHICLE_OPTIONS_KEY, empty],
  [CATEGORY_OPTIONS_KEY, empty],
  [
    TERMS_TEMPLATES_KEY,
    [{ id: 't1', name: 'Standard', content: '<p>Standard terms</p>', isDefault: 1, isActive: 1 }],
  ],
];

describe('JobFormDialog', () => {
  it('asks for nothing while closed', () => {
    const { client } = renderWithApp(<JobFormDialog opened={false} job={null} onClose={() => {}} />);
    const queries = client.getQueryCache().findAll();
    // The dialog's own reads wait, disabled; the sections, which read the lists, are not mounted.
    expect(queries.filter((q) => q.state.fetchStatus !== 'idle' || q.state.status === 'error')).toEqual([]);
    const keys = queries.map((q) => q.queryKey);
    for (const list of [
      VEHICLE_OPTIONS_KEY,
      CATEGORY_OPTIONS_KEY,
      DRIVER_OPTIONS_KEY,
      customerSearchKey(''),
    ]) {
      expect(keys).not.toContainEqual(list);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on a new job with its eight sections (Repeats last), its buttons and the default terms', async () => {
    renderWithApp(<JobFormDialog opened job={null} onClose={() => {}} />, { data });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Job' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Status and Job Number',
      'Customer Details',
      'Service Details',
      'Vehicle Details',
      'Journey Details',
      'Pricing',
      'Terms and Conditions',
      'Repeats',
    ]);
    for (const name of ['Cancel', 'Save Draft', 'Create & Publish', 'Create Job']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('Standard');
  });

  it('makes a series when Repeats is on: its own buttons, no publishing of one job', async () => {
    const { user } = renderWithApp(<JobFormDialog opened job={null} onClose={() => {}} />, { data });
    await screen.findByRole('dialog', { name: 'Create New Job' });
    await user.click(screen.getByRole('switch', { name: /Repeats/ }));
    for (const name of ['Cancel', 'Save Drafts', 'Create Series']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Create & Publish' })).toBeNull();
    // Nothing is sent while the repeat has no end: the section says what is missing.
    await user.click(screen.getByRole('button', { name: 'Create Series' }));
    expect(await screen.findByText('Give the last date of the series')).toBeInTheDocument();
  });
});

// @vitest-environment happy-dom
import { COMPLIANCE_REFUSAL } from '@dms/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithApp } from '../test/render';
import { ComplianceReasonDialog, complianceRefusals } from './compliance-reason-dialog';

const refusal = (errors: { path: string; message: string }[]) =>
  new ApiError(409, JSON.stringify({ message: COMPLIANCE_REFUSAL.reasonRequired, errors }), 'Conflict');

describe('complianceRefusals', () => {
  it('reads each compliance problem of a 409, and nothing of other answers', () => {
    expect(
      complianceRefusals(
        refusal([
          { path: 'hoursOverrideReason', message: 'hours' },
          { path: 'complianceOverrideReason', message: 'Licence MR does not cover Coach (needs HR)' },
          { path: 'complianceOverrideReason', message: 'Registration of MO 4105 expires 12 Dec 2026' },
        ]),
      ),
    ).toEqual(['Licence MR does not cover Coach (needs HR)', 'Registration of MO 4105 expires 12 Dec 2026']);
    expect(complianceRefusals(refusal([{ path: 'hoursOverrideReason', message: 'hours' }]))).toBeNull();
    expect(complianceRefusals(new ApiError(400, '{}', 'Bad'))).toBeNull();
    expect(complianceRefusals(new Error('x'))).toBeNull();
  });
});

describe('ComplianceReasonDialog', () => {
  it('names each problem and goes on only with a reason', async () => {
    const confirmed: string[] = [];
    const { user } = renderWithApp(
      <ComplianceReasonDialog
        problems={['Licence MR does not cover Coach (needs HR)']}
        busy={false}
        onCancel={() => {}}
        onConfirm={(reason) => confirmed.push(reason)}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Compliance check failed' })).toBeInTheDocument();
    expect(screen.getByText('Licence MR does not cover Coach (needs HR)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allocate Anyway' }));
    expect(await screen.findByText('A reason is needed')).toBeInTheDocument();
    expect(confirmed).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Reason to allocate anyway/ }), '  HR driver sick ');
    await user.click(screen.getByRole('button', { name: 'Allocate Anyway' }));
    expect(confirmed).toEqual(['HR driver sick']);
  });
});

// @vitest-environment happy-dom
import { COMPLIANCE_REFUSAL, HOURS_MESSAGES } from '@dms/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithApp } from '../test/render';
import { AllocationReasonDialog, allocationRefusal, reasonsFor } from './allocation-reason-dialog';

const HOURS = 'Priya Sharma: Would work 12 h 30 min in 24 h (limit 12 h, over by 30 min)';
const LICENCE = 'Licence MR does not cover Coach (needs HR)';
const REGISTRATION = 'Registration of MO 4105 expires 12 Dec 2026';

/** The 409 the allocation guard answers: its words, and one error per field a reason is needed in. */
const conflict = (hours: boolean, compliance: string[]) => {
  const words = [
    ...(hours ? [`${HOURS_MESSAGES.reasonRequired} ${HOURS}`] : []),
    ...(compliance.length ? [`${COMPLIANCE_REFUSAL.reasonRequired} ${compliance.join('; ')}`] : []),
  ];
  const errors = [
    ...(hours ? [{ path: 'hoursOverrideReason', message: HOURS_MESSAGES.reasonRequired }] : []),
    ...compliance.map((message) => ({ path: 'complianceOverrideReason', message })),
  ];
  return new ApiError(409, JSON.stringify({ message: words.join(' '), errors }), 'Conflict');
};

describe('allocationRefusal', () => {
  it('reads the hours sentence and each compliance problem of one answer', () => {
    expect(allocationRefusal(conflict(true, [LICENCE, REGISTRATION]))).toEqual({
      hours: HOURS,
      compliance: [LICENCE, REGISTRATION],
    });
    expect(allocationRefusal(conflict(true, []))).toEqual({ hours: HOURS, compliance: [] });
    expect(allocationRefusal(conflict(false, [LICENCE]))).toEqual({ hours: null, compliance: [LICENCE] });
  });

  it('is null for any other error', () => {
    expect(allocationRefusal(new ApiError(409, '{"message":"Job was changed"}', 'Conflict'))).toBeNull();
    expect(allocationRefusal(new ApiError(400, '{}', 'Bad'))).toBeNull();
    expect(allocationRefusal(new Error('x'))).toBeNull();
  });

  it('sends the one reason in each field the refusal asked for', () => {
    expect(reasonsFor({ hours: HOURS, compliance: [LICENCE] }, 'Relief at noon')).toEqual({
      hoursOverrideReason: 'Relief at noon',
      complianceOverrideReason: 'Relief at noon',
    });
    expect(reasonsFor({ hours: null, compliance: [LICENCE] }, 'x')).toEqual({
      complianceOverrideReason: 'x',
    });
    expect(reasonsFor({ hours: HOURS, compliance: [] }, 'x')).toEqual({ hoursOverrideReason: 'x' });
  });
});

describe('AllocationReasonDialog', () => {
  it('shows hours and compliance together and goes on only with one reason', async () => {
    const confirmed: string[] = [];
    const { user } = renderWithApp(
      <AllocationReasonDialog
        refusal={{ hours: HOURS, compliance: [LICENCE, REGISTRATION] }}
        busy={false}
        onCancel={() => {}}
        onConfirm={(reason) => confirmed.push(reason)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Driver hours and compliance checks failed' });
    expect(within(dialog).getByTestId('hours-refusal')).toHaveTextContent(HOURS);
    expect(within(dialog).getByText(LICENCE)).toBeInTheDocument();
    expect(within(dialog).getByText(REGISTRATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Anyway' }));
    expect(await screen.findByText('A reason is needed')).toBeInTheDocument();
    expect(confirmed).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason to allocate anyway/ }),
      ' Relief at noon ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Anyway' }));
    expect(confirmed).toEqual(['Relief at noon']);
  });

  it('keeps the single check’s title when only one refused', async () => {
    renderWithApp(
      <AllocationReasonDialog
        refusal={{ hours: HOURS, compliance: [] }}
        busy={false}
        onCancel={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Driver hours would be broken' })).toBeInTheDocument();
    expect(screen.queryByTestId('compliance-refusal')).not.toBeInTheDocument();
  });
});

// @vitest-environment happy-dom
import { SERIES_CHECKS_MESSAGE } from '@dms/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { renderWithApp } from '../../../../test/render';
import { ScopeDialog, SeriesProblemsDialog, seriesDateProblems } from './series-dialogs';

const refused = (message: string, errors: { path: string; message: string }[]) =>
  new ApiError(409, JSON.stringify({ message, errors }), 'Conflict');

describe('seriesDateProblems', () => {
  it('reads each failing date of the series checks, and nothing of other answers', () => {
    expect(
      seriesDateProblems(
        refused(SERIES_CHECKS_MESSAGE, [
          { path: '2031-05-09', message: 'Medical certificate of Sam Series expires 7 May 2031' },
        ]),
      ),
    ).toEqual([{ date: '2031-05-09', problems: ['Medical certificate of Sam Series expires 7 May 2031'] }]);
    // A single job's compliance refusal is the other dialog's.
    expect(
      seriesDateProblems(refused('Compliance', [{ path: 'complianceOverrideReason', message: 'x' }])),
    ).toBeNull();
    expect(seriesDateProblems(new ApiError(400, '{}', 'Bad'))).toBeNull();
  });
});

const problems = [
  { date: '2031-05-09', problems: ['Medical certificate of Sam Series expires 7 May 2031'] },
  { date: '2031-05-12', problems: ['Medical certificate of Sam Series expires 7 May 2031'] },
];

describe('SeriesProblemsDialog', () => {
  it('lists each date and leaves the slots open when asked', async () => {
    const answers: string[] = [];
    const { user } = renderWithApp(
      <SeriesProblemsDialog
        problems={problems}
        busy={false}
        onCancel={() => answers.push('cancel')}
        onLeaveOpen={() => answers.push('open')}
        onOverride={(r) => answers.push(`override: ${r}`)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Some dates fail the checks' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '9 May 2031Medical certificate of Sam Series expires 7 May 2031',
      '12 May 2031Medical certificate of Sam Series expires 7 May 2031',
    ]);
    expect(dialog).toHaveTextContent('2 dates of this series cannot have the chosen drivers or vehicles');
    await user.click(within(dialog).getByRole('button', { name: 'Leave those slots open' }));
    expect(answers).toEqual(['open']);
  });

  it('overrides every date only with a reason', async () => {
    const answers: string[] = [];
    const { user } = renderWithApp(
      <SeriesProblemsDialog
        problems={problems}
        busy={false}
        onCancel={() => {}}
        onLeaveOpen={() => answers.push('open')}
        onOverride={(r) => answers.push(r)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Some dates fail the checks' });
    await user.click(within(dialog).getByRole('button', { name: 'Override with a reason' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Anyway' }));
    expect(within(dialog).getByText('A reason is needed')).toBeInTheDocument();
    expect(answers).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason to allocate anyway/ }),
      '  Renewal booked ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Anyway' }));
    expect(answers).toEqual(['Renewal booked']);
  });
});

describe('SeriesProblemsDialog for a "this and following" edit', () => {
  it('offers no open slots, only a reason for every date', async () => {
    const answers: string[] = [];
    const { user } = renderWithApp(
      <SeriesProblemsDialog
        problems={problems}
        busy={false}
        onCancel={() => answers.push('cancel')}
        onOverride={(r) => answers.push(`override: ${r}`)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Some dates fail the checks' });
    expect(within(dialog).queryByRole('button', { name: 'Leave those slots open' })).toBeNull();
    expect(dialog).toHaveTextContent('cancel and choose another driver or vehicle');
    await user.click(within(dialog).getByRole('button', { name: 'Override with a reason' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason to allocate anyway/ }),
      'Medical booked',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Anyway' }));
    expect(answers).toEqual(['override: Medical booked']);
  });
});

describe('ScopeDialog', () => {
  it('asks this job or this and following, and Cancel chooses neither', async () => {
    const chosen: string[] = [];
    const { user } = renderWithApp(
      <ScopeDialog
        opened
        busy={false}
        onCancel={() => chosen.push('cancel')}
        onChoose={(s) => chosen.push(s)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Save a recurring job' });
    await user.click(within(dialog).getByRole('button', { name: 'This and following' }));
    await user.click(within(dialog).getByRole('button', { name: 'This job only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(chosen).toEqual(['following', 'this', 'cancel']);
  });
});

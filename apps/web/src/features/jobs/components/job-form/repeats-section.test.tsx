// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import {
  initialRepeats,
  RepeatsSection,
  type RepeatsState,
  repeatsErrors,
  seriesRequestOf,
} from './repeats-section';

const on = (extra: Partial<RepeatsState> = {}): RepeatsState => ({
  ...initialRepeats(),
  enabled: true,
  ...extra,
});

describe('seriesRequestOf', () => {
  it('sends the weekdays as a weekly rule from the service date to the last date', () => {
    expect(seriesRequestOf(on({ until: '2030-04-10', schoolTerms: 'in' }), '2030-02-03')).toEqual({
      recurrence: {
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        start: '2030-02-03',
        until: '2030-04-10',
        count: null,
      },
      // No region: the server uses the operator's default.
      exclude: { dates: [], schoolTerms: 'in' },
    });
  });

  it('sends no region for "none" and a count instead of an end date', () => {
    const r = on({
      weekdays: ['WE'],
      interval: 2,
      ends: 'count',
      count: 6,
      holidays: 'none',
      dates: ['2030-02-12'],
    });
    expect(seriesRequestOf(r, '2030-02-05')).toEqual({
      recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', start: '2030-02-05', until: null, count: 6 },
      exclude: { dates: ['2030-02-12'], holidaysRegion: null, schoolTerms: null },
    });
  });

  it('sends nothing while the repeat is incomplete or off', () => {
    expect(seriesRequestOf(on({ until: '' }), '2030-02-03')).toBeNull();
    expect(seriesRequestOf(on({ until: '2030-03-01' }), '')).toBeNull();
    expect(seriesRequestOf({ ...on({ until: '2030-03-01' }), enabled: false }, '2030-02-03')).toBeNull();
  });
});

describe('repeatsErrors', () => {
  it('names each missing or wrong part of the repeat', () => {
    expect(repeatsErrors(on({ weekdays: [], until: '2030-01-01', interval: 0 }), '2030-02-03')).toEqual({
      repeatWeekdays: 'Choose at least one day',
      repeatInterval: 'Enter whole weeks from 1 to 52',
      repeatUntil: 'The end date must be on or after the service date',
    });
    expect(repeatsErrors(on({ ends: 'count', count: 401 }), '2030-02-03')).toEqual({
      repeatCount: 'Enter a number of jobs from 1 to 400',
    });
  });
});

function Harness({ report }: { report: (r: RepeatsState) => void }) {
  const [repeats, setRepeats] = useState(initialRepeats);
  report(repeats);
  return <RepeatsSection repeats={repeats} onChange={setRepeats} start="2030-02-04" errors={{}} />;
}

describe('RepeatsSection', () => {
  it('opens with the switch and toggles weekdays from the keyboard', async () => {
    let current = initialRepeats();
    const { user } = renderWithApp(<Harness report={(r) => (current = r)} />, {
      data: [[['/api/settings/recurring-jobs'], { horizonWeeks: 8, holidaysRegion: 'AU-NSW' }]],
    });
    expect(screen.queryByRole('group', { name: 'Weekly on' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Repeats/ }));
    expect(screen.getByRole('combobox', { name: 'Leave out public holidays of' })).toHaveValue(
      'Default (New South Wales)',
    );
    const friday = screen.getByRole('checkbox', { name: 'Friday' });
    expect(friday).toBeChecked();
    friday.focus();
    await user.keyboard(' ');
    expect(current.weekdays).toEqual(['MO', 'TU', 'WE', 'TH']);
    expect(screen.getByTestId('series-preview')).toHaveTextContent('Choose the days and the end');
  });
});

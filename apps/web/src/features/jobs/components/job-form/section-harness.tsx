import type { QueryKey } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { renderWithApp } from '../../../../test/render';
import { type FieldErrors, initialState, type JobFormState } from '../../job-form-state';
import type { JobFormSectionProps } from './form-section';

// Test support for the job form's sections (not part of the app): a section rendered as the dialog
// renders it, its changes applied to a state the test can read.

type Section = (props: JobFormSectionProps) => ReactElement;

function Harness({
  section,
  initial,
  errors,
  report,
}: {
  section: Section;
  initial: JobFormState;
  errors: FieldErrors;
  report: (state: JobFormState) => void;
}) {
  const [state, setState] = useState(initial);
  report(state);
  return section({ state, onChange: setState, errors });
}

export function renderSection(
  section: Section,
  {
    state = initialState(null),
    errors = {},
    data = [],
  }: { state?: JobFormState; errors?: FieldErrors; data?: [QueryKey, unknown][] } = {},
) {
  let current = state;
  const rendered = renderWithApp(
    <Harness section={section} initial={state} errors={errors} report={(s) => (current = s)} />,
    { data },
  );
  return { ...rendered, state: () => current };
}

/** A page of a list as the API answers it. */
export const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });

/** Picks an option of a Mantine select, as the e2e journeys do. */
export async function choose(
  user: ReturnType<typeof renderWithApp>['user'],
  select: HTMLElement,
  option: string,
): Promise<void> {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

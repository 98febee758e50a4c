import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldErrors, JobFormState, JobFormUpdate } from '../../job-form-state';

/** What every section of the job form is given: the form, a way to change it, and its messages. */
export interface JobFormSectionProps {
  state: JobFormState;
  onChange: (update: JobFormUpdate) => void;
  errors: FieldErrors;
}

/** A titled part of the form; the title names the region for assistive technology. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

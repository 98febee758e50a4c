import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { setField } from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Service details: title, date, passengers and description. */
export function ServiceSection({ state, onChange, errors }: JobFormSectionProps) {
  return (
    <FormSection title="Service Details">
      <TextInput
        label="Title"
        value={state.title}
        onChange={(e) => onChange(setField('title', e.currentTarget.value))}
        error={errors.title}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Service date"
          value={state.serviceDate}
          onChange={(e) => onChange(setField('serviceDate', e.currentTarget.value))}
          error={errors.serviceDate}
        />
        <TextInput
          label="Passengers"
          inputMode="numeric"
          value={state.paxCount}
          onChange={(e) => onChange(setField('paxCount', e.currentTarget.value))}
          error={errors.paxCount}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={state.serviceDescription}
        onChange={(e) => onChange(setField('serviceDescription', e.currentTarget.value))}
      />
    </FormSection>
  );
}

import { Select } from '@mantine/core';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { useTermsTemplates } from '../../api';
import { chooseTemplate, setField } from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Terms and conditions: a template's text to start from, edited freely. */
export function TermsSection({ state, onChange }: Omit<JobFormSectionProps, 'errors'>) {
  const templates = useTermsTemplates();
  return (
    <FormSection title="Terms and Conditions">
      <Select
        label="Template"
        data={(templates.data ?? [])
          .filter((t) => t.isActive !== 0)
          .map((t) => ({ value: t.id, label: t.name }))}
        value={state.termsTemplateId}
        clearable
        onChange={(v) => onChange(chooseTemplate(v, templates.data ?? []))}
      />
      <RichTextEditor
        label="Terms"
        value={state.termsAndConditions}
        onChange={(html) => onChange(setField('termsAndConditions', html))}
        rows={4}
      />
    </FormSection>
  );
}

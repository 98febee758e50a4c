import { type TermsTemplate, TermsTemplateInputSchema, type UpdateTermsTemplateInput } from '@dms/domain';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { validateForm } from '../../../lib/form-errors';
import { useCreateTermsTemplate, useUpdateTermsTemplate } from '../api/documents';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface TemplateValues {
  name: string;
  content: string;
  isDefault: boolean;
}

const EMPTY: TemplateValues = { name: '', content: '', isDefault: false };

/** The changed fields only (PATCH changes only what it is sent). */
function changesOf(template: TermsTemplate, values: TemplateValues): UpdateTermsTemplateInput {
  const changes: UpdateTermsTemplateInput = {};
  if (values.name.trim() !== template.name) changes.name = values.name;
  if (values.content !== template.content) changes.content = values.content;
  if ((values.isDefault ? 1 : 0) !== template.isDefault) changes.isDefault = values.isDefault ? 1 : 0;
  return changes;
}

/** Create or edit a terms and conditions template (spec 2 §4 "Terms template dialog: create or edit mode"). */
export function TermsTemplateDialog({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  /** The template being edited; null creates one. */
  template: TermsTemplate | null;
  onClose: () => void;
}) {
  const create = useCreateTermsTemplate();
  const update = useUpdateTermsTemplate();
  const form = useForm<TemplateValues>({
    initialValues: EMPTY,
    validate: (values) => validateForm(TermsTemplateInputSchema, values).errors,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    const start = template
      ? { name: template.name, content: template.content, isDefault: template.isDefault === 1 }
      : EMPTY;
    form.setValues(start);
    form.resetDirty(start);
    form.clearErrors();
  }, [opened, template?.id]);

  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (template) {
      const changes = changesOf(template, values);
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      update.mutate(
        { id: template.id, changes },
        saveHandlers('Template', 'update', onClose, { fixed: true }),
      );
    } else {
      create.mutate(
        { name: values.name, content: values.content, isDefault: values.isDefault ? 1 : 0 },
        saveHandlers('Template', 'create', onClose, { fixed: true }),
      );
    }
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={template ? 'Edit Template' : 'Add Template'}
      size="xl"
      busy={pending}
      fullScreenOnPhone
      data-testid="terms-template-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Template Name"
            placeholder="e.g. Standard Charter Terms"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <RichTextEditor
            label="Terms and Conditions"
            required
            rows={10}
            placeholder="Write or paste the terms and conditions…"
            value={form.values.content}
            onChange={(html) => form.setFieldValue('content', html)}
            error={form.errors.content}
            data-testid="terms-content-editor"
          />
          <Checkbox
            label="Default template"
            description="New jobs start with this template's text"
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
        </Stack>
        <FormActions
          submitLabel={template ? 'Save Changes' : 'Create Template'}
          loading={pending}
          onCancel={onClose}
        />
      </form>
    </FormDialog>
  );
}

import { type DocumentType, DocumentTypeInputSchema } from '@dms/domain';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { validateForm } from '../../../lib/form-errors';
import { useSaveDocumentType } from '../api/compliance';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface Values {
  name: string;
  expires: boolean;
  requiredForSchoolWork: boolean;
}

const EMPTY: Values = { name: '', expires: true, requiredForSchoolWork: false };

/** Add or edit a document type drivers hold (a first-aid certificate, a DBS check). */
export function DocumentTypeDialog({
  opened,
  documentType,
  onClose,
}: {
  opened: boolean;
  /** The type being edited; null adds one. */
  documentType: DocumentType | null;
  onClose: () => void;
}) {
  const save = useSaveDocumentType();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => validateForm(DocumentTypeInputSchema, values).errors,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      documentType
        ? {
            name: documentType.name,
            expires: documentType.expires,
            requiredForSchoolWork: documentType.requiredForSchoolWork,
          }
        : EMPTY,
    );
    form.clearErrors();
  }, [opened, documentType?.id]);

  const submit = form.onSubmit((values) => {
    const input = { ...values, name: values.name.trim(), isActive: documentType?.isActive ?? true };
    save.mutate(
      { id: documentType?.id, input },
      saveHandlers('Document type', documentType ? 'update' : 'create', onClose, {
        onFailure: (error) => form.setErrors(serverFieldErrors(error)),
      }),
    );
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={documentType ? 'Edit Document Type' : 'Add Document Type'}
      busy={save.isPending}
      fullScreenOnPhone
      data-testid="document-type-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. First aid certificate"
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Checkbox
            label="Expires"
            description="Drivers' records of this type carry an expiry date, listed on the Compliance page when due"
            {...form.getInputProps('expires', { type: 'checkbox' })}
          />
          <Checkbox
            label="Required for school work"
            description="Allocation to a school customer's job checks it is current, like the working with children check"
            {...form.getInputProps('requiredForSchoolWork', { type: 'checkbox' })}
          />
        </Stack>
        <FormActions submitLabel="Save" loading={save.isPending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}

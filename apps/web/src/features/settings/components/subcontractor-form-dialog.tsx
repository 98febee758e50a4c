import { type Subcontractor, SubcontractorInputSchema } from '@dms/domain';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForm } from '../../../lib/form-errors';
import { useCreateSubcontractor, useUpdateSubcontractor } from '../api/fleet';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface SubcontractorFormValues {
  companyName: string;
  contactName: string;
  phone: string;
  email: string;
  address: string;
}

function SubcontractorForm({ subcontractor, onDone }: { subcontractor?: Subcontractor; onDone: () => void }) {
  const create = useCreateSubcontractor();
  const update = useUpdateSubcontractor();
  const form = useForm<SubcontractorFormValues>({
    initialValues: {
      companyName: subcontractor?.companyName ?? '',
      contactName: subcontractor?.contactName ?? '',
      phone: subcontractor?.phone ?? '',
      email: subcontractor?.email ?? '',
      address: subcontractor?.address ?? '',
    },
    validate: (values) => validateForm(SubcontractorInputSchema, values).errors,
  });

  const submit = form.onSubmit((values) => {
    const input = SubcontractorInputSchema.parse(values);
    const action = subcontractor ? 'update' : 'create';
    const handlers = saveHandlers('Subcontractor', action, onDone, {
      onFailure: (error) => form.setErrors(serverFieldErrors(error)),
    });
    if (subcontractor) update.mutate({ id: subcontractor.id, input }, handlers);
    else create.mutate(input, handlers);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={subcontractor ? 'Edit subcontractor' : 'Add subcontractor'}
    >
      <Stack gap="sm">
        <TextInput label="Company Name" withAsterisk data-autofocus {...form.getInputProps('companyName')} />
        <TextInput label="Contact Name" {...form.getInputProps('contactName')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
        <FormActions
          submitLabel={subcontractor ? 'Save Changes' : 'Add Subcontractor'}
          loading={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Add or edit a subcontractor: company name, contact name, phone, email, address (spec 2 §5). */
export function SubcontractorFormDialog({
  opened,
  onClose,
  subcontractor,
}: {
  opened: boolean;
  onClose: () => void;
  subcontractor?: Subcontractor;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={subcontractor ? 'Edit Subcontractor' : 'Add Subcontractor'}
      data-testid="subcontractor-dialog"
    >
      <SubcontractorForm key={subcontractor?.id ?? 'new'} subcontractor={subcontractor} onDone={onClose} />
    </FormDialog>
  );
}

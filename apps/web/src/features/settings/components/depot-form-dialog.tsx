import { type Depot, type DepotInput, DepotInputSchema } from '@dms/domain';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForm } from '../../../lib/form-errors';
import { useCreateDepot, useUpdateDepot } from '../api/fleet';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface DepotFormValues {
  name: string;
  address: string;
}

function DepotForm({ depot, onDone }: { depot?: Depot; onDone: () => void }) {
  const create = useCreateDepot();
  const update = useUpdateDepot();
  const form = useForm<DepotFormValues>({
    initialValues: { name: depot?.name ?? '', address: depot?.address ?? '' },
    validate: (values) => validateForm(DepotInputSchema, values).errors,
  });

  const submit = form.onSubmit((values) => {
    const input: DepotInput = DepotInputSchema.parse(values);
    const action = depot ? 'update' : 'create';
    const handlers = saveHandlers('Depot', action, onDone, {
      onFailure: (error) => form.setErrors(serverFieldErrors(error)),
    });
    if (depot) update.mutate({ id: depot.id, input }, handlers);
    else create.mutate(input, handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={depot ? 'Edit depot' : 'Add depot'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Granville Depot"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Address"
          placeholder="Street, suburb, state and postcode"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('address')}
        />
        <FormActions
          submitLabel={depot ? 'Save Changes' : 'Add Depot'}
          loading={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Add or edit a depot: name and address. */
export function DepotFormDialog({
  opened,
  onClose,
  depot,
}: {
  opened: boolean;
  onClose: () => void;
  depot?: Depot;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={depot ? 'Edit Depot' : 'Add Depot'}
      data-testid="depot-dialog"
    >
      <DepotForm key={depot?.id ?? 'new'} depot={depot} onDone={onClose} />
    </FormDialog>
  );
}

import {
  DEFAULT_CATEGORY_COLOR,
  getLicenceClassSet,
  type VehicleCategory,
  type VehicleCategoryInput,
  VehicleCategoryInputSchema,
} from '@dms/domain';
import { ColorInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAppSettings } from '../../../lib/app-settings';
import { validateForm } from '../../../lib/form-errors';
import { useCreateCategory, useUpdateCategory } from '../api/fleet';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

const SWATCHES = [
  '#3b82f6',
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#dc2626',
  '#ea580c',
  '#ca8a04',
  '#16a34a',
  '#0891b2',
  '#64748b',
];

function CategoryForm({ category, onDone }: { category?: VehicleCategory; onDone: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { licenceClassSet } = useAppSettings().settings;
  const set = getLicenceClassSet(licenceClassSet);
  const classOptions: { value: string; label: string }[] = set.classes.map((c) => ({ value: c, label: c }));
  if (
    category?.requiredLicenceClass &&
    !classOptions.some((o) => o.value === category.requiredLicenceClass)
  ) {
    classOptions.push({
      value: category.requiredLicenceClass,
      label: `${category.requiredLicenceClass} (not in your set)`,
    });
  }
  const form = useForm<VehicleCategoryInput>({
    initialValues: {
      name: category?.name ?? '',
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
      requiredLicenceClass: category?.requiredLicenceClass ?? null,
    },
    validate: (values) => validateForm(VehicleCategoryInputSchema, values).errors,
  });

  const submit = form.onSubmit((values) => {
    const input = VehicleCategoryInputSchema.parse(values);
    const action = category ? 'update' : 'create';
    // Spec 2 §8: categories use the fixed failure texts.
    const handlers = saveHandlers('Category', action, onDone, {
      fixed: true,
      onFailure: (error) => form.setErrors(serverFieldErrors(error)),
    });
    if (category) update.mutate({ id: category.id, input }, handlers);
    else create.mutate(input, handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={category ? 'Edit category' : 'Add category'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Coach"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <ColorInput
          label="Colour"
          description="Pick a colour or type a hex value such as #3b82f6."
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={10}
          withEyeDropper={false}
          {...form.getInputProps('color')}
        />
        <Select
          label="Licence class needed"
          description={`A driver's licence must cover this class (${set.name}); leave empty when any licence will do.`}
          placeholder="No class needed"
          data={classOptions}
          clearable
          {...form.getInputProps('requiredLicenceClass')}
        />
        <FormActions
          submitLabel={category ? 'Save Changes' : 'Add Category'}
          loading={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Add or edit a vehicle category: name, colour (default #3b82f6, spec 2 §9) and the licence class it needs. */
export function CategoryFormDialog({
  opened,
  onClose,
  category,
}: {
  opened: boolean;
  onClose: () => void;
  category?: VehicleCategory;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={category ? 'Edit Category' : 'Add Category'}
      data-testid="category-dialog"
    >
      <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />
    </FormDialog>
  );
}

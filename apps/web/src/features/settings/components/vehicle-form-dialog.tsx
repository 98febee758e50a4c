import {
  type UpdateVehicleInput,
  type Vehicle,
  type VehicleInput,
  VehicleInputSchema,
  type VehicleType,
} from '@dms/domain';
import {
  ColorSwatch,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForm } from '../../../lib/form-errors';
import {
  useCreateVehicle,
  useDepots,
  useSubcontractors,
  useUpdateVehicle,
  useVehicleCategories,
} from '../api/fleet';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';
import { VehicleComplianceTab } from './vehicle-compliance-tab';

interface VehicleFormValues {
  registrationNumber: string;
  nickname: string;
  categoryId: string | null;
  make: string;
  model: string;
  seatedCapacity: number | string;
  standingCapacity: number | string;
  tankCapacityLitres: number | string;
  defaultDepotId: string | null;
  subcontractorId: string | null;
  extraOptions: string[];
  isActive: boolean;
}

/** The whole form of a stored vehicle, as PUT /api/vehicles/{id} wants it (it replaces every field). */
export function vehicleToInput(vehicle: Vehicle): UpdateVehicleInput {
  return {
    type: vehicle.type,
    categoryId: vehicle.categoryId ?? '',
    registrationNumber: vehicle.registrationNumber,
    nickname: vehicle.nickname,
    make: vehicle.make,
    model: vehicle.model,
    seatedCapacity: vehicle.seatedCapacity,
    standingCapacity: vehicle.standingCapacity,
    tankCapacityLitres: vehicle.tankCapacityLitres,
    extraOptions: vehicle.extraOptions,
    defaultDepotId: vehicle.defaultDepotId,
    subcontractorId: vehicle.subcontractorId,
    isActive: vehicle.isActive,
    version: vehicle.version,
  };
}

/** How a vehicle is named in buttons, dialogs and toasts. */
export function vehicleName(vehicle: Pick<Vehicle, 'nickname' | 'registrationNumber'>): string {
  if (vehicle.nickname && vehicle.registrationNumber)
    return `${vehicle.nickname} (${vehicle.registrationNumber})`;
  return vehicle.nickname ?? vehicle.registrationNumber ?? 'Unnamed vehicle';
}

function initialValues(vehicle: Vehicle | undefined, subcontractorId: string | undefined): VehicleFormValues {
  return {
    registrationNumber: vehicle?.registrationNumber ?? '',
    nickname: vehicle?.nickname ?? '',
    categoryId: vehicle?.categoryId ?? null,
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    seatedCapacity: vehicle?.seatedCapacity ?? '',
    standingCapacity: vehicle?.standingCapacity ?? '',
    tankCapacityLitres: vehicle?.tankCapacityLitres ?? '',
    defaultDepotId: vehicle?.defaultDepotId ?? null,
    subcontractorId: subcontractorId ?? vehicle?.subcontractorId ?? null,
    extraOptions: vehicle?.extraOptions ?? [],
    isActive: vehicle ? vehicle.isActive === 1 : true,
  };
}

function toInput(type: VehicleType, values: VehicleFormValues): VehicleInput {
  return {
    type,
    categoryId: values.categoryId ?? '',
    registrationNumber: values.registrationNumber,
    nickname: values.nickname,
    make: values.make,
    model: values.model,
    seatedCapacity: values.seatedCapacity,
    standingCapacity: values.standingCapacity,
    tankCapacityLitres: values.tankCapacityLitres === '' ? null : values.tankCapacityLitres,
    defaultDepotId: values.defaultDepotId,
    subcontractorId: type === 'subcontracted' ? values.subcontractorId : null,
    extraOptions: values.extraOptions,
    isActive: values.isActive ? 1 : 0,
  };
}

/** Options of a select, plus the record's current choice when it has left the active list. */
function withCurrent(
  options: { value: string; label: string }[],
  currentId: string | null | undefined,
  currentLabel: string | null | undefined,
) {
  if (!currentId || options.some((o) => o.value === currentId)) return options;
  return [...options, { value: currentId, label: `${currentLabel ?? 'Unknown'} (inactive)` }];
}

function VehicleForm({
  type,
  vehicle,
  fixedSubcontractorId,
  onDone,
}: {
  type: VehicleType;
  vehicle?: Vehicle;
  fixedSubcontractorId?: string;
  onDone: () => void;
}) {
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const categories = useVehicleCategories();
  const depots = useDepots();
  const partner = type === 'subcontracted';
  const subcontractors = useSubcontractors(undefined, { enabled: partner && !fixedSubcontractorId });
  const saving = create.isPending || update.isPending;

  const form = useForm<VehicleFormValues>({
    initialValues: initialValues(vehicle, fixedSubcontractorId),
    validate: (values) => validateForm(VehicleInputSchema, toInput(type, values)).errors,
  });

  const categoryItems = categories.data?.items ?? [];
  const categoryOptions = withCurrent(
    categoryItems.map((c) => ({ value: c.id, label: c.name })),
    vehicle?.categoryId,
    vehicle?.categoryName,
  );
  const colorOf = (id: string | null) =>
    categoryItems.find((c) => c.id === id)?.color ??
    (id === vehicle?.categoryId ? vehicle?.categoryColor : null);
  const depotOptions = withCurrent(
    (depots.data?.items ?? []).map((d) => ({ value: d.id, label: d.name })),
    vehicle?.defaultDepotId,
    vehicle?.defaultDepotName,
  );
  const subcontractorOptions = withCurrent(
    (subcontractors.data?.items ?? []).map((s) => ({ value: s.id, label: s.companyName })),
    vehicle?.subcontractorId,
    vehicle?.subcontractorName,
  );
  const selectedColor = colorOf(form.values.categoryId);

  const submit = form.onSubmit((values) => {
    const input = toInput(type, values);
    const action = vehicle ? 'update' : 'create';
    const handlers = saveHandlers('Vehicle', action, onDone, {
      onFailure: (error) => form.setErrors(serverFieldErrors(error)),
    });
    if (vehicle) {
      // An active vehicle keeps its state unless the switch changed it.
      update.mutate({ id: vehicle.id, input: { ...input, version: vehicle.version } }, handlers);
    } else {
      const { isActive: _ignored, ...created } = input;
      create.mutate(created, handlers);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={vehicle ? 'Edit vehicle' : 'Add vehicle'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Registration Number"
            placeholder="e.g. BUS-101"
            data-autofocus
            {...form.getInputProps('registrationNumber')}
          />
          <TextInput label="Nickname" placeholder="e.g. Harbour Star" {...form.getInputProps('nickname')} />
          <Select
            label="Category"
            placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
            withAsterisk
            data={categoryOptions}
            searchable
            nothingFoundMessage="No matching category"
            leftSection={
              selectedColor ? <ColorSwatch color={selectedColor} size={14} aria-hidden="true" /> : undefined
            }
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={colorOf(option.value) ?? 'transparent'} size={14} aria-hidden="true" />
                <Text size="sm">{option.label}</Text>
              </Group>
            )}
            {...form.getInputProps('categoryId')}
          />
          <Select
            label="Default Depot"
            placeholder={depots.isPending ? 'Loading depots…' : 'No default depot'}
            data={depotOptions}
            clearable
            searchable
            nothingFoundMessage="No matching depot"
            {...form.getInputProps('defaultDepotId')}
          />
          {partner && !fixedSubcontractorId && (
            <Select
              label="Subcontractor"
              placeholder={subcontractors.isPending ? 'Loading subcontractors…' : 'Choose a subcontractor'}
              withAsterisk
              data={subcontractorOptions}
              searchable
              nothingFoundMessage="No matching subcontractor"
              {...form.getInputProps('subcontractorId')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="Make" placeholder="e.g. Volvo" {...form.getInputProps('make')} />
          <TextInput label="Model" placeholder="e.g. B8R" {...form.getInputProps('model')} />
          <NumberInput
            label="Seated Capacity"
            hideControls
            placeholder="0"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('seatedCapacity')}
          />
          <NumberInput
            label="Standing Capacity"
            hideControls
            placeholder="0"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('standingCapacity')}
          />
        </SimpleGrid>
        <NumberInput
          label="Fuel tank capacity (litres)"
          description="Optional. A fuel log of more litres than this asks the driver to confirm it with a reason."
          hideControls
          placeholder="e.g. 300"
          min={0}
          max={5000}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('tankCapacityLitres')}
        />
        <TagsInput
          label="Extra Options"
          description="Features such as a wheelchair lift or Wi-Fi. Press Enter after each."
          placeholder="Add an option"
          clearable
          {...form.getInputProps('extraOptions')}
        />
        {vehicle && (
          <Switch
            label="Active"
            description="Inactive vehicles stay on past jobs but cannot be chosen for new work."
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        )}
        <FormActions
          submitLabel={vehicle ? 'Save Changes' : 'Add Vehicle'}
          loading={saving}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/**
 * Add or edit a vehicle. The type is fixed by the panel; a partner vehicle needs a subcontractor,
 * which the subcontractor's own dialog fixes too.
 */
export function VehicleFormDialog({
  opened,
  onClose,
  type,
  vehicle,
  fixedSubcontractorId,
}: {
  opened: boolean;
  onClose: () => void;
  type: VehicleType;
  vehicle?: Vehicle;
  fixedSubcontractorId?: string;
}) {
  const noun = type === 'subcontracted' ? 'Partner Vehicle' : 'Vehicle';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={vehicle ? `Edit ${noun}` : `Add ${noun}`}
      size="lg"
      data-testid="vehicle-dialog"
    >
      {vehicle ? (
        // A stored vehicle has its compliance record beside its details (issue 26).
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="compliance">Compliance</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <VehicleForm
              key={vehicle.id}
              type={type}
              vehicle={vehicle}
              fixedSubcontractorId={fixedSubcontractorId}
              onDone={onClose}
            />
          </Tabs.Panel>
          <Tabs.Panel value="compliance">
            <VehicleComplianceTab vehicleId={vehicle.id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <VehicleForm key="new" type={type} fixedSubcontractorId={fixedSubcontractorId} onDone={onClose} />
      )}
    </FormDialog>
  );
}

import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBuildingWarehouse,
  IconPlus,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { useDepotOptions } from '../../api';
import {
  addLeg,
  addReturnLeg,
  canAddReturnLeg,
  canRemoveLeg,
  moveLeg,
  removeLeg,
  setField,
  setTripDepot,
  tripStartAddress,
  updateLeg,
} from '../../job-form-state';
import { AddressInput } from './address-input';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Journey details: the driver's notes, the route link and the legs, in order. */
export function JourneySection({ state, onChange, errors }: JobFormSectionProps) {
  const customerId = state.customerMode === 'existing' ? (state.customer?.id ?? null) : null;
  const localAddress = state.customerMode === 'new' ? state.newCustomer.address : undefined;
  return (
    <FormSection title="Journey Details">
      <RichTextEditor
        label="Driver notes"
        value={state.notesDriver}
        onChange={(html) => onChange(setField('notesDriver', html))}
        placeholder="What the driver needs to know"
      />
      <TextInput
        label="Maps route link"
        placeholder="https://maps.google.com/…"
        value={state.mapsLink}
        onChange={(e) => onChange(setField('mapsLink', e.currentTarget.value))}
        error={errors.mapsLink}
      />
      <DepotPicker state={state} onChange={onChange} />
      {state.legs.map((leg, i) => (
        <Paper key={leg.key} withBorder p="sm" radius="md" data-testid="job-leg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Leg {i + 1}
              </Text>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move leg ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => onChange(moveLeg(i, i - 1))}
                >
                  <IconArrowUp size={18} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move leg ${i + 1} down`}
                  disabled={i === state.legs.length - 1}
                  onClick={() => onChange(moveLeg(i, i + 1))}
                >
                  <IconArrowDown size={18} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove leg ${i + 1}`}
                  disabled={!canRemoveLeg(state)}
                  onClick={() => onChange(removeLeg(i))}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AddressInput
                label="From"
                value={leg.originAddress}
                onChange={(address) => onChange(updateLeg(i, { originAddress: address }))}
                customerId={customerId}
                localAddress={localAddress}
              />
              <AddressInput
                label="To"
                value={leg.destinationAddress}
                onChange={(address) => onChange(updateLeg(i, { destinationAddress: address }))}
                customerId={customerId}
                localAddress={localAddress}
              />
              <TextInput
                type="time"
                label="Departure"
                value={leg.departureTime}
                onChange={(e) => onChange(updateLeg(i, { departureTime: e.currentTarget.value }))}
                error={errors[`legs.${i}.departureTime`]}
              />
              <TextInput
                type="time"
                label="Arrival"
                value={leg.arrivalTime}
                onChange={(e) => onChange(updateLeg(i, { arrivalTime: e.currentTarget.value }))}
                error={errors[`legs.${i}.arrivalTime`]}
              />
            </SimpleGrid>
            <TextInput
              label="Leg notes"
              value={leg.notes}
              onChange={(e) => onChange(updateLeg(i, { notes: e.currentTarget.value }))}
            />
          </Stack>
        </Paper>
      ))}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => onChange(addLeg)}
        >
          Add Leg
        </Button>
        <Button
          variant="light"
          leftSection={<IconRepeat size={16} aria-hidden="true" />}
          disabled={!canAddReturnLeg(state)}
          onClick={() => onChange(addReturnLeg)}
        >
          Return Journey
        </Button>
      </Group>
    </FormSection>
  );
}

/** Sets the first leg's pickup and, past one leg, the last leg's drop-off to a depot's address (issue 29). */
function DepotPicker({ state, onChange }: Pick<JobFormSectionProps, 'state' | 'onChange'>) {
  const depots = useDepotOptions();
  const active = (depots.data?.items ?? []).filter((d) => d.isActive === 1);
  const current = tripStartAddress(state);
  const chosen = active.find((d) => d.address?.trim() === current)?.id ?? null;
  const placeholder = depots.isPending
    ? 'Loading depots…'
    : depots.isError
      ? 'Depots could not be loaded'
      : active.length === 0
        ? 'No depots yet (Settings > Depots)'
        : 'Choose a depot';
  return (
    <Select
      label="Depot"
      description="The first leg starts here; with more than one leg, the last leg ends here"
      placeholder={placeholder}
      leftSection={<IconBuildingWarehouse size={16} aria-hidden="true" />}
      data={active.map((d) => ({
        value: d.id,
        label: d.address ? `${d.name} — ${d.address}` : `${d.name} (no address)`,
        disabled: !d.address,
      }))}
      value={chosen}
      disabled={active.length === 0}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(id) => {
        const address = active.find((d) => d.id === id)?.address;
        if (address) onChange(setTripDepot(address));
      }}
    />
  );
}

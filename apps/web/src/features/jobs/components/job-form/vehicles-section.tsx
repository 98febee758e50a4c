import { canChooseDriver, describeClash, type HoursWarning, type JobChecks } from '@dms/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { HoursReasonField } from '../../../../components/reason-field';
import { useCategoryOptions, useDriverOptions, useVehicleOptions } from '../../api';
import { addSlot, removeSlot, setField, updateSlot } from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

const vehicleLabel = (v: { registrationNumber: string | null; nickname: string | null }) =>
  [v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle';

/**
 * Vehicle slots: a vehicle type, then a vehicle, then its driver; with what the checks found for the
 * choices (open defects, driver hours, other bookings at the same time).
 */
export function VehiclesSection({
  state,
  onChange,
  errors,
  checks,
  hoursWarnings,
}: JobFormSectionProps & {
  /** The clash and hours check of the form as it is (undefined until it has answered). */
  checks: JobChecks | undefined;
  /** The drivers new to the job whom the hours check warns about. */
  hoursWarnings: readonly HoursWarning[];
}) {
  const vehicles = useVehicleOptions();
  const categories = useCategoryOptions();
  const drivers = useDriverOptions();
  const vehicleList = (vehicles.data?.items ?? []).filter((v) => v.isActive === 1);
  const driverList = (drivers.data?.items ?? []).filter((d) => d.isActive === 1);
  const categoryList = (categories.data?.items ?? []).filter((c) => c.isActive === 1);
  const defectiveChosen = vehicleList.filter(
    (v) => v.openDefect && state.slots.some((s) => s.vehicleId === v.id),
  );
  const clashes = checks?.clashes ?? [];

  return (
    <FormSection title="Vehicle Details">
      {state.slots.length === 0 && (
        <Text size="sm" c="dimmed">
          No vehicles yet. Add a vehicle type, then choose a vehicle and its driver.
        </Text>
      )}
      {state.slots.map((slot, i) => {
        const vehicleChoices = vehicleList.filter(
          (v) => !slot.categoryId || v.categoryId === slot.categoryId || v.id === slot.vehicleId,
        );
        const driverOpen = canChooseDriver(slot);
        return (
          <Paper key={slot.key} withBorder p="sm" radius="md" data-testid="job-slot">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  Vehicle {i + 1}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove vehicle ${i + 1}`}
                  onClick={() => onChange(removeSlot(i))}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label="Vehicle type"
                  data={categoryList.map((c) => ({ value: c.id, label: c.name }))}
                  value={slot.categoryId}
                  onChange={(v) => onChange(updateSlot(i, { categoryId: v }))}
                  error={errors[`vehicles.${i}.categoryId`]}
                  searchable
                />
                <Select
                  label="Vehicle"
                  placeholder="Choose a vehicle"
                  data={vehicleChoices.map((v) => ({
                    value: v.id,
                    label: `${vehicleLabel(v)}${v.openDefect ? ' · Defect open' : ''}`,
                  }))}
                  value={slot.vehicleId}
                  onChange={(v) => onChange(updateSlot(i, { vehicleId: v }))}
                  error={errors[`vehicles.${i}.vehicleId`]}
                  clearable
                  searchable
                />
                <Select
                  label="Driver"
                  placeholder={driverOpen ? 'Choose a driver' : 'Choose a vehicle first'}
                  disabled={!driverOpen}
                  data={driverList.map((d) => ({
                    value: d.id,
                    label: [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email,
                  }))}
                  value={slot.driverId}
                  onChange={(v) => onChange(updateSlot(i, { driverId: v }))}
                  error={errors[`vehicles.${i}.driverId`]}
                  clearable
                  searchable
                />
              </SimpleGrid>
              <TextInput
                label="Vehicle notes (shown to the customer)"
                value={slot.vehicleNotes}
                onChange={(e) => onChange(updateSlot(i, { vehicleNotes: e.currentTarget.value }))}
              />
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => onChange(addSlot(categoryList[0]?.id ?? null))}
        w="fit-content"
      >
        Add Vehicle
      </Button>
      {defectiveChosen.length > 0 && (
        <Alert color="red" title="Vehicle with an open defect" data-testid="job-defects">
          <Stack gap={2}>
            {defectiveChosen.map((v) => (
              <Text key={v.id} size="sm">
                {vehicleLabel(v)} failed an inspection ({v.openDefect?.summary}). It cannot be clocked on
                until a manager clears the defect in Settings → Company Vehicles.
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {hoursWarnings.length > 0 && (
        <Alert color="red" title="Driver hours would be broken" data-testid="job-hours">
          <Stack gap="xs">
            {hoursWarnings.map((w) => (
              <Stack key={w.driverId} gap={2}>
                <Text size="sm" fw={700}>
                  {w.driverName}
                </Text>
                {w.breaches.map((b) => (
                  <Text key={b.label} size="sm">
                    {b.label}: {b.text}
                  </Text>
                ))}
              </Stack>
            ))}
            <HoursReasonField
              value={state.hoursOverrideReason}
              onChange={(value) => onChange(setField('hoursOverrideReason', value))}
              error={errors.hoursOverrideReason}
            />
          </Stack>
        </Alert>
      )}
      {clashes.length > 0 && (
        <Alert color="yellow" title="Already booked at this time" data-testid="job-clashes">
          <Stack gap={2}>
            {clashes.map((c) => (
              <Text key={`${c.kind}-${c.vehicleId ?? c.driverId}-${c.otherJobId}`} size="sm">
                {describeClash(c)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </FormSection>
  );
}

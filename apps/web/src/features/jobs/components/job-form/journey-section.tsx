import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconRepeat, IconTrash } from '@tabler/icons-react';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import {
  addLeg,
  addReturnLeg,
  canAddReturnLeg,
  canRemoveLeg,
  moveLeg,
  removeLeg,
  setField,
  updateLeg,
} from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Journey details: the driver's notes, the route link and the legs, in order. */
export function JourneySection({ state, onChange, errors }: JobFormSectionProps) {
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
              <TextInput
                label="From"
                value={leg.originAddress}
                onChange={(e) => onChange(updateLeg(i, { originAddress: e.currentTarget.value }))}
              />
              <TextInput
                label="To"
                value={leg.destinationAddress}
                onChange={(e) => onChange(updateLeg(i, { destinationAddress: e.currentTarget.value }))}
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

import type { DispatchDay } from '@dms/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { customerOf, type PlacedBar, vehicleLabel } from '../board-rows';

/**
 * The keyboard's way to what dragging does: choose the slot's vehicle (every vehicle of the day,
 * those with an open defect marked) or its driver (the drivers free that day).
 */
export function SlotDialog({
  open,
  day,
  busy,
  onClose,
  onSave,
}: {
  open: { mode: 'vehicle' | 'driver'; placed: PlacedBar } | null;
  day: DispatchDay | undefined;
  busy: boolean;
  onClose: () => void;
  onSave: (mode: 'vehicle' | 'driver', placed: PlacedBar, id: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValue(null);
      setError(null);
    }
  }, [open]);
  const bar = open?.placed.bar;
  const vehicle = open?.mode === 'vehicle';
  const options = !open
    ? []
    : vehicle
      ? (day?.vehicles ?? [])
          .filter((v) => v.id !== bar?.vehicleId)
          .map((v) => ({
            value: v.id,
            label: `${vehicleLabel(v)}${v.openDefect ? ` (defect: ${v.openDefect.summary})` : ''}`,
          }))
      : (day?.freeDrivers ?? []).map((d) => ({ value: d.id, label: d.name }));
  const label = vehicle ? 'Vehicle' : 'Driver';
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      centered
      title={bar ? `${vehicle ? 'Vehicle' : 'Driver'} for ${bar.jobNumber}` : ''}
    >
      {bar && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!value) setError(`Choose a ${label.toLowerCase()}`);
            else if (open) onSave(open.mode, open.placed, value);
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {customerOf(bar)} · {open?.placed.details}
            </Text>
            <Select
              label={label}
              placeholder={vehicle ? 'Choose a vehicle' : 'Choose a free driver'}
              data={options}
              value={value}
              onChange={(v) => {
                setValue(v);
                setError(null);
              }}
              searchable
              nothingFoundMessage={vehicle ? 'No other vehicle' : 'No free driver on this day'}
              error={error}
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

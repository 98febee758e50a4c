import type { Vehicle } from '@dms/domain';
import { Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useClockInVehicles } from '../api';

/** Clock-in, step one (spec 1 §2): a company-owned vehicle from a radio list. */
export function VehicleDialog({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: (vehicle: Vehicle) => void;
}) {
  const query = useClockInVehicles(opened);
  const [chosen, setChosen] = useState<string | null>(null);
  const vehicles = (query.data?.items ?? []).filter((v) => v.type === 'company_owned' && v.isActive === 1);
  const vehicle = vehicles.find((v) => v.id === chosen);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Choose your vehicle"
      size="lg"
      data-testid="vehicle-dialog"
    >
      <Stack gap="md">
        {query.isPending ? (
          <Loader aria-label="Loading vehicles" />
        ) : vehicles.length === 0 ? (
          <Text>No vehicles available</Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} label="Vehicle" name="vehicle">
            <Stack gap="xs" mt="xs">
              {vehicles.map((v) => (
                <Radio.Card key={v.id} value={v.id} p="md" radius="md" mih={56} data-testid="vehicle-option">
                  <Group wrap="nowrap" gap="md">
                    <Radio.Indicator />
                    <Stack gap={0}>
                      <Text fw={600}>{[v.registrationNumber, v.nickname].filter(Boolean).join(' · ')}</Text>
                      <Text size="sm" c="dimmed">
                        {[v.categoryName, v.model].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="lg" h={56} onClick={onCancel}>
            Cancel
          </Button>
          <Button size="lg" h={56} disabled={!vehicle} onClick={() => vehicle && onConfirm(vehicle)}>
            Confirm &amp; Clock In
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

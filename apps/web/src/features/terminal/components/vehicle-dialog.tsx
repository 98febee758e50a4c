import type { Vehicle } from '@dms/domain';
import { Badge, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
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
  // Each clock-in starts with no vehicle chosen.
  useEffect(() => {
    if (opened) setChosen(null);
  }, [opened]);
  const vehicles = (query.data?.items ?? []).filter((v) => v.type === 'company_owned' && v.isActive === 1);
  // A vehicle with an open defect is listed, unavailable, with the reason (the server refuses it too).
  const vehicle = vehicles.find((v) => v.id === chosen && !v.openDefect);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Choose your vehicle"
      size="lg"
      data-testid="vehicle-dialog"
    >
      <Stack gap="md">
        {query.isPending || query.isFetching ? (
          <Loader role="status" aria-label="Loading vehicles" />
        ) : vehicles.length === 0 ? (
          <Text>No vehicles available</Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} label="Vehicle" name="vehicle">
            <Stack gap="xs" mt="xs">
              {vehicles.map((v) => (
                <Radio.Card
                  key={v.id}
                  value={v.id}
                  p="md"
                  radius="md"
                  mih={56}
                  disabled={Boolean(v.openDefect)}
                  opacity={v.openDefect ? 0.75 : 1}
                  data-testid="vehicle-option"
                  data-defective={v.openDefect ? true : undefined}
                >
                  <Group wrap="nowrap" gap="md">
                    <Radio.Indicator disabled={Boolean(v.openDefect)} />
                    <Stack gap={2}>
                      <Text fw={600}>{[v.registrationNumber, v.nickname].filter(Boolean).join(' · ')}</Text>
                      <Text size="sm" c="dimmed">
                        {[v.categoryName, v.model].filter(Boolean).join(' · ')}
                      </Text>
                      {v.openDefect && (
                        <Group gap="xs" wrap="nowrap" align="flex-start">
                          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                            Unavailable
                          </Badge>
                          <Text size="sm">Open defect: {v.openDefect.summary}</Text>
                        </Group>
                      )}
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

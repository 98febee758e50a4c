import { clockInLapsedMessage, type LapsedVehicle, type Vehicle } from '@dms/domain';
import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useClockInVehicles, useLapsedVehicles } from '../api';

/**
 * Clock-in, step one (spec 1 §2): a company-owned vehicle from a radio list. A vehicle with an open
 * defect is listed disabled; one whose registration or insurance has lapsed (issue 26) is marked, and
 * choosing it says why beside the list and keeps Confirm off: the driver learns before the inspection,
 * not from a refusal after it. The server refuses both at clock-in all the same.
 */
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
  const lapsedQuery = useLapsedVehicles(opened);
  const [chosen, setChosen] = useState<string | null>(null);
  const refusalId = useId();
  // Each clock-in starts with no vehicle chosen.
  useEffect(() => {
    if (opened) setChosen(null);
  }, [opened]);
  const vehicles = (query.data?.items ?? []).filter((v) => v.type === 'company_owned' && v.isActive === 1);
  const lapsed = new Map<string, LapsedVehicle>((lapsedQuery.data?.items ?? []).map((v) => [v.vehicleId, v]));
  const refused = chosen ? lapsed.get(chosen) : undefined;
  // A vehicle with an open defect is listed, unavailable, with the reason (the server refuses it too).
  const vehicle = vehicles.find((v) => v.id === chosen && !v.openDefect && !lapsed.has(v.id));
  const loading = query.isPending || query.isFetching || lapsedQuery.isFetching;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Choose your vehicle"
      size="lg"
      data-testid="vehicle-dialog"
    >
      <Stack gap="md">
        {loading ? (
          <Loader role="status" aria-label="Loading vehicles" />
        ) : vehicles.length === 0 ? (
          <Text>No vehicles available</Text>
        ) : (
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Vehicle"
            name="vehicle"
            aria-describedby={refused ? refusalId : undefined}
          >
            <Stack gap="xs" mt="xs">
              {vehicles.map((v) => {
                const lapses = lapsed.get(v.id)?.lapses ?? [];
                return (
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
                    data-lapsed={lapses.length ? true : undefined}
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
                        {lapses.length > 0 && (
                          <Group gap="xs" wrap="nowrap" align="flex-start">
                            <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                              Cannot be taken out
                            </Badge>
                            <Text size="sm">{lapses.map((l) => l.message).join('; ')}</Text>
                          </Group>
                        )}
                      </Stack>
                    </Group>
                  </Radio.Card>
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {refused && (
          <Alert
            id={refusalId}
            color="red"
            variant="light"
            role="alert"
            title="Choose another vehicle"
            icon={<IconAlertTriangle aria-hidden />}
            data-testid="vehicle-refusal"
          >
            {clockInLapsedMessage(refused.lapses.map((l) => l.message))}
          </Alert>
        )}
        {lapsedQuery.isError && (
          <Text size="sm" c="dimmed">
            Could not check registrations and insurance just now; they are checked when you clock in.
          </Text>
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

import type { Subcontractor } from '@dms/domain';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBus, IconMail, IconMapPin, IconPhone, IconRestore, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { InactiveBadge } from './inactive-badge';
import { RowActions } from './row-actions';

/** One detail with its icon; a missing value shows `missing`, dimmed. */
function Line({ icon, value, missing }: { icon: ReactNode; value: string | null; missing: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" lh={0} mt={3} aria-hidden="true">
        {icon}
      </Text>
      <Text
        size="sm"
        c={value ? undefined : 'dimmed'}
        style={{ minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {value ?? missing}
      </Text>
    </Group>
  );
}

/** A subcontractor: its details, vehicle count, and the manage vehicles, edit and delete actions. */
export function SubcontractorCard({
  subcontractor: s,
  onEdit,
  onDelete,
  onReactivate,
  onManageVehicles,
}: {
  subcontractor: Subcontractor;
  onEdit: () => void;
  onDelete: () => void;
  onReactivate: () => void;
  onManageVehicles: () => void;
}) {
  const inactive = s.isActive !== 1;
  return (
    <Card
      padding="md"
      component="article"
      aria-label={s.companyName}
      data-testid="subcontractor-card"
      data-inactive={inactive || undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text
            fw={650}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            c={inactive ? 'dimmed' : undefined}
          >
            {s.companyName}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {inactive && <InactiveBadge />}
            <Badge
              variant="light"
              radius="sm"
              leftSection={<IconBus size={12} aria-hidden="true" />}
              style={{ textTransform: 'none' }}
              data-testid="vehicle-count"
            >
              {s.vehicleCount} {s.vehicleCount === 1 ? 'vehicle' : 'vehicles'}
            </Badge>
          </Group>
        </Group>
        <Stack gap={4}>
          <Line icon={<IconUser size={14} />} value={s.contactName} missing="No contact name" />
          <Line icon={<IconPhone size={14} />} value={s.phone} missing="No phone" />
          <Line icon={<IconMail size={14} />} value={s.email} missing="No email" />
          <Line icon={<IconMapPin size={14} />} value={s.address} missing="No address" />
        </Stack>
        <Group justify="space-between" wrap="nowrap" mt="auto" gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconBus size={16} aria-hidden="true" />}
            onClick={onManageVehicles}
            aria-label={`Manage vehicles of ${s.companyName}`}
          >
            Manage vehicles
          </Button>
          <RowActions name={s.companyName} onEdit={onEdit} onDelete={inactive ? undefined : onDelete}>
            {inactive && (
              <Tooltip label="Reactivate">
                <ActionIcon
                  aria-label={`Reactivate ${s.companyName}`}
                  onClick={onReactivate}
                  size="lg"
                  variant="subtle"
                  color="green"
                >
                  <IconRestore size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
          </RowActions>
        </Group>
      </Stack>
    </Card>
  );
}

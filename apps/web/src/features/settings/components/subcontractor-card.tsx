import type { Subcontractor } from '@dms/domain';
import { Badge, Button, Stack } from '@mantine/core';
import { IconBus, IconMail, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import { InactiveBadge } from './inactive-badge';
import { ReactivateAction, RowActions } from './row-actions';
import { CardFooter, CardHeader, DetailLine, SettingsCard } from './settings-card';

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
    <SettingsCard name={s.companyName} data-testid="subcontractor-card" data-inactive={inactive || undefined}>
      <CardHeader
        name={s.companyName}
        inactive={inactive}
        badges={
          <>
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
          </>
        }
      />
      <Stack gap={4}>
        <DetailLine icon={<IconUser size={14} />} value={s.contactName} missing="No contact name" />
        <DetailLine icon={<IconPhone size={14} />} value={s.phone} missing="No phone" />
        <DetailLine icon={<IconMail size={14} />} value={s.email} missing="No email" />
        <DetailLine icon={<IconMapPin size={14} />} value={s.address} missing="No address" />
      </Stack>
      <CardFooter>
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
          {inactive && <ReactivateAction name={s.companyName} onClick={onReactivate} />}
        </RowActions>
      </CardFooter>
    </SettingsCard>
  );
}

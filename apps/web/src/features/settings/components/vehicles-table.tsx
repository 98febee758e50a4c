import type { Vehicle } from '@dms/domain';
import {
  ActionIcon,
  Badge,
  Card,
  ColorSwatch,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTool } from '@tabler/icons-react';
import { InactiveBadge } from './inactive-badge';
import { DASH } from './optional-text';
import { ReactivateAction, RowActions } from './row-actions';
import { vehicleName } from './vehicle-form-dialog';

function makeModel(v: Vehicle): string {
  return [v.make, v.model].filter(Boolean).join(' ') || DASH;
}

function capacity(v: Vehicle): string {
  return v.standingCapacity > 0
    ? `${v.seatedCapacity} seated + ${v.standingCapacity} standing`
    : `${v.seatedCapacity} seated`;
}

function CategoryLabel({ vehicle }: { vehicle: Vehicle }) {
  if (!vehicle.categoryName) return <Text size="sm">{DASH}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        color={vehicle.categoryColor ?? 'gray'}
        size={12}
        aria-hidden="true"
        style={{ flexShrink: 0 }}
      />
      <Text size="sm">{vehicle.categoryName}</Text>
    </Group>
  );
}

export interface VehicleRowHandlers {
  onEdit: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
  onReactivate: (vehicle: Vehicle) => void;
  /** Opens the repair note of an open defect (managers). */
  onClearDefect?: (vehicle: Vehicle) => void;
}

/** A failed inspection no manager has cleared: the vehicle must not go out. */
function DefectBadge({ vehicle }: { vehicle: Vehicle }) {
  if (!vehicle.openDefect) return null;
  return (
    <Tooltip label={vehicle.openDefect.summary} multiline maw={320}>
      <Badge color="red" variant="light" style={{ flexShrink: 0 }} data-testid="defect-badge">
        Defect
      </Badge>
    </Tooltip>
  );
}

function Actions({
  vehicle,
  onEdit,
  onDelete,
  onReactivate,
  onClearDefect,
}: { vehicle: Vehicle } & VehicleRowHandlers) {
  const name = vehicleName(vehicle);
  const inactive = vehicle.isActive !== 1;
  return (
    <RowActions
      name={name}
      onEdit={() => onEdit(vehicle)}
      onDelete={inactive ? undefined : () => onDelete(vehicle)}
    >
      {vehicle.openDefect && onClearDefect && (
        <Tooltip label="Clear defect">
          <ActionIcon
            aria-label={`Clear defect of ${name}`}
            onClick={() => onClearDefect(vehicle)}
            size="lg"
            variant="subtle"
            color="red"
          >
            <IconTool size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
      {inactive && <ReactivateAction name={name} onClick={() => onReactivate(vehicle)} />}
    </RowActions>
  );
}

/**
 * Vehicles as a table on wider screens and as cards on phones. Inactive vehicles (deactivated
 * because jobs or forms refer to them) are muted, marked, and can be reactivated.
 */
export function VehiclesTable({
  vehicles,
  showSubcontractor = false,
  label,
  ...handlers
}: {
  vehicles: Vehicle[];
  showSubcontractor?: boolean;
  /** Accessible name of the table, e.g. 'Company vehicles'. */
  label: string;
} & VehicleRowHandlers) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label} data-testid="vehicles-cards">
        {vehicles.map((v) => {
          const inactive = v.isActive !== 1;
          return (
            <Card key={v.id} role="listitem" padding="sm" data-inactive={inactive || undefined}>
              <Stack gap={4} c={inactive ? 'dimmed' : undefined}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} truncate>
                        {v.nickname ?? v.registrationNumber ?? 'Unnamed vehicle'}
                      </Text>
                      {inactive && <InactiveBadge />}
                      <DefectBadge vehicle={v} />
                    </Group>
                    {v.nickname && v.registrationNumber && (
                      <Text size="sm" ff="monospace">
                        {v.registrationNumber}
                      </Text>
                    )}
                  </Stack>
                  <Actions vehicle={v} {...handlers} />
                </Group>
                <CategoryLabel vehicle={v} />
                <Text size="sm">
                  {makeModel(v)} · {capacity(v)}
                </Text>
                <Text size="sm">Depot: {v.defaultDepotName ?? DASH}</Text>
                {v.openDefect && (
                  <Text size="sm" c="red">
                    Open defect: {v.openDefect.summary}
                  </Text>
                )}
                {showSubcontractor && <Text size="sm">Subcontractor: {v.subcontractorName ?? DASH}</Text>}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={showSubcontractor ? 860 : 760}>
      <Table aria-label={label} data-testid="vehicles-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Registration</Table.Th>
            <Table.Th>Nickname</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Make / Model</Table.Th>
            <Table.Th>Capacity</Table.Th>
            <Table.Th>Depot</Table.Th>
            {showSubcontractor && <Table.Th>Subcontractor</Table.Th>}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vehicles.map((v) => {
            const inactive = v.isActive !== 1;
            return (
              <Table.Tr key={v.id} c={inactive ? 'dimmed' : undefined} data-inactive={inactive || undefined}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {v.registrationNumber ?? DASH}
                    </Text>
                    {inactive && <InactiveBadge />}
                    <DefectBadge vehicle={v} />
                  </Group>
                </Table.Td>
                <Table.Td>{v.nickname ?? DASH}</Table.Td>
                <Table.Td>
                  <CategoryLabel vehicle={v} />
                </Table.Td>
                <Table.Td>{makeModel(v)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{v.seatedCapacity} seated</Text>
                  {v.standingCapacity > 0 && (
                    <Text size="xs" c="dimmed">
                      + {v.standingCapacity} standing
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{v.defaultDepotName ?? DASH}</Table.Td>
                {showSubcontractor && <Table.Td>{v.subcontractorName ?? DASH}</Table.Td>}
                <Table.Td>
                  <Actions vehicle={v} {...handlers} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { type Driver, formatHoursMinutes, type UserRole } from '@dms/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDots,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconShieldCheck,
  IconShieldOff,
} from '@tabler/icons-react';
import { useFormatters } from '../../../lib/use-formatters';
import { driverName } from './driver-form-dialog';
import { OptionalText } from './optional-text';

const ROLE_LABELS: Record<UserRole, string> = { manager: 'Manager', driver: 'Driver' };

/** Badges in a tight table keep their whole label. */
const BADGE_STYLE = { minWidth: 'max-content' } as const;

export interface DriverRowHandlers {
  onEdit: (driver: Driver) => void;
  onToggleActive: (driver: Driver) => void;
  onToggleManager: (driver: Driver) => void;
  /** Clears a PIN locked at the terminal after repeated wrong PINs. */
  onUnlockPin: (driver: Driver) => void;
  /** The driver whose activation is being saved (its button shows progress). */
  busyId?: string;
}

function StatusBadge({ driver }: { driver: Driver }) {
  return driver.isActive === 1 ? (
    <Badge color="green" variant="light" style={BADGE_STYLE} data-testid="driver-status">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light" style={BADGE_STYLE} data-testid="driver-status">
      Inactive
    </Badge>
  );
}

/** Whether the driver has proved the email address (shown under it). */
function Verified({ driver }: { driver: Driver }) {
  const verified = driver.emailVerified === 1;
  return (
    <Group gap={4} wrap="nowrap">
      {verified ? (
        <IconCircleCheck size={14} color="var(--mantine-color-teal-text)" aria-hidden="true" />
      ) : (
        <IconAlertCircle size={14} color="var(--mantine-color-yellow-text)" aria-hidden="true" />
      )}
      <Text size="xs" c="dimmed">
        {verified ? 'Verified' : 'Not verified'}
      </Text>
    </Group>
  );
}

function Roles({ driver }: { driver: Driver }) {
  return (
    <Group gap={4} wrap="wrap">
      {driver.roles.map((role) => (
        <Badge
          key={role}
          color={role === 'manager' ? 'grape' : 'brand'}
          variant="outline"
          size="sm"
          style={{ ...BADGE_STYLE, textTransform: 'none' }}
        >
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </Group>
  );
}

/** Work this week and the next rest the hours rules require (dispatch safety). */
function Hours({ driver }: { driver: Driver }) {
  const format = useFormatters();
  if (!driver.hours) return null;
  const { workedThisWeekMinutes, nextRest } = driver.hours;
  const due = nextRest ? new Date(nextRest.dueBy) : null;
  const now = Date.now();
  return (
    <Stack gap={0} data-testid="driver-hours">
      <Text size="sm">
        {formatHoursMinutes(Math.round(workedThisWeekMinutes), { days: false })} this week
      </Text>
      {nextRest && due && (
        <Text size="xs" c={due.getTime() <= now ? 'red' : 'dimmed'}>
          {due.getTime() <= now ? 'Rest due now' : `Rest by ${format.time(due)}`}:{' '}
          {formatHoursMinutes(nextRest.minMinutes)} ({nextRest.label})
        </Text>
      )}
    </Stack>
  );
}

function Pin({ driver }: { driver: Driver }) {
  return (
    <Group gap={6} wrap="nowrap">
      {/* A PIN is not shown once set (ADR 26): only whether there is one. */}
      <OptionalText value={driver.hasPin ? 'Set' : null} missing="No PIN" />
      {driver.pinLocked && (
        <Badge
          color="red"
          variant="light"
          size="sm"
          leftSection={<IconLock size={12} aria-hidden="true" />}
          style={BADGE_STYLE}
          data-testid="pin-locked"
        >
          Locked
        </Badge>
      )}
    </Group>
  );
}

function Actions({
  driver,
  onEdit,
  onToggleActive,
  onToggleManager,
  onUnlockPin,
  busyId,
}: { driver: Driver } & DriverRowHandlers) {
  const name = driverName(driver);
  const active = driver.isActive === 1;
  const manager = driver.roles.includes('manager');
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon
          aria-label={`Edit ${name}`}
          onClick={() => onEdit(driver)}
          size="lg"
          variant="subtle"
          color="gray"
        >
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Button
        size="xs"
        variant="outline"
        color={active ? 'red' : 'green'}
        onClick={() => onToggleActive(driver)}
        loading={busyId === driver.id}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
        miw={96}
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon aria-label={`More actions for ${name}`} size="lg" variant="subtle" color="gray">
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {driver.pinLocked && (
            <Menu.Item
              leftSection={<IconLockOpen size={16} aria-hidden="true" />}
              onClick={() => onUnlockPin(driver)}
            >
              Unlock PIN
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={
              manager ? (
                <IconShieldOff size={16} aria-hidden="true" />
              ) : (
                <IconShieldCheck size={16} aria-hidden="true" />
              )
            }
            color={manager ? 'red' : undefined}
            onClick={() => onToggleManager(driver)}
          >
            {manager ? 'Remove manager role' : 'Make manager'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Drivers as a table on wider screens and as cards on phones; inactive drivers are muted. */
export function DriversTable({ drivers, ...handlers }: { drivers: Driver[] } & DriverRowHandlers) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label="Drivers" data-testid="drivers-cards">
        {drivers.map((d) => (
          <Card key={d.id} role="listitem" padding="sm" data-inactive={d.isActive !== 1 || undefined}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate c={d.isActive === 1 ? undefined : 'dimmed'}>
                    {driverName(d)}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {d.email}
                  </Text>
                </Stack>
                <StatusBadge driver={d} />
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">PIN:</Text>
                <Pin driver={d} />
                <Verified driver={d} />
                <Roles driver={d} />
              </Group>
              <Hours driver={d} />
              <Actions driver={d} {...handlers} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table aria-label="Drivers" data-testid="drivers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>PIN</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drivers.map((d) => {
            const inactive = d.isActive !== 1;
            return (
              <Table.Tr key={d.id} c={inactive ? 'dimmed' : undefined} data-inactive={inactive || undefined}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {driverName(d)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {d.email}
                  </Text>
                  <Verified driver={d} />
                </Table.Td>
                <Table.Td>
                  <Pin driver={d} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge driver={d} />
                </Table.Td>
                <Table.Td>
                  <Roles driver={d} />
                </Table.Td>
                <Table.Td>
                  <Hours driver={d} />
                </Table.Td>
                <Table.Td>
                  <Actions driver={d} {...handlers} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { PORTAL_LABELS, type Portal } from '@dms/domain';
import { Badge, Button, Menu } from '@mantine/core';
import { IconBriefcase, IconChevronDown, type IconProps, IconSteeringWheel } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { usePortal } from '../portal-context';

const PORTAL_ICONS: Record<Portal, ComponentType<IconProps>> = {
  manager: IconBriefcase,
  driver: IconSteeringWheel,
};

/**
 * Spec 1 §2: a dropdown for multi-role users ('Manager Portal' / 'Driver Portal', 'Current' on the
 * active one); a static badge of the portal for single-role users.
 */
export function PortalSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { portal, available, multiRole, switchTo } = usePortal();
  const label = PORTAL_LABELS[portal];
  const CurrentIcon = PORTAL_ICONS[portal];

  if (!multiRole) {
    return (
      <Badge
        variant="light"
        size="lg"
        radius="sm"
        leftSection={<CurrentIcon size={14} aria-hidden="true" />}
        data-testid="portal-badge"
        style={{ textTransform: 'none' }}
      >
        {label}
      </Badge>
    );
  }

  return (
    <Menu position="bottom-start" width={fullWidth ? 'target' : 240} shadow="md" withinPortal={!fullWidth}>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-md"
          fullWidth={fullWidth}
          justify={fullWidth ? 'space-between' : undefined}
          leftSection={<CurrentIcon size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`${label}: switch portal`}
          data-testid="portal-switcher"
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="portal-menu">
        <Menu.Label>Switch portal</Menu.Label>
        {available.map((option) => {
          const Icon = PORTAL_ICONS[option];
          const current = option === portal;
          return (
            <Menu.Item
              key={option}
              leftSection={<Icon size={16} aria-hidden="true" />}
              rightSection={
                current ? (
                  <Badge size="sm" variant="filled" radius="sm" style={{ textTransform: 'none' }}>
                    Current
                  </Badge>
                ) : null
              }
              aria-current={current ? 'true' : undefined}
              onClick={() => switchTo(option)}
            >
              {PORTAL_LABELS[option]}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

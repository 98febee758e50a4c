import { Menu } from '@mantine/core';
import { IconArrowsExchange, IconExternalLink, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PlacedBar } from '../board-rows';

export type BarAction = 'vehicle' | 'driver' | 'remove-driver';

/**
 * The one menu of the board, opened on the bar that was clicked or pressed (one menu for the day,
 * not one per bar: a busy day has hundreds). Closing it gives focus back to the bar.
 */
export function BarMenu({
  open,
  onClose,
  onChoose,
}: {
  open: { placed: PlacedBar; button: HTMLButtonElement } | null;
  onClose: () => void;
  onChoose: (action: BarAction, placed: PlacedBar) => void;
}) {
  const rect = open?.button.getBoundingClientRect();
  const bar = open?.placed.bar;
  const close = () => {
    const button = open?.button;
    onClose();
    // After the menu has unmounted, so that its own focus return does not win.
    requestAnimationFrame(() => button?.isConnected && button.focus());
  };
  return (
    <Menu
      opened={open !== null}
      onChange={(o) => !o && close()}
      position="bottom-start"
      withinPortal
      trapFocus
    >
      <Menu.Target>
        {/* Stands where the bar is, so the menu opens under it. */}
        <span
          aria-hidden="true"
          style={{
            position: 'fixed',
            left: rect?.left ?? 0,
            top: rect?.top ?? 0,
            width: rect?.width ?? 0,
            height: rect?.height ?? 0,
            pointerEvents: 'none',
          }}
        />
      </Menu.Target>
      {open && bar && (
        <Menu.Dropdown aria-label={`${bar.jobNumber} actions`} data-testid="bar-menu">
          <Menu.Label>{open.placed.description.split(', ').slice(0, 2).join(' · ')}</Menu.Label>
          <Menu.Item
            component={Link}
            to={`/?job=${encodeURIComponent(bar.jobId)}`}
            leftSection={<IconExternalLink size={16} aria-hidden="true" />}
            onClick={onClose}
          >
            Open job {bar.jobNumber}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
            onClick={() => onChoose('vehicle', open.placed)}
          >
            {bar.vehicleId ? 'Move to another vehicle…' : 'Give it a vehicle…'}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserPlus size={16} aria-hidden="true" />}
            disabled={!bar.vehicleId}
            onClick={() => onChoose('driver', open.placed)}
          >
            {bar.driverId ? 'Change driver…' : 'Assign a driver…'}
          </Menu.Item>
          {bar.driverId && (
            <Menu.Item
              leftSection={<IconUserMinus size={16} aria-hidden="true" />}
              onClick={() => onChoose('remove-driver', open.placed)}
            >
              Take {bar.driverName ?? 'the driver'} off
            </Menu.Item>
          )}
        </Menu.Dropdown>
      )}
    </Menu>
  );
}

import { JOB_STATUS_COLORS, JOB_STATUS_LABELS } from '@dms/domain';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { type BoardGroup, type BoardRow, barTimes, customerOf } from '../board-rows';
import { DefectBadge } from './defect-badge';
import classes from './dispatch-board.module.css';

function VehicleJobs({ row }: { row: BoardRow }) {
  const { vehicle } = row;
  return (
    <Paper withBorder p="sm" component="section" aria-label={row.label} data-testid="dispatch-list-vehicle">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={3} fz="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {row.label}
        </Title>
        {vehicle?.openDefect && <DefectBadge summary={vehicle.openDefect.summary} />}
      </Group>
      {vehicle?.categoryName && (
        <Text size="xs" className={classes.muted}>
          {vehicle.categoryName}
        </Text>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {row.bars.map(({ bar, placement }) => (
          <li key={bar.slotId} className={classes.listItem} data-testid="dispatch-item">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {barTimes(bar, placement)}
              </Text>
              <Badge
                color={JOB_STATUS_COLORS[bar.status]}
                variant="light"
                className={classes.statusBadge}
                c="var(--mantine-color-text)"
              >
                {JOB_STATUS_LABELS[bar.status]}
              </Badge>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <b>{bar.jobNumber}</b> · {customerOf(bar)}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="sm" component="span">
                {bar.driverName ?? <span className={classes.noDriver}>No driver</span>}
              </Text>
              {bar.clash && (
                <Text size="sm" component="span" fw={600} c="var(--clash-color)">
                  <IconAlertTriangle size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: -2 }} />{' '}
                  Clash
                </Text>
              )}
              {bar.hours.length > 0 && (
                <Text
                  size="sm"
                  component="span"
                  fw={600}
                  c="var(--clash-color)"
                  title={bar.hours.map((h) => h.text).join('; ')}
                >
                  <IconClockExclamation
                    size={14}
                    stroke={2}
                    aria-hidden="true"
                    style={{ verticalAlign: -2 }}
                  />{' '}
                  Driver hours: {bar.hours.map((h) => h.label).join(', ')}
                </Text>
              )}
            </Group>
          </li>
        ))}
      </ul>
    </Paper>
  );
}

/** The phone view: for each vehicle with work, its jobs in time order; then the Unallocated slots. */
export function DispatchList({ groups }: { groups: BoardGroup[] }) {
  const rows = groups.flatMap((g) => g.rows);
  const busy = rows.filter((r) => r.bars.length > 0);
  const idle = rows.filter((r) => r.bars.length === 0 && r.vehicle).length;
  return (
    <div className={classes.list} data-testid="dispatch-list">
      {busy.map((row) => (
        <VehicleJobs key={row.key} row={row} />
      ))}
      {idle > 0 && (
        <Text size="sm" className={classes.muted}>
          {idle === 1 ? '1 other vehicle has' : `${idle} other vehicles have`} no jobs on this day.
        </Text>
      )}
    </div>
  );
}

import type { DispatchDriver } from '@dms/domain';
import { useDraggable } from '@dnd-kit/core';
import { Paper, Text, TextInput, Title } from '@mantine/core';
import { IconGripVertical, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { DragItem } from './board-dnd';
import classes from './dispatch-board.module.css';
import { LapseIcon, lapseText, useDriverLapses } from './lapse-marker';

function DriverChip({ driver }: { driver: DispatchDriver }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `driver:${driver.id}`,
    data: { kind: 'driver', driver } satisfies DragItem,
  });
  const lapses = useDriverLapses(driver.id);
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      className={`${classes.driverChip} ${isDragging ? classes.dragging : ''}`}
      title={lapses.length > 0 ? `Lapsed: ${lapseText(lapses)}` : undefined}
      data-testid="free-driver"
      data-lapsed={lapses.length > 0 ? 'true' : undefined}
    >
      <IconGripVertical size={14} aria-hidden="true" className={classes.muted} />
      <span>{driver.name}</span>
      <LapseIcon lapses={lapses} />
    </li>
  );
}

/**
 * The drivers with no work that day, to drag onto a bar. Keyboard users assign from a bar's menu,
 * which offers the same drivers; the list itself is only read.
 */
export function FreeDrivers({ drivers, total }: { drivers: DispatchDriver[]; total: number }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle ? drivers.filter((d) => d.name.toLowerCase().includes(needle)) : drivers;
  return (
    <Paper
      withBorder
      p="sm"
      component="aside"
      aria-labelledby={headingId}
      className={classes.freeDrivers}
      data-testid="free-drivers"
    >
      <Title order={3} fz="sm" id={headingId}>
        Free drivers ({total})
      </Title>
      <Text size="xs" className={classes.muted} mb={6}>
        Drag a driver onto a job, or choose one from a job's menu.
      </Text>
      {drivers.length > 8 && (
        <TextInput
          size="xs"
          mb={6}
          aria-label="Search free drivers"
          placeholder="Search"
          leftSection={<IconSearch size={14} aria-hidden="true" />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      {drivers.length === 0 ? (
        <Text size="sm">Every active driver has work on this day.</Text>
      ) : shown.length === 0 ? (
        <Text size="sm">No free driver matches “{search.trim()}”.</Text>
      ) : (
        <ul className={classes.driverList} aria-labelledby={headingId}>
          {shown.map((d) => (
            <DriverChip key={d.id} driver={d} />
          ))}
        </ul>
      )}
      {total > drivers.length && (
        <Text size="xs" className={classes.muted} mt={6}>
          Showing the first {drivers.length} by name.
        </Text>
      )}
    </Paper>
  );
}

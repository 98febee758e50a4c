import {
  hoursOf,
  shiftDuration,
  type TimesheetDay,
  type TimesheetShift,
  type TimesheetSummary,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTimesheet } from '../api/timesheets';
import { CorrectShiftButton, nameOf, ShiftBadges, useTimesheetFormat } from './timesheet-shift';

// The timesheet's opening view (issue 28): hours per driver and day from the totals alone; a day's
// shifts are read when its cell is opened, so a week costs a few kilobytes instead of every shift.

export interface OpenDay {
  driverId: string;
  name: string;
  date: string;
}

function DayFlags({ day }: { day: TimesheetDay }) {
  return (
    // Wrapping: a day column on a phone is narrower than two badges, which would otherwise be cut to "AC…".
    <Group gap={4} justify="center" wrap="wrap">
      {day.active && (
        <Badge size="xs" color="green" variant="light">
          Active
        </Badge>
      )}
      {day.corrected && (
        <Badge size="xs" color="yellow" variant="light">
          Corrected
        </Badge>
      )}
      {day.endOfShiftSkipped && (
        <Badge size="xs" color="orange" variant="light" data-testid="eos-skipped">
          Skipped
        </Badge>
      )}
    </Group>
  );
}

function dayDescription(day: TimesheetDay): string {
  const parts = [`${hoursOf(day.seconds)} h over ${day.shifts} shift${day.shifts === 1 ? '' : 's'}`];
  if (day.active) parts.push('one still active');
  if (day.corrected) parts.push('corrected');
  if (day.endOfShiftSkipped) parts.push('end-of-shift inspection skipped');
  return parts.join(', ');
}

export function TimesheetDriverGrid({
  summary,
  days,
  onOpen,
}: {
  summary: TimesheetSummary;
  days: string[];
  onOpen: (day: OpenDay) => void;
}) {
  const { dayLabel } = useTimesheetFormat();
  const perDay = new Map<string, number>();
  for (const d of summary.drivers)
    for (const day of d.days) perDay.set(day.date, (perDay.get(day.date) ?? 0) + day.seconds);
  return (
    <Table.ScrollContainer minWidth={160 + days.length * 96}>
      <Table aria-label="Hours by driver and day" data-testid="timesheet-grid" withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Driver</Table.Th>
            {days.map((d) => (
              <Table.Th key={d} scope="col" ta="center">
                {dayLabel(d, 'short')}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total (h)
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.drivers.map((row) => {
            const name = nameOf(row);
            const byDate = new Map(row.days.map((d) => [d.date, d]));
            return (
              <Table.Tr key={row.driverId} data-testid="timesheet-grid-row">
                <Table.Th scope="row" fw={600}>
                  {name}
                </Table.Th>
                {days.map((date) => {
                  const day = byDate.get(date);
                  return (
                    <Table.Td key={date} ta="center" data-testid={day ? 'timesheet-day' : undefined}>
                      {day ? (
                        <Stack gap={2} align="center">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => onOpen({ driverId: row.driverId, name, date })}
                            aria-label={`${name}, ${dayLabel(date)}: ${dayDescription(day)}. Open the shifts`}
                          >
                            {day.active && day.seconds === 0 ? 'In Progress' : hoursOf(day.seconds)}
                          </Button>
                          <DayFlags day={day} />
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          <span aria-hidden="true">—</span>
                          <VisuallyHidden>No shift</VisuallyHidden>
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td ta="right" fw={600}>
                  {hoursOf(row.seconds)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">All drivers</Table.Th>
            {days.map((d) => (
              <Table.Td key={d} ta="center" fw={600}>
                {perDay.has(d) ? hoursOf(perDay.get(d) ?? 0) : ''}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700} data-testid="timesheet-grid-total">
              {hoursOf(summary.seconds)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A shift in the day's dialog: the driver is in the title, so the line is its times and vehicle. */
function DayShift({ shift, onCorrect }: { shift: TimesheetShift; onCorrect: (s: TimesheetShift) => void }) {
  const { time } = useTimesheetFormat();
  return (
    <Group justify="space-between" gap="xs" data-testid="timesheet-day-shift">
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {time(shift.startTime)}–{time(shift.endTime)} · {shiftDuration(shift)}
          {shift.endTime ? ' h' : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {shift.vehicle ?? 'No vehicle'}
        </Text>
      </Stack>
      <Group gap={6}>
        <ShiftBadges shift={shift} />
        <CorrectShiftButton shift={shift} onCorrect={onCorrect} size="compact-sm" />
      </Group>
    </Group>
  );
}

/** One driver's shifts of one day, read when the grid's cell opens. */
export function TimesheetDayDialog({
  day,
  onClose,
  onCorrect,
}: {
  day: OpenDay | null;
  onClose: () => void;
  onCorrect: (shift: TimesheetShift) => void;
}) {
  const { dayLabel } = useTimesheetFormat();
  const query = useTimesheet(
    { startDate: day?.date ?? '', endDate: day?.date ?? '', driverId: day?.driverId ?? '' },
    day !== null,
  );
  return (
    <Modal
      opened={day !== null}
      onClose={onClose}
      title={day ? `${day.name}, ${dayLabel(day.date)}` : ''}
      size="lg"
      data-testid="timesheet-day-dialog"
    >
      {query.isPending || query.isPlaceholderData ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={28} radius="sm" />
          <Skeleton height={28} radius="sm" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" title="Could not load the shifts">
          {errorMessage(query.error, 'Try again.')}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">No shifts on this day any more.</Text>
      ) : (
        <Stack gap="sm">
          {query.data.map((s) => (
            <DayShift key={s.id} shift={s} onCorrect={onCorrect} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

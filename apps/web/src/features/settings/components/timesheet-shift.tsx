import { dateInZone, shiftState, type TimesheetShift, UNKNOWN_DRIVER } from '@dms/domain';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useFormatters } from '../../../lib/use-formatters';

// What the timesheet's views share: times in the operator's zone, a driver's name, a shift's line.

/** Times and days in the operator's locale and time zone. */
export function useTimesheetFormat() {
  const format = useFormatters();
  return {
    time: (iso: string | null) => (iso ? format.clock(iso) : '—'),
    dayLabel: (date: string, style: 'long' | 'short' = 'long') => format.dayLabel(date, style),
    today: () => dateInZone(new Date(), format.operator.timeZone),
  };
}
export const nameOf = (s: Pick<TimesheetShift, 'driver'>) =>
  [s.driver?.firstName, s.driver?.lastName].filter(Boolean).join(' ') || UNKNOWN_DRIVER;

export function StateBadge({ shift }: { shift: TimesheetShift }) {
  const state = shiftState(shift);
  return (
    <Badge color={state === 'Active' ? 'green' : 'gray'} variant="light">
      {state}
    </Badge>
  );
}

/** A clock-out without the end-of-shift inspection (allowed only when the shift carried no job, ADR 27). */
export function SkippedBadge({ shift }: { shift: TimesheetShift }) {
  if (!shift.endOfShiftSkipped) return null;
  return (
    <Badge color="orange" variant="light" size="sm" data-testid="eos-skipped">
      End-of-shift skipped
    </Badge>
  );
}

export function ShiftLine({
  shift,
  onCorrect,
}: {
  shift: TimesheetShift;
  onCorrect: (s: TimesheetShift) => void;
}) {
  const { time } = useTimesheetFormat();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" style={{ minWidth: 0 }} truncate>
        {nameOf(shift)} · {time(shift.startTime)}–{time(shift.endTime)}
      </Text>
      <Group gap={6} wrap="nowrap">
        <ShiftBadges shift={shift} />
        <CorrectShiftButton shift={shift} onCorrect={onCorrect} size="compact-xs" />
      </Group>
    </Group>
  );
}

/** Corrected, end-of-shift skipped, and Active or Completed. */
export function ShiftBadges({ shift }: { shift: TimesheetShift }) {
  return (
    <>
      {shift.corrections.length > 0 && (
        <Badge color="yellow" variant="light" size="sm">
          Corrected
        </Badge>
      )}
      <SkippedBadge shift={shift} />
      <StateBadge shift={shift} />
    </>
  );
}

/** Opens the correction dialog for a shift, named for screen readers by driver and date. */
export function CorrectShiftButton({
  shift,
  onCorrect,
  size,
}: {
  shift: TimesheetShift;
  onCorrect: (s: TimesheetShift) => void;
  size: 'xs' | 'compact-xs' | 'compact-sm';
}) {
  return (
    <Button
      size={size}
      variant="subtle"
      onClick={() => onCorrect(shift)}
      aria-label={`Correct ${nameOf(shift)}'s shift of ${shift.shiftDate}`}
    >
      Correct
    </Button>
  );
}

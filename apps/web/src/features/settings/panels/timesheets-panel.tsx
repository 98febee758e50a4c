import {
  addDays,
  hoursOf,
  periodRange,
  shiftDuration,
  type TimesheetShift,
  UNKNOWN_DRIVER,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useDrivers } from '../api/drivers';
import { OPTIONS_LIMIT } from '../api/list-page';
import { timesheetExportUrl, useCorrectShift, useTimesheet, useTimesheetSummary } from '../api/timesheets';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { type OpenDay, TimesheetDayDialog, TimesheetDriverGrid } from '../components/timesheet-driver-grid';
import {
  CorrectShiftButton,
  nameOf,
  ShiftLine,
  SkippedBadge,
  StateBadge,
  useTimesheetFormat,
} from '../components/timesheet-shift';

type View = 'drivers' | 'table' | 'daily' | 'weekly' | 'monthly';

const hours = (s: TimesheetShift) =>
  s.endTime ? (Date.parse(s.endTime) - Date.parse(s.startTime)) / 3_600_000 : 0;
/** Monday of the week of a date (spec 2 §9: weeks start on Monday). */
const mondayOf = (date: string) => periodRange('week', date).from;
/** 'YYYY-MM-DDTHH:mm' for a datetime-local input, in the browser's zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The range's hours, overall and per driver, from the shifts or from the totals. */
function Totals({
  seconds,
  shifts,
  drivers,
}: {
  seconds: number;
  shifts: number;
  drivers: { name: string; seconds: number }[];
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="timesheet-totals">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={600}>
          Total {hoursOf(seconds)} h over {shifts} shift{shifts === 1 ? '' : 's'}
        </Text>
        {drivers.map((d) => (
          <Text key={d.name} size="sm">
            {d.name}: {hoursOf(d.seconds)} h
          </Text>
        ))}
      </Group>
    </Paper>
  );
}

function totalsOfShifts(shifts: TimesheetShift[]) {
  const byDriver = new Map<string, { name: string; seconds: number }>();
  let seconds = 0;
  for (const s of shifts) {
    const entry = byDriver.get(s.driverId) ?? { name: nameOf(s), seconds: 0 };
    entry.seconds += hours(s) * 3600;
    seconds += hours(s) * 3600;
    byDriver.set(s.driverId, entry);
  }
  return { seconds, shifts: shifts.length, drivers: [...byDriver.values()] };
}

function CorrectionDialog({ shift, onClose }: { shift: TimesheetShift | null; onClose: () => void }) {
  const { time, dayLabel } = useTimesheetFormat();
  const correct = useCorrectShift();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  if (shift && shown !== shift.id) {
    setShown(shift.id);
    setStart(toLocalInput(shift.startTime));
    setEnd(toLocalInput(shift.endTime));
    setReason('');
    setError(null);
  }
  const save = () => {
    if (!shift) return;
    if (reason.trim().length < 3) {
      setError('Give the reason for the correction');
      return;
    }
    correct.mutate(
      {
        id: shift.id,
        input: {
          startTime: new Date(start).toISOString(),
          endTime: end ? new Date(end).toISOString() : null,
          reason,
        },
      },
      {
        onSuccess: () => {
          setShown(null);
          onClose();
          showToast({
            title: 'Shift corrected',
            message: 'The original times are kept with the reason.',
            tone: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, 'Failed to correct the shift')),
      },
    );
  };
  return (
    <Modal
      opened={shift !== null}
      onClose={onClose}
      title="Correct shift"
      size="lg"
      data-testid="correct-shift-dialog"
    >
      {shift && (
        <Stack gap="md">
          <Text size="sm">
            {nameOf(shift)}, {dayLabel(shift.shiftDate)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="datetime-local"
              label="Start"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              required
            />
            <TextInput
              type="datetime-local"
              label="End"
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
          />
          {shift.corrections.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h6">
                Earlier corrections
              </Title>
              {shift.corrections.map((c) => (
                <Text key={c.id} size="sm" data-testid="correction-history">
                  Was {time(c.originalStart)}–{time(c.originalEnd)}, set to {time(c.correctedStart)}–
                  {time(c.correctedEnd)} by {c.correctedByName ?? 'a manager'}: {c.reason}
                </Text>
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={correct.isPending}>
              Cancel
            </Button>
            <Button onClick={save} loading={correct.isPending}>
              Save Correction
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** /settings/timesheets (spec 2 §2.7): shifts by table, day, week and month, with corrections. */
export default function TimesheetsPanel() {
  const { time, dayLabel, today } = useTimesheetFormat();
  const week = periodRange('week', today());
  const [startDate, setStartDate] = useState(week.from);
  const [endDate, setEndDate] = useState(week.to ?? week.from);
  const [driverId, setDriverId] = useState<string | null>(null);
  const [view, setView] = useState<View>('drivers');
  const [openDay, setOpenDay] = useState<OpenDay | null>(null);
  const [correcting, setCorrecting] = useState<TimesheetShift | null>(null);
  const drivers = useDrivers({ limit: OPTIONS_LIMIT });
  const params = { startDate, endDate, ...(driverId ? { driverId } : {}) };
  // The driver grid reads only the totals; the other views read every shift of the range.
  const byDriver = view === 'drivers';
  const summary = useTimesheetSummary(params, byDriver);
  const query = useTimesheet(params, !byDriver);
  const shifts = query.data ?? [];
  const shown = byDriver ? summary : query;
  const empty = byDriver ? (summary.data?.drivers.length ?? 0) === 0 : shifts.length === 0;
  const days: string[] = [];
  for (let d = startDate; d <= endDate && days.length < 62; d = addDays(d, 1)) days.push(d);

  return (
    <>
      <SettingsPanelHeader
        title="Timesheets"
        description="Driver shifts by day, week and month, from the terminal's clock-in and clock-out"
        actions={
          <Button
            component="a"
            href={timesheetExportUrl(params)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Export CSV
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Driver"
            placeholder="All drivers"
            clearable
            searchable
            data={(drivers.data?.items ?? []).map((d) => ({
              value: d.id,
              label: [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email,
            }))}
            value={driverId}
            onChange={setDriverId}
            w={220}
          />
          <TextInput
            type="date"
            label="Start date"
            value={startDate}
            onChange={(e) => setStartDate(e.currentTarget.value)}
            w={170}
          />
          <TextInput
            type="date"
            label="End date"
            value={endDate}
            onChange={(e) => setEndDate(e.currentTarget.value)}
            w={170}
          />
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'drivers', label: 'Drivers' },
              { value: 'table', label: 'Table' },
              { value: 'daily', label: 'Daily' },
              { value: 'weekly', label: 'Weekly' },
              { value: 'monthly', label: 'Monthly' },
            ]}
          />
        </Group>

        {shown.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading" data-testid="list-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={44} radius="sm" />
            ))}
          </Stack>
        ) : shown.isError ? (
          <Alert color="red" variant="light" title="Could not load the timesheet">
            {errorMessage(shown.error, 'Check the dates and try again.')}
          </Alert>
        ) : empty ? (
          <Paper withBorder p="xl" radius="md" data-testid="list-empty">
            <Text c="dimmed" ta="center">
              No shifts in this range.
            </Text>
          </Paper>
        ) : (
          <>
            {byDriver && summary.data ? (
              <>
                <Totals
                  seconds={summary.data.seconds}
                  shifts={summary.data.shifts}
                  drivers={summary.data.drivers.map((d) => ({ name: nameOf(d), seconds: d.seconds }))}
                />
                <TimesheetDriverGrid summary={summary.data} days={days} onOpen={setOpenDay} />
              </>
            ) : (
              <Totals {...totalsOfShifts(shifts)} />
            )}
            {view === 'table' && (
              <Table.ScrollContainer minWidth={760}>
                <Table aria-label="Shifts" data-testid="timesheet-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Driver</Table.Th>
                      <Table.Th>Vehicle</Table.Th>
                      <Table.Th>Start</Table.Th>
                      <Table.Th>End</Table.Th>
                      <Table.Th>Duration (h)</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shifts.map((s) => (
                      <Table.Tr key={s.id} data-testid="timesheet-row">
                        <Table.Td>{dayLabel(s.shiftDate, 'short')}</Table.Td>
                        <Table.Td>{nameOf(s)}</Table.Td>
                        <Table.Td>{s.vehicle ?? '—'}</Table.Td>
                        <Table.Td>{time(s.startTime)}</Table.Td>
                        <Table.Td>{time(s.endTime)}</Table.Td>
                        <Table.Td>{shiftDuration(s)}</Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <StateBadge shift={s} />
                            {s.corrections.length > 0 && (
                              <Badge color="yellow" variant="light" size="sm">
                                Corrected
                              </Badge>
                            )}
                            <SkippedBadge shift={s} />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <CorrectShiftButton shift={s} onCorrect={setCorrecting} size="xs" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {view === 'daily' && (
              <Stack gap="sm">
                {days
                  .filter((d) => shifts.some((s) => s.shiftDate === d))
                  .map((d) => (
                    <Paper key={d} withBorder p="sm" radius="md">
                      <Title order={3} size="h6" mb={6}>
                        {dayLabel(d)}
                      </Title>
                      <Stack gap={4}>
                        {shifts
                          .filter((s) => s.shiftDate === d)
                          .map((s) => (
                            <ShiftLine key={s.id} shift={s} onCorrect={setCorrecting} />
                          ))}
                      </Stack>
                    </Paper>
                  ))}
              </Stack>
            )}
            {view === 'weekly' && (
              <Stack gap="sm">
                {[...new Set(days.map(mondayOf))].map((monday) => {
                  const inWeek = shifts.filter((s) => mondayOf(s.shiftDate) === monday);
                  return (
                    <Paper key={monday} withBorder p="sm" radius="md">
                      <Title order={3} size="h6" mb={6}>
                        Week of {dayLabel(monday)} · {inWeek.reduce((sum, s) => sum + hours(s), 0).toFixed(2)}{' '}
                        h
                      </Title>
                      {inWeek.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          No shifts
                        </Text>
                      ) : (
                        <Stack gap={4}>
                          {inWeek.map((s) => (
                            <ShiftLine key={s.id} shift={s} onCorrect={setCorrecting} />
                          ))}
                        </Stack>
                      )}
                    </Paper>
                  );
                })}
              </Stack>
            )}
            {view === 'monthly' && (
              <SimpleGrid cols={7} spacing={4} data-testid="timesheet-month">
                {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => (
                  <Text key={d} size="xs" fw={600} ta="center">
                    {d}
                  </Text>
                ))}
                {Array.from({ length: (new Date(`${startDate}T00:00:00Z`).getUTCDay() + 6) % 7 }, (_, i) =>
                  addDays(startDate, i - 7),
                ).map((blank) => (
                  <div key={blank} />
                ))}
                {days.map((d) => {
                  const onDay = shifts.filter((s) => s.shiftDate === d);
                  return (
                    <Paper key={d} withBorder p={4} radius="sm" mih={72}>
                      <Text size="xs" fw={600}>
                        {Number(d.slice(8))}
                      </Text>
                      {onDay.slice(0, 2).map((s) => (
                        <Text key={s.id} size="xs" truncate>
                          {s.driver?.firstName ?? UNKNOWN_DRIVER} {time(s.startTime)}
                        </Text>
                      ))}
                      {onDay.length > 2 && (
                        <Text size="xs" c="dimmed">
                          +{onDay.length - 2} more
                        </Text>
                      )}
                    </Paper>
                  );
                })}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
      <TimesheetDayDialog
        day={openDay}
        onClose={() => setOpenDay(null)}
        onCorrect={(shift) => {
          setOpenDay(null);
          setCorrecting(shift);
        }}
      />
      <CorrectionDialog shift={correcting} onClose={() => setCorrecting(null)} />
    </>
  );
}

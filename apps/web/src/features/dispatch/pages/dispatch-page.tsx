import { addDays, type DispatchBar, type DispatchDriver, dateInZone, isCalendarDate } from '@dms/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowBackUp, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AllocationReasonDialog } from '../../../components/allocation-reason-dialog';
import { useFormatters } from '../../../lib/use-formatters';
import { useDispatchDay } from '../api';
import { boardGroups, type PlacedBar } from '../board-rows';
import { type BarAction, BarMenu } from '../components/bar-menu';
import { BoardDnd, type DropTarget } from '../components/board-dnd';
import { DispatchBoard } from '../components/dispatch-board';
import classes from '../components/dispatch-board.module.css';
import { DispatchList } from '../components/dispatch-list';
import { FreeDrivers } from '../components/free-drivers';
import { LapsesProvider } from '../components/lapse-marker';
import { SlotDialog } from '../components/slot-dialog';
import { useSlotMoves } from '../use-slot-moves';

/** Phone width: a list per vehicle instead of the grid. */
const PHONE = '(max-width: 48em)';

function BoardSkeleton() {
  return (
    <Stack
      gap={6}
      role="status"
      aria-busy="true"
      aria-label="Loading the dispatch board"
      data-testid="list-loading"
    >
      <Skeleton height={32} radius="sm" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** /dispatch (issue 16): one day of vehicles and their jobs; the day is kept in the address (?date=). */
export function DispatchPage() {
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const today = dateInZone(new Date(), format.operator.timeZone);
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) ? asked : today;
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const query = useDispatchDay(date);
  const day = query.data;
  const groups = useMemo(() => (day ? boardGroups(day) : []), [day]);
  const dateLabel = format.longServiceDate(date);

  const moves = useSlotMoves(day);
  const hintId = useId();
  const [menu, setMenu] = useState<{ placed: PlacedBar; button: HTMLButtonElement } | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'vehicle' | 'driver'; placed: PlacedBar } | null>(null);
  const onOpenMenu = useCallback(
    (placed: PlacedBar, button: HTMLButtonElement) => setMenu({ placed, button }),
    [],
  );
  const actions = useMemo(() => ({ hintId, onOpenMenu }), [hintId, onOpenMenu]);

  const moveToVehicle = (bar: DispatchBar, vehicleId: string) =>
    moves.move({
      bar,
      to: { vehicleId, driverId: bar.driverId },
      summary: `${bar.jobNumber} moved to ${moves.vehicleName(vehicleId)}`,
    });
  const assignDriver = (bar: DispatchBar, driver: Pick<DispatchDriver, 'id' | 'name'>) =>
    moves.move({
      bar,
      to: { vehicleId: bar.vehicleId, driverId: driver.id },
      summary: bar.driverName
        ? `${driver.name} replaces ${bar.driverName} on ${bar.jobNumber}`
        : `${driver.name} assigned to ${bar.jobNumber}`,
    });
  const onMenuChoice = (action: BarAction, placed: PlacedBar) => {
    setMenu(null);
    if (action === 'remove-driver') {
      const { bar } = placed;
      moves.move({
        bar,
        to: { vehicleId: bar.vehicleId, driverId: null },
        summary: `${bar.driverName ?? 'The driver'} taken off ${bar.jobNumber}`,
      });
    } else {
      setDialog({ mode: action, placed });
    }
  };
  const targetName = (target: DropTarget) =>
    target.kind === 'row' ? moves.vehicleName(target.vehicleId) : target.bar.jobNumber;

  // Ctrl+Z (⌘Z) undoes the last move, unless the keys are typing into a field or a dialog is open.
  const { undo } = moves;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.key.toLowerCase() !== 'z') return;
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      e.preventDefault();
      undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  const go = (next: string) => {
    if (isCalendarDate(next)) setParams({ date: next }, { replace: true });
  };

  const jobs = new Set(day?.bars.map((b) => b.jobId)).size;
  const clashes = day?.bars.filter((b) => b.clash).length ?? 0;
  const overHours = day?.bars.filter((b) => b.hours.length > 0).length ?? 0;
  const open = day?.bars.filter((b) => !b.driverId).length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="h3" data-testid="dispatch-date">
            {dateLabel}
          </Title>
          {day && day.date === date && day.bars.length > 0 && (
            <Text size="sm" data-testid="dispatch-summary">
              {jobs === 1 ? '1 job' : `${jobs} jobs`}
              {open > 0 && ` · ${open === 1 ? '1 slot' : `${open} slots`} without a driver`}
              {clashes > 0 && ` · ${clashes === 1 ? '1 clash' : `${clashes} clashes`}`}
              {overHours > 0 &&
                ` · ${overHours === 1 ? '1 driver hours warning' : `${overHours} driver hours warnings`}`}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {moves.last && !phone && (
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
              onClick={moves.undo}
              loading={moves.busy}
              title="Ctrl+Z"
              data-testid="dispatch-undo"
            >
              Undo
              <VisuallyHidden>: {moves.last.summary}</VisuallyHidden>
            </Button>
          )}
          <ActionIcon size="lg" aria-label="Previous day" onClick={() => go(addDays(date, -1))}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => go(today)} disabled={date === today}>
            Today
          </Button>
          <ActionIcon size="lg" aria-label="Next day" onClick={() => go(addDays(date, 1))}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
          <TextInput
            type="date"
            aria-label="Date"
            value={date}
            onChange={(e) => go(e.currentTarget.value)}
            w={160}
            data-testid="dispatch-date-input"
          />
        </Group>
      </Group>

      {query.isPending ? (
        <BoardSkeleton />
      ) : query.isError && !day ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title="Could not load the dispatch board"
        >
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Retry
          </Button>
        </Alert>
      ) : day && day.bars.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="list-empty" aria-busy={query.isPlaceholderData}>
          <Text ta="center">No jobs on this day.</Text>
        </Paper>
      ) : (
        <div
          aria-busy={query.isPlaceholderData}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {phone ? (
            <DispatchList groups={groups} />
          ) : (
            day && (
              <BoardDnd
                onDropBar={(bar, vehicleId) => moveToVehicle(bar, vehicleId)}
                onDropDriver={(driver, bar) => assignDriver(bar, driver)}
                targetName={targetName}
              >
                <LapsesProvider lapses={day.lapses}>
                  <div className={classes.workspace}>
                    <DispatchBoard date={day.date} dateLabel={dateLabel} groups={groups} actions={actions} />
                    <FreeDrivers drivers={day.freeDrivers} total={day.freeDriversTotal} />
                  </div>
                </LapsesProvider>
              </BoardDnd>
            )
          )}
        </div>
      )}
      <VisuallyHidden id={hintId}>
        Press Enter for this job's actions: move it to another vehicle, or assign a driver.
      </VisuallyHidden>
      <BarMenu open={menu} onClose={() => setMenu(null)} onChoose={onMenuChoice} />
      <SlotDialog
        open={dialog}
        day={day}
        busy={moves.busy}
        onClose={() => setDialog(null)}
        onSave={(mode, placed, id) => {
          setDialog(null);
          if (mode === 'vehicle') moveToVehicle(placed.bar, id);
          else assignDriver(placed.bar, { id, name: moves.driverName(id) ?? 'Driver' });
        }}
      />
      <AllocationReasonDialog
        refusal={moves.refused?.refusal ?? null}
        busy={moves.busy}
        onCancel={moves.cancelRefusal}
        onConfirm={(reason) => moves.refused?.retry(reason)}
      />
    </Stack>
  );
}

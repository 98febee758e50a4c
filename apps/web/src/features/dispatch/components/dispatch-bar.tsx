import { DISPATCH_STEP_MINUTES, JOB_STATUS_COLORS, minutesOfDay } from '@dms/domain';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { type CSSProperties, memo } from 'react';
import { customerOf, type PlacedBar } from '../board-rows';
import type { DragItem, DropTarget } from './board-dnd';
import classes from './dispatch-board.module.css';
import { LapseIcon, lapseText, useDriverLapses } from './lapse-marker';

const DAY_MINUTES = 24 * 60;

/** Where each leg sits inside the bar, as percentages of the bar's width. */
function legSegments({ bar, placement }: PlacedBar): { key: number; left: number; width: number }[] {
  if (placement.wholeDay) return [];
  const from = (placement.columnStart - 1) * DISPATCH_STEP_MINUTES;
  const span = (placement.columnEnd - placement.columnStart) * DISPATCH_STEP_MINUTES;
  const segments: { key: number; left: number; width: number }[] = [];
  for (const leg of bar.legs) {
    const departure = minutesOfDay(leg.departureTime);
    const arrival = minutesOfDay(leg.arrivalTime);
    if (departure === null || arrival === null) continue;
    const end = arrival < departure ? DAY_MINUTES : arrival;
    const left = Math.max(0, ((departure - from) / span) * 100);
    const right = Math.min(100, ((end - from) / span) * 100);
    if (right > left) segments.push({ key: leg.legNumber, left, width: right - left });
  }
  return segments;
}

/** Where a bar sits on its row's grid. */
const gridPlace = ({ placement, lane }: PlacedBar): CSSProperties => ({
  gridColumn: `${placement.columnStart + 1} / ${placement.columnEnd + 1}`,
  gridRow: lane + 1,
});

/** Over a bar while a driver is dragged: dropping there gives the slot that driver. */
export function BarDropZone({ placed }: { placed: PlacedBar }) {
  const { setNodeRef, isOver } = useDroppable({
    id: `bar:${placed.bar.slotId}`,
    data: { kind: 'bar-target', bar: placed.bar } satisfies DropTarget,
  });
  return (
    <div
      ref={setNodeRef}
      aria-hidden="true"
      className={`${classes.barDropZone} ${isOver ? classes.dropOnBar : ''}`}
      style={gridPlace(placed)}
    />
  );
}

/**
 * One vehicle slot of a job on the board: a focusable button placed on the row's grid. It opens
 * the job's menu, drags onto another vehicle's row, and takes a driver dropped onto it.
 */
export const DispatchBarButton = memo(function DispatchBarButton({
  placed,
  hintId,
  onOpenMenu,
}: {
  placed: PlacedBar;
  /** The shared 'press Enter for actions' hint. */
  hintId: string;
  onOpenMenu: (placed: PlacedBar, button: HTMLButtonElement) => void;
}) {
  const { bar, description, details } = placed;
  // The driver's lapsed records on the day; the vehicle's are marked on its row.
  const lapses = useDriverLapses(bar.driverId);
  const drag = useDraggable({
    id: `slot:${bar.slotId}`,
    data: { kind: 'bar', bar } satisfies DragItem,
  });
  const color = JOB_STATUS_COLORS[bar.status];
  const style = {
    ...gridPlace(placed),
    '--bar-bg': `var(--mantine-color-${color}-light)`,
    '--bar-hover': `var(--mantine-color-${color}-light-hover)`,
    '--bar-accent': `var(--mantine-color-${color}-filled)`,
  } as CSSProperties;
  return (
    <button
      ref={drag.setNodeRef}
      type="button"
      {...drag.listeners}
      aria-describedby={hintId}
      aria-haspopup="menu"
      onClick={(e) => onOpenMenu(placed, e.currentTarget)}
      className={[classes.bar, bar.clash ? classes.clash : '', drag.isDragging ? classes.dragging : ''].join(
        ' ',
      )}
      style={style}
      title={[
        description,
        bar.hours.length > 0 && `driver hours: ${bar.hours.map((h) => h.text).join('; ')}`,
        lapses.length > 0 && `lapsed: ${lapseText(lapses)}`,
      ]
        .filter(Boolean)
        .join('; ')}
      data-testid="dispatch-bar"
      data-status={bar.status}
      data-clash={bar.clash ? 'true' : undefined}
      data-hours={bar.hours.length > 0 ? 'true' : undefined}
      data-lapsed={lapses.length > 0 ? 'true' : undefined}
    >
      <span className={classes.barLines}>
        <span className={classes.barLine}>
          {bar.clash && (
            <>
              <IconAlertTriangle size={13} stroke={2} className={classes.clashIcon} aria-hidden="true" />
              <span className={classes.srOnly}>Clash</span>
            </>
          )}
          {bar.hours.length > 0 && (
            <IconClockExclamation size={13} stroke={2} className={classes.clashIcon} aria-hidden="true" />
          )}
          <span className={classes.barText}>
            <span className={classes.jobNumber}>{bar.jobNumber}</span> · {customerOf(bar)}
          </span>
        </span>
        <span className={classes.barLine}>
          <span className={classes.srOnly}> · </span>
          <LapseIcon lapses={lapses} />
          {bar.driverName ? (
            <span className={classes.barText}>{bar.driverName}</span>
          ) : (
            <span className={classes.noDriver}>No driver</span>
          )}
        </span>
      </span>
      {/* The name is the visible text, then what only a screen reader needs (status, times, vehicle).
          Plain spans, not Mantine's VisuallyHidden: a day draws 400 bars. */}
      <span className={classes.srOnly}>
        , {details}
        {bar.hours.length > 0 && `, driver hours broken: ${bar.hours.map((h) => h.text).join('; ')}`}
      </span>
      <span className={classes.legs} aria-hidden="true">
        {legSegments(placed).map((s) => (
          <span key={s.key} className={classes.leg} style={{ left: `${s.left}%`, width: `${s.width}%` }} />
        ))}
      </span>
    </button>
  );
});

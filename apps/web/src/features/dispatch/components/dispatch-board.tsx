import { minutesOfDay } from '@dms/domain';
import { useDroppable } from '@dnd-kit/core';
import { useEffect, useId, useRef } from 'react';
import type { BoardGroup, BoardRow, PlacedBar } from '../board-rows';
import { type DropTarget, useDragging } from './board-dnd';
import { DefectBadge } from './defect-badge';
import { BarDropZone, DispatchBarButton } from './dispatch-bar';
import classes from './dispatch-board.module.css';
import { LapseBadge, useVehicleLapses } from './lapse-marker';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

interface BarActions {
  hintId: string;
  onOpenMenu: (placed: PlacedBar, button: HTMLButtonElement) => void;
}

/** The whole row, while a bar is dragged: dropping there moves the slot to this vehicle. */
function RowDropZone({ vehicleId }: { vehicleId: string }) {
  const { setNodeRef, isOver } = useDroppable({
    id: `row:${vehicleId}`,
    data: { kind: 'row', vehicleId } satisfies DropTarget,
  });
  return (
    <div
      ref={setNodeRef}
      aria-hidden="true"
      className={`${classes.rowDropZone} ${isOver ? classes.dropOnRow : ''}`}
    />
  );
}

function VehicleRow({ row, actions }: { row: BoardRow; actions: BarActions }) {
  const { vehicle } = row;
  const dragging = useDragging();
  const lapses = useVehicleLapses(vehicle?.id);
  return (
    <div
      className={[classes.grid, classes.row, vehicle ? '' : classes.unallocatedRow].join(' ')}
      style={{ gridTemplateRows: `repeat(${row.laneCount}, var(--lane-height))` }}
      data-testid="dispatch-row"
    >
      <div className={classes.vehicle}>
        <span className={classes.vehicleName}>{row.label}</span>
        <span className={`${classes.vehicleMeta} ${classes.muted}`}>
          {vehicle ? (
            <>
              {vehicle.categoryName && (
                <span className={classes.vehicleCategory}>{vehicle.categoryName}</span>
              )}
              {vehicle.openDefect && <DefectBadge summary={vehicle.openDefect.summary} />}
              <LapseBadge lapses={lapses} />
            </>
          ) : (
            <span>
              {row.bars.length === 0
                ? 'Every slot has a vehicle'
                : row.bars.length === 1
                  ? '1 slot without a vehicle'
                  : `${row.bars.length} slots without a vehicle`}
            </span>
          )}
        </span>
      </div>
      <div className={classes.track} aria-hidden="true" />
      {/* The Unallocated row takes no drops (ADR 0018). */}
      {dragging === 'bar' && vehicle && <RowDropZone vehicleId={vehicle.id} />}
      {dragging === 'driver' &&
        row.bars.map((placed) => <BarDropZone key={placed.bar.slotId} placed={placed} />)}
      {row.bars.map((placed) => (
        <DispatchBarButton
          key={placed.bar.slotId}
          placed={placed}
          hintId={actions.hintId}
          onOpenMenu={actions.onOpenMenu}
        />
      ))}
    </div>
  );
}

function Group({ group, actions }: { group: BoardGroup; actions: BarActions }) {
  const id = useId();
  if (group.title === null) {
    return group.rows.map((row) => <VehicleRow key={row.key} row={row} actions={actions} />);
  }
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={classes.groupHeading}>
        {group.title}
      </h3>
      {group.rows.map((row) => (
        <VehicleRow key={row.key} row={row} actions={actions} />
      ))}
    </section>
  );
}

/**
 * The desktop board: a row per vehicle, the 24 hours of the day across. It scrolls sideways within
 * itself on narrow screens, and opens on the hour before the day's first departure.
 */
export function DispatchBoard({
  date,
  dateLabel,
  groups,
  actions,
}: {
  date: string;
  dateLabel: string;
  groups: BoardGroup[];
  actions: BarActions;
}) {
  const scroller = useRef<HTMLElement>(null);
  const firstStart = Math.min(
    ...groups.flatMap((g) => g.rows.flatMap((r) => r.bars.map((b) => minutesOfDay(b.bar.start) ?? 24 * 60))),
  );

  // A new day opens on its first hour of work (or 06:00 on a day of whole-day jobs only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the day changes
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const hour = Number.isFinite(firstStart) && firstStart < 24 * 60 ? Math.floor(firstStart / 60) - 1 : 6;
    const vehicleWidth = el.querySelector<HTMLElement>(`.${classes.corner}`)?.offsetWidth ?? 0;
    const hourWidth = (el.scrollWidth - vehicleWidth) / 24;
    el.scrollLeft = Math.max(0, hour) * hourWidth;
  }, [date]);

  return (
    <section
      ref={scroller}
      className={classes.scroller}
      aria-label={`Dispatch board for ${dateLabel}`}
      data-testid="dispatch-board"
    >
      <div className={classes.board}>
        <div className={`${classes.grid} ${classes.axis}`} aria-hidden="true">
          <div className={classes.corner}>Vehicle</div>
          {HOURS.map((h) => (
            <div key={h} className={classes.hour} style={{ gridColumn: `${h * 4 + 2} / span 4` }}>
              {hourLabel(h)}
            </div>
          ))}
        </div>
        {groups.map((group) => (
          <Group key={group.key} group={group} actions={actions} />
        ))}
      </div>
    </section>
  );
}

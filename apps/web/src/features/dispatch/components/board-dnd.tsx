import type { DispatchBar, DispatchDriver } from '@dms/domain';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { customerOf } from '../board-rows';
import classes from './dispatch-board.module.css';

// Dragging on the board (issue 16): a bar onto another vehicle's row moves the slot there; a driver
// from the side list onto a bar gives the slot that driver. Only the mouse and touch drag: keyboard
// users have the same moves in each bar's menu, so there is no keyboard sensor to learn.

/** What is being dragged: `data` of useDraggable. */
export type DragItem = { kind: 'bar'; bar: DispatchBar } | { kind: 'driver'; driver: DispatchDriver };

/**
 * What is being dragged, for the drop zones: they mount only during a drag of their kind. A
 * droppable registers itself with a state update, and a day of 400 bars and 150 rows would draw
 * twice on every load for zones that wait for a drag most of the time.
 */
const DraggingContext = createContext<DragItem['kind'] | null>(null);
export const useDragging = () => useContext(DraggingContext);

/** Where it may land: `data` of useDroppable. */
export type DropTarget = { kind: 'row'; vehicleId: string } | { kind: 'bar-target'; bar: DispatchBar };

// A bar lands on rows, a driver on bars; everything else under the pointer is ignored.
const collisions: CollisionDetection = (args) => {
  const item = args.active.data.current as DragItem | undefined;
  const wanted = item?.kind === 'driver' ? 'bar-target' : 'row';
  return pointerWithin({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (c) => (c.data.current as DropTarget | undefined)?.kind === wanted,
    ),
  });
};

const itemName = (item: DragItem | undefined) =>
  !item ? '' : item.kind === 'bar' ? `${item.bar.jobNumber}` : item.driver.name;

export function BoardDnd({
  children,
  onDropBar,
  onDropDriver,
  targetName,
}: {
  children: ReactNode;
  onDropBar: (bar: DispatchBar, vehicleId: string) => void;
  onDropDriver: (driver: DispatchDriver, bar: DispatchBar) => void;
  /** A drop target in words, for the screen reader's running commentary. */
  targetName: (target: DropTarget) => string;
}) {
  // A few pixels of travel before a drag starts, so that a click still opens the bar's menu.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [active, setActive] = useState<DragItem | null>(null);

  const onDragStart = ({ active: a }: DragStartEvent) => setActive((a.data.current as DragItem) ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const item = a.data.current as DragItem | undefined;
    const target = over?.data.current as DropTarget | undefined;
    if (!item || !target) return;
    if (item.kind === 'bar' && target.kind === 'row') onDropBar(item.bar, target.vehicleId);
    if (item.kind === 'driver' && target.kind === 'bar-target') onDropDriver(item.driver, target.bar);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // Scroll only when the pointer is right at an edge: a row near the bottom is still easy to hit.
      autoScroll={{ threshold: { x: 0.08, y: 0.08 } }}
      // The zones appear as the drag starts: measure them then, and as the page scrolls.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'Press Enter for the actions of this job, such as moving it to another vehicle.',
        },
        announcements: {
          onDragStart: ({ active: a }) => `Picked up ${itemName(a.data.current as DragItem)}.`,
          onDragOver: ({ active: a, over }) =>
            over
              ? `${itemName(a.data.current as DragItem)} is over ${targetName(over.data.current as DropTarget)}.`
              : undefined,
          onDragEnd: ({ active: a, over }) =>
            over
              ? `${itemName(a.data.current as DragItem)} dropped on ${targetName(over.data.current as DropTarget)}.`
              : `${itemName(a.data.current as DragItem)} put back.`,
          onDragCancel: ({ active: a }) => `${itemName(a.data.current as DragItem)} put back.`,
        },
      }}
    >
      <DraggingContext.Provider value={active?.kind ?? null}>{children}</DraggingContext.Provider>
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className={classes.dragGhost} data-testid="drag-ghost">
            {active.kind === 'bar' ? (
              <>
                <b>{active.bar.jobNumber}</b> · {customerOf(active.bar)}
              </>
            ) : (
              active.driver.name
            )}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

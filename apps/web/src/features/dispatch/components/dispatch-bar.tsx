import { DISPATCH_STEP_MINUTES, JOB_STATUS_COLORS, minutesOfDay } from '@dms/domain';
import { VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { customerOf, type PlacedBar } from '../board-rows';
import classes from './dispatch-board.module.css';

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

/** One vehicle slot of a job on the board: a focusable button placed on the row's grid. */
export function DispatchBarButton({ placed }: { placed: PlacedBar }) {
  const { bar, placement, lane, description, details } = placed;
  const color = JOB_STATUS_COLORS[bar.status];
  const style = {
    gridColumn: `${placement.columnStart + 1} / ${placement.columnEnd + 1}`,
    gridRow: lane + 1,
    '--bar-bg': `var(--mantine-color-${color}-light)`,
    '--bar-hover': `var(--mantine-color-${color}-light-hover)`,
    '--bar-accent': `var(--mantine-color-${color}-filled)`,
  } as CSSProperties;
  return (
    <button
      type="button"
      className={`${classes.bar} ${bar.clash ? classes.clash : ''}`}
      style={style}
      title={
        bar.hours.length > 0
          ? `${description}; driver hours: ${bar.hours.map((h) => h.text).join('; ')}`
          : description
      }
      data-testid="dispatch-bar"
      data-status={bar.status}
      data-clash={bar.clash ? 'true' : undefined}
      data-hours={bar.hours.length > 0 ? 'true' : undefined}
    >
      <span className={classes.barLines}>
        <span className={classes.barLine}>
          {bar.clash && (
            <>
              <IconAlertTriangle size={13} stroke={2} className={classes.clashIcon} aria-hidden="true" />
              <VisuallyHidden>Clash</VisuallyHidden>
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
          <VisuallyHidden> · </VisuallyHidden>
          {bar.driverName ? (
            <span className={classes.barText}>{bar.driverName}</span>
          ) : (
            <span className={classes.noDriver}>No driver</span>
          )}
        </span>
      </span>
      {/* The name is the visible text, then what only a screen reader needs (status, times, vehicle). */}
      <VisuallyHidden>
        , {details}
        {bar.hours.length > 0 && `, driver hours broken: ${bar.hours.map((h) => h.text).join('; ')}`}
      </VisuallyHidden>
      <span className={classes.legs} aria-hidden="true">
        {legSegments(placed).map((s) => (
          <span key={s.key} className={classes.leg} style={{ left: `${s.left}%`, width: `${s.width}%` }} />
        ))}
      </span>
    </button>
  );
}

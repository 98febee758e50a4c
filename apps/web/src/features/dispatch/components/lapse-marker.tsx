import type { ComplianceLapse, DispatchDay } from '@dms/domain';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCertificateOff } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import classes from './dispatch-board.module.css';

// The board's markers of a lapsed compliance record on the shown day (issue 26): the day's answer
// carries every lapse at once, so rows, bars and chips look theirs up here, never a request each.

interface Lapses {
  vehicles: Map<string, ComplianceLapse[]>;
  drivers: Map<string, ComplianceLapse[]>;
}

const NONE: ComplianceLapse[] = [];
const LapsesContext = createContext<Lapses>({ vehicles: new Map(), drivers: new Map() });

export function LapsesProvider({ lapses, children }: { lapses: DispatchDay['lapses']; children: ReactNode }) {
  const value = useMemo(
    () => ({
      vehicles: new Map(lapses.vehicles.map((v) => [v.vehicleId, v.lapses])),
      drivers: new Map(lapses.drivers.map((d) => [d.driverId, d.lapses])),
    }),
    [lapses],
  );
  return <LapsesContext.Provider value={value}>{children}</LapsesContext.Provider>;
}

export function useVehicleLapses(id: string | null | undefined): ComplianceLapse[] {
  const { vehicles } = useContext(LapsesContext);
  return (id && vehicles.get(id)) || NONE;
}

export function useDriverLapses(id: string | null | undefined): ComplianceLapse[] {
  const { drivers } = useContext(LapsesContext);
  return (id && drivers.get(id)) || NONE;
}

/** "Registration of MO 4105 expired 12 Nov 2026; Insurance of …". */
export const lapseText = (lapses: readonly ComplianceLapse[]) => lapses.map((l) => l.message).join('; ');

/** A focusable marker (a vehicle's row): the icon, the records and dates in a tooltip and for screen readers. */
export function LapseBadge({ lapses }: { lapses: readonly ComplianceLapse[] }) {
  if (lapses.length === 0) return null;
  const text = lapseText(lapses);
  return (
    <Tooltip label={text} multiline maw={300} events={{ hover: true, focus: true, touch: false }}>
      <Badge
        color="red.9"
        variant="filled"
        size="xs"
        radius="sm"
        tabIndex={0}
        leftSection={<IconCertificateOff size={11} aria-hidden="true" />}
        style={{ flex: 'none', cursor: 'help' }}
        data-testid="lapse-marker"
      >
        Lapsed<VisuallyHidden>: {text}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/**
 * The marker inside something that is already a control (a bar, a draggable chip): an icon whose
 * words are for screen readers and the control's title, since a control holds no focusable tooltip.
 */
export function LapseIcon({ lapses }: { lapses: readonly ComplianceLapse[] }) {
  if (lapses.length === 0) return null;
  return (
    <>
      <IconCertificateOff
        size={13}
        stroke={2}
        className={classes.clashIcon}
        aria-hidden="true"
        data-testid="lapse-marker"
      />
      <span className={classes.srOnly}>Lapsed: {lapseText(lapses)}</span>
    </>
  );
}

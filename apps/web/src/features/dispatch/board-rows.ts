import {
  assignLanes,
  type BarPlacement,
  barPlacement,
  type DispatchBar,
  type DispatchDay,
  type DispatchVehicle,
  JOB_STATUS_LABELS,
} from '@dms/domain';

// What the board and the phone list draw, worked out once per day of data: rows of vehicles by
// depot, partner vehicles, then the Unallocated row; each bar with its place on the time axis.

export interface PlacedBar {
  bar: DispatchBar;
  placement: BarPlacement;
  /** 0 is the top lane of the row; overlapping bars (clashes) stack. */
  lane: number;
  /** What a screen reader says of the bar: job, customer, status, times, vehicle and driver. */
  description: string;
  /** The part of the description the bar does not show: status, times, vehicle, clash. */
  details: string;
}

export interface BoardRow {
  key: string;
  /** Null: the Unallocated row. */
  vehicle: DispatchVehicle | null;
  label: string;
  bars: PlacedBar[];
  laneCount: number;
}

export interface BoardGroup {
  key: string;
  /** Null: the Unallocated row, which has no heading of its own. */
  title: string | null;
  rows: BoardRow[];
}

export const UNALLOCATED = 'Unallocated';

/** 'DSP-001 · Blue', or whichever of the two the vehicle has. */
export function vehicleLabel(v: Pick<DispatchVehicle, 'registrationNumber' | 'nickname'>): string {
  return [v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle';
}

/** '08:30–14:45', 'All day', or '22:00–01:30 (next day)'. */
export function barTimes(bar: Pick<DispatchBar, 'start' | 'end'>, placement: BarPlacement): string {
  if (placement.wholeDay) return 'All day';
  const range = `${bar.start ?? bar.end}–${bar.end ?? bar.start}`;
  return placement.pastMidnight ? `${range} (next day)` : range;
}

export const customerOf = (bar: DispatchBar) => bar.customerName ?? bar.title ?? 'No customer';

function detailsOf(bar: DispatchBar, placement: BarPlacement, vehicle: string | null): string {
  const times = placement.wholeDay
    ? 'no times set, all day'
    : `${bar.start ?? bar.end} to ${bar.end ?? bar.start}${placement.pastMidnight ? ' the next day' : ''}`;
  return [JOB_STATUS_LABELS[bar.status], times, vehicle ? `vehicle ${vehicle}` : 'no vehicle'].join(', ');
}

function describe(bar: DispatchBar, placement: BarPlacement, vehicle: string | null): string {
  return [
    bar.jobNumber,
    customerOf(bar),
    detailsOf(bar, placement, vehicle),
    bar.driverName ? `driver ${bar.driverName}` : 'no driver',
    ...(bar.clash ? ['clash'] : []),
  ].join(', ');
}

function row(key: string, vehicle: DispatchVehicle | null, bars: DispatchBar[]): BoardRow {
  const label = vehicle ? vehicleLabel(vehicle) : UNALLOCATED;
  const placements = bars.map((b) => barPlacement(b.start, b.end));
  const { lanes, count } = assignLanes(placements);
  return {
    key,
    vehicle,
    label,
    laneCount: count,
    bars: bars.map((bar, i) => {
      const placement = placements[i] as BarPlacement;
      return {
        bar,
        placement,
        lane: lanes[i] ?? 0,
        description: describe(bar, placement, vehicle ? label : null),
        details: detailsOf(bar, placement, vehicle ? label : null),
      };
    }),
  };
}

/** The day's rows: company vehicles by depot (in the server's order), partner vehicles, Unallocated. */
export function boardGroups(day: DispatchDay): BoardGroup[] {
  const byVehicle = new Map<string, DispatchBar[]>();
  const unallocated: DispatchBar[] = [];
  const known = new Set(day.vehicles.map((v) => v.id));
  for (const bar of day.bars) {
    if (bar.vehicleId && known.has(bar.vehicleId)) {
      const list = byVehicle.get(bar.vehicleId) ?? [];
      list.push(bar);
      byVehicle.set(bar.vehicleId, list);
    } else {
      unallocated.push(bar);
    }
  }
  const groups: BoardGroup[] = [];
  for (const vehicle of day.vehicles) {
    const title =
      vehicle.type === 'subcontracted' ? 'Partner vehicles' : (vehicle.depotName ?? 'No home depot');
    const key = vehicle.type === 'subcontracted' ? 'partners' : `depot:${vehicle.depotId ?? ''}`;
    let group = groups.at(-1);
    if (group?.key !== key) {
      group = { key, title, rows: [] };
      groups.push(group);
    }
    group.rows.push(row(vehicle.id, vehicle, byVehicle.get(vehicle.id) ?? []));
  }
  groups.push({ key: 'unallocated', title: null, rows: [row('unallocated', null, unallocated)] });
  return groups;
}

import type { DispatchDay } from '@dms/domain';

// The dispatch board's size budget (issue 16): 150 vehicles in 5 depots and 400 jobs on one day,
// some clashing, some without a driver. Used by the bench (dispatch-render.ts) and a journey.

/** A generated day: 150 vehicles in 5 depots and 400 jobs (some clashing, some without a driver). */
export function bigDispatchDay(date: string): DispatchDay {
  const statuses = [
    'confirmed',
    'assigned',
    'in_progress',
    'quoted',
    'draft',
    'completed',
    'postponed',
  ] as const;
  const vehicles = Array.from({ length: 150 }, (_, i) => ({
    id: `v${i}`,
    registrationNumber: `BIG ${1000 + i}`,
    nickname: `Coach ${i}`,
    type: 'company_owned' as const,
    depotId: `d${i % 5}`,
    depotName: `Depot ${i % 5}`,
    categoryName: 'Coach',
    categoryColor: '#3b82f6',
    openDefect: i % 37 === 0 ? { summary: 'Brakes: spongy pedal' } : null,
  }));
  vehicles.sort((a, b) => a.depotName.localeCompare(b.depotName));
  const time = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const bars = Array.from({ length: 400 }, (_, i) => {
    const start = 300 + ((i * 97) % 900);
    const end = Math.min(1439, start + 60 + ((i * 31) % 240));
    return {
      jobId: `j${i}`,
      jobNumber: `J-${String(i + 1).padStart(5, '0')}`,
      title: `Charter ${i}`,
      status: statuses[i % statuses.length] ?? 'confirmed',
      customerName: `Customer ${i}`,
      slotId: `s${i}`,
      vehicleId: i % 20 === 0 ? null : `v${i % 150}`,
      driverId: i % 6 === 0 ? null : `d${i % 120}`,
      driverName: i % 6 === 0 ? null : `Driver ${i % 120}`,
      start: time(start),
      end: time(end),
      legs: [
        {
          legNumber: 1,
          departureTime: time(start),
          arrivalTime: time(start + 30),
          originAddress: 'A',
          destinationAddress: 'B',
        },
        {
          legNumber: 2,
          departureTime: time(end - 30),
          arrivalTime: time(end),
          originAddress: 'B',
          destinationAddress: 'A',
        },
      ],
      clash: i % 9 === 0,
      hours: [],
    };
  });
  const freeDrivers = Array.from({ length: 40 }, (_, i) => ({ id: `f${i}`, name: `Free Driver ${i}` }));
  return { date, vehicles, bars, freeDrivers, freeDriversTotal: 40, lapses: { vehicles: [], drivers: [] } };
}

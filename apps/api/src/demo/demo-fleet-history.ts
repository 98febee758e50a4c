import { randomUUID } from 'node:crypto';
import { roundToCents } from '@dms/domain';
import type {
  InspectionResponse,
  NewEndOfShiftInspection,
  NewFuelLog,
  NewPreDepartureInspection,
  NewShift,
  vehicleDefects,
} from '../db/schema';

// The demo operator's past weeks (issue 16): shifts, inspections, fuel logs and cleared defects from
// eleven weeks back to last week, so that every Fleet Overview chart has something to draw in its
// default range. Nothing here lands in the current week, which the timesheet and report journeys own.

type NewVehicleDefect = typeof vehicleDefects.$inferInsert;

/**
 * Odometers that only go forward, and fills that put back what was burnt since the last one at the
 * vehicle's own rate: litres per 100 km then come out believable and different for each vehicle.
 */
export class DemoOdometers {
  private readonly state = new Map<string, { km: number; sinceFill: number }>();

  constructor(private readonly litresPer100Km: Record<string, number>) {}

  drive(vehicle: string, km: number): void {
    const known = Object.keys(this.litresPer100Km).indexOf(vehicle);
    const o = this.state.get(vehicle) ?? { km: 96_000 + Math.max(known, 0) * 31_417, sinceFill: 0 };
    o.km += km;
    o.sinceFill += km;
    this.state.set(vehicle, o);
  }

  /** A fill now: the reading and the litres, within a few per cent of the vehicle's rate. */
  fill(vehicle: string, salt: number): { odometerReading: number; litersAdded: number } {
    const o = this.state.get(vehicle) ?? { km: 96_000, sinceFill: 0 };
    const rate = (this.litresPer100Km[vehicle] ?? 28) * (0.95 + (salt % 11) / 100);
    const litersAdded = roundToCents(Math.max(20, (o.sinceFill * rate) / 100));
    o.sinceFill = 0;
    this.state.set(vehicle, o);
    return { odometerReading: o.km, litersAdded };
  }
}

export interface FleetHistoryInput {
  /** Day offsets from today to fill, oldest first, each with its weekday (Monday 0). */
  days: { offset: number; weekday: number }[];
  driverIds: string[];
  vehicles: { key: string; id: string }[];
  preQuestionIds: string[];
  endQuestionIds: string[];
  /** The pre-departure check a failed form fails, and the text of its defect. */
  failedCheck: { index: number; question: string; category: string };
  managerId: string;
  at: (offset: number, time: string, plusMinutes?: number) => Date;
  date: (offset: number) => string;
  odometers: DemoOdometers;
}

const FUEL_STOPS = [
  'Granville Depot bowser',
  'Ampol Foodary, Pacific Motorway, Berowra NSW',
  'BP Truckstop, Hume Highway, Marulan NSW',
  'Brookvale Depot bowser',
];

export function demoFleetHistory(input: FleetHistoryInput) {
  const shifts: NewShift[] = [];
  const pre: NewPreDepartureInspection[] = [];
  const end: NewEndOfShiftInspection[] = [];
  const fuel: NewFuelLog[] = [];
  const defects: NewVehicleDefect[] = [];
  const runs = new Map<string, number>();
  let k = 0;
  for (const { offset, weekday } of input.days) {
    // Weekdays two or three shifts (busier weeks come and go), Saturdays one, Sundays none.
    const busy = (Math.floor(offset / 7) * 5 + weekday) % 4 === 0 ? 1 : 0;
    const count = weekday < 5 ? 2 + busy : weekday === 5 ? 1 : 0;
    for (let s = 0; s < count; s++, k++) {
      const id = randomUUID();
      const driverId = input.driverIds[k % input.driverIds.length]!;
      const vehicle = input.vehicles[(k * 3) % input.vehicles.length]!;
      const startTime = input.at(offset, ['05:45', '07:15', '11:30'][s]!, (k % 4) * 20);
      const minutes = 420 + ((k * 53) % 180);
      shifts.push({
        id,
        driverId,
        vehicleId: vehicle.id,
        startTime,
        endTime: new Date(startTime.getTime() + minutes * 60_000),
        shiftDate: input.date(offset),
      });

      const failed = k % 9 === 4;
      const preId = randomUUID();
      pre.push({
        id: preId,
        driverId,
        vehicleId: vehicle.id,
        shiftId: id,
        inspectionDate: new Date(startTime.getTime() + 5 * 60_000),
        responses: input.preQuestionIds.map(
          (questionId, q): InspectionResponse => ({
            questionId,
            passed: !(failed && q === input.failedCheck.index),
            notes: failed && q === input.failedCheck.index ? 'Offside brake light out' : null,
          }),
        ),
        overallStatus: failed ? 'fail' : 'pass',
      });
      if (failed) {
        // Each failed check opened a defect that the workshop cleared the next morning.
        defects.push({
          vehicleId: vehicle.id,
          preDepartureInspectionId: preId,
          reportedBy: driverId,
          reportedAt: new Date(startTime.getTime() + 5 * 60_000),
          items: [
            {
              question: input.failedCheck.question,
              category: input.failedCheck.category,
              notes: 'Offside brake light out',
            },
          ],
          clearedAt: input.at(offset + 1, '07:30'),
          clearedBy: input.managerId,
          repairNote: 'Bulb and lens replaced by the workshop.',
        });
      }
      if (k % 2 === 0) {
        const dirty = k % 11 === 6;
        end.push({
          driverId,
          vehicleId: vehicle.id,
          shiftId: id,
          inspectionDate: new Date(startTime.getTime() + (minutes - 15) * 60_000),
          responses: input.endQuestionIds.map((questionId, q) => ({
            questionId,
            passed: !(dirty && q === 2),
            notes: dirty && q === 2 ? 'Rubbish left on the back seats' : null,
          })),
          overallStatus: dirty ? 'fail' : 'pass',
          busClean: dirty ? 0 : 1,
          clearOfBus: 'confirmed',
        });
      }

      input.odometers.drive(vehicle.key, 160 + ((k * 37) % 190));
      const run = (runs.get(vehicle.key) ?? 0) + 1;
      runs.set(vehicle.key, run);
      if (run % 2 === 0) {
        fuel.push({
          driverId,
          vehicleId: vehicle.id,
          shiftId: id,
          fuelDate: new Date(startTime.getTime() + (minutes - 30) * 60_000),
          ...input.odometers.fill(vehicle.key, k),
          fuelType: 'Diesel',
          location: FUEL_STOPS[k % FUEL_STOPS.length]!,
        });
      }
    }
  }
  return { shifts, pre, end, fuel, defects };
}

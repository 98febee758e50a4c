import type { DriverJob } from './job.schema';
import { jobTimeWindow } from './job.schema';

/**
 * What one driver's own work on a job is (ADR 28): the day and times they drive, the vehicle, where
 * they pick up first, and whether the job still runs. Only a change in this mails the driver; a new
 * title, notes or price, or another driver's slot, do not (the job still shows them as updated).
 */
export interface DriverWork {
  serviceDate: string | null;
  start: string | null;
  end: string | null;
  vehicle: string | null;
  pickup: string | null;
  cancelled: boolean;
}

type WorkJob = Pick<DriverJob, 'serviceDate' | 'status' | 'legs' | 'vehicles'>;

const vehicleName = (v: { registrationNumber: string | null; nickname: string | null } | null) =>
  v ? [v.nickname, v.registrationNumber].filter(Boolean).join(' ') || 'a vehicle' : null;

/** The driver's work on the job, or null when they hold no slot on it. */
export function driverWorkOf(job: WorkJob, driverId: string): DriverWork | null {
  const slot = job.vehicles.find((s) => s.driverId === driverId);
  if (!slot) return null;
  const window = jobTimeWindow(job.legs);
  return {
    serviceDate: job.serviceDate,
    start: window.start,
    end: window.end,
    vehicle: vehicleName(slot.vehicle),
    pickup: job.legs[0]?.originAddress ?? null,
    cancelled: job.status === 'cancelled',
  };
}

export function sameDriverWork(a: DriverWork | null, b: DriverWork | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.serviceDate === b.serviceDate &&
    a.start === b.start &&
    a.end === b.end &&
    a.vehicle === b.vehicle &&
    a.pickup === b.pickup &&
    a.cancelled === b.cancelled
  );
}

/** One line per change, for the driver's mail ('Vehicle: BUS 1 → BUS 2'); empty when nothing changed. */
export function describeDriverChanges(
  was: DriverWork | null,
  now: DriverWork | null,
  formatDate: (date: string) => string = (d) => d,
): string[] {
  if (sameDriverWork(was, now)) return [];
  if (now === null) return ['You are no longer on this job.'];
  if (was === null) return ['You have been put on this job.'];
  const lines: string[] = [];
  const shown = (v: string | null, format: (s: string) => string = (s) => s) => (v ? format(v) : 'not set');
  const change = (label: string, a: string | null, b: string | null, format?: (s: string) => string) => {
    if (a !== b) lines.push(`${label}: ${shown(a, format)} → ${shown(b, format)}`);
  };
  if (now.cancelled !== was.cancelled)
    lines.push(now.cancelled ? 'The job has been cancelled.' : 'The job is running again.');
  change('Date', was.serviceDate, now.serviceDate, formatDate);
  change('Start', was.start, now.start);
  change('Finish', was.end, now.end);
  change('Vehicle', was.vehicle, now.vehicle);
  change('Pickup', was.pickup, now.pickup);
  return lines;
}

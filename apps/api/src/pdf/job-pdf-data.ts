import type { Job, JobSlot } from '@dms/domain';
import type { Company } from './document-parts';
import type { JobPdfInput } from './pdf-input';

// Plain facts the documents print, derived from the job and the settings.

export function companyOf(input: JobPdfInput): Company {
  const s = input.settings;
  return {
    name: s.companyName?.trim() || input.appName?.trim() || 'Coach Services',
    address: s.companyAddress,
    phone: s.companyPhone,
    email: s.companyEmail,
    abn: s.companyABN,
    // Printed without 'https://': shorter, and how a reader types it anyway.
    website: s.companyWebsite?.replace(/^https?:\/\//i, '').replace(/\/$/, '') || null,
  };
}

export function vehicleTypeName(slot: JobSlot): string {
  if (slot.categoryName) return slot.categoryName;
  const v = slot.vehicle;
  const makeModel = [v?.make, v?.model].filter(Boolean).join(' ');
  return makeModel || 'Vehicle';
}

/** 'ABC123 (Big Red)', the nickname alone, or null when no vehicle is chosen yet. */
export function vehicleName(slot: JobSlot): string | null {
  const v = slot.vehicle;
  if (!v) return null;
  if (v.registrationNumber && v.nickname) return `${v.registrationNumber} (${v.nickname})`;
  return v.registrationNumber || v.nickname || [v.make, v.model].filter(Boolean).join(' ') || 'Vehicle';
}

export function driverName(slot: JobSlot): string | null {
  const d = slot.driver;
  if (!d) return null;
  return [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Driver';
}

export interface VehicleGroup {
  type: string;
  count: number;
  seats: number | null;
  notes: string[];
}

/** Slots grouped by vehicle type, in the order they first appear. */
export function vehicleGroups(job: Job): VehicleGroup[] {
  const groups = new Map<string, VehicleGroup>();
  for (const slot of [...job.vehicles].sort((a, b) => a.slotPosition - b.slotPosition)) {
    const type = vehicleTypeName(slot);
    const group = groups.get(type) ?? { type, count: 0, seats: null, notes: [] };
    group.count += 1;
    if (slot.vehicle) group.seats = (group.seats ?? 0) + slot.vehicle.seatedCapacity;
    const note = slot.vehicleNotes?.trim();
    if (note && !group.notes.includes(note)) group.notes.push(note);
    groups.set(type, group);
  }
  return [...groups.values()];
}

export function sortedLegs(job: Job) {
  return [...job.legs].sort((a, b) => a.legNumber - b.legNumber);
}

export function sortedSlots(job: Job) {
  return [...job.vehicles].sort((a, b) => a.slotPosition - b.slotPosition);
}

export function contactLine(job: Job): string | null {
  const c = job.contact;
  if (!c) return null;
  return c.role ? `${c.name} (${c.role})` : c.name;
}

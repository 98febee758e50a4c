import type { Db } from '../../db/client';
import { raiseAttention } from '../attention';
import { namesOf } from './driver-forms.repository';

// What the drivers' forms put on the managers' attention list (ADR 28), in the form's transaction.

/** A new defect blocks its vehicle: serious, so mailed to managers who want safety alerts. */
export async function defectNeedsAttention(
  tx: Db,
  defect: {
    id: string;
    driverId: string;
    vehicleId: string;
    items: { question: string; notes: string | null }[];
  },
): Promise<void> {
  const { driver, vehicle } = await namesOf(tx, defect.driverId, defect.vehicleId);
  const what = defect.items.map((i) => (i.notes ? `${i.question}: ${i.notes}` : i.question)).join('; ');
  await raiseAttention(tx, {
    kind: 'defect',
    subjectId: defect.id,
    serious: true,
    title: `Defect on ${vehicle ?? 'a vehicle'}: the vehicle is blocked`,
    detail: `Reported by ${driver}${what ? `. ${what}` : ''}`,
  });
}

/** An incident is serious when someone was hurt or the police were called. */
export async function incidentNeedsAttention(
  tx: Db,
  incident: {
    id: string;
    driverId: string;
    vehicleId: string | null;
    incidentType: string;
    location: string | null;
    injuriesReported: number;
    policeNotified: number;
  },
): Promise<void> {
  const { driver, vehicle } = await namesOf(tx, incident.driverId, incident.vehicleId);
  const words = incident.incidentType.replaceAll('_', ' ');
  const type = words.charAt(0).toUpperCase() + words.slice(1);
  const flags = [
    incident.injuriesReported === 1 ? 'injuries reported' : null,
    incident.policeNotified === 1 ? 'police notified' : null,
  ].filter(Boolean);
  await raiseAttention(tx, {
    kind: 'incident',
    subjectId: incident.id,
    serious: flags.length > 0,
    title: `${type} reported by ${driver}`,
    detail: [vehicle, incident.location, ...flags].filter(Boolean).join(' · ') || null,
  });
}

/** Emergencies are mailed to every manager at once by their own route; the list shows them too. */
export async function emergencyNeedsAttention(
  tx: Db,
  alert: {
    id: string;
    driverId: string;
    vehicleId: string | null;
    typeName: string;
    location: string | null;
  },
): Promise<void> {
  const { driver, vehicle } = await namesOf(tx, alert.driverId, alert.vehicleId);
  await raiseAttention(tx, {
    kind: 'emergency',
    subjectId: alert.id,
    serious: true,
    alreadyMailed: true,
    title: `${alert.typeName} raised by ${driver}`,
    detail: [vehicle, alert.location].filter(Boolean).join(' · ') || null,
  });
}

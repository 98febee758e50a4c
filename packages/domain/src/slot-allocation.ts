import { z } from 'zod';
import { optionalId, optionalText } from './fields';
import { canChooseDriver, DRIVER_NEEDS_VEHICLE_MESSAGE, type Job, type JobInput } from './job.schema';

// Reallocating one vehicle slot from the dispatch board (issue 16): the board names what it saw on
// the slot, so a move made on a stale board is refused rather than undoing someone else's change.

export const SLOT_CHANGED_MESSAGE =
  'This slot was changed by someone else since the board loaded. The board now shows the change.';
export const SLOT_NOT_FOUND = 'This vehicle slot is no longer on the job.';

const Allocation = z.object({ vehicleId: optionalId(), driverId: optionalId() });

/** PATCH /api/jobs/{id}/slots/{slotId}: the slot's new vehicle and driver, and what they were. */
export const SlotAllocationInputSchema = Allocation.extend({
  was: Allocation,
  /** Why a driver is put on the job although the hours check warns (recorded; required then). */
  hoursOverrideReason: optionalText(500),
  /** Why the allocation goes ahead although a compliance check refuses (recorded; required then). */
  complianceOverrideReason: optionalText(500),
}).refine((s) => !s.driverId || canChooseDriver(s), {
  path: ['driverId'],
  error: DRIVER_NEEDS_VEHICLE_MESSAGE,
});
export type SlotAllocationInput = z.input<typeof SlotAllocationInputSchema>;
export type SlotAllocationInputParsed = z.output<typeof SlotAllocationInputSchema>;

/**
 * A stored job as the input that saves it unchanged: what the job form would send had the manager
 * opened it and pressed Save. The board changes one slot of it and saves through the same rules.
 */
export function jobInputFrom(job: Job): JobInput {
  return {
    jobNumber: job.jobNumber,
    title: job.title,
    status: job.status,
    serviceDate: job.serviceDate,
    paxCount: job.paxCount,
    serviceDescription: job.serviceDescription,
    notesDriver: job.notesDriver,
    mapsLink: job.mapsLink,
    customerId: job.customerId,
    contactId: job.contactId,
    vehicles: job.vehicles.map((s) => ({
      id: s.id,
      categoryId: s.categoryId,
      vehicleId: s.vehicleId,
      driverId: s.driverId,
      vehicleNotes: s.vehicleNotes,
      startingDepotId: s.startingDepot?.id ?? null,
      endingDepotId: s.endingDepot?.id ?? null,
    })),
    legs: job.legs.map((l) => ({
      originAddress: l.originAddress,
      destinationAddress: l.destinationAddress,
      departureTime: l.departureTime,
      arrivalTime: l.arrivalTime,
      notes: l.notes,
    })),
    basePrice: job.basePrice,
    extraCharges: job.extraCharges.map(({ description, amount, type }) => ({ description, amount, type })),
    discounts: job.discounts.map(({ description, amount, type }) => ({ description, amount, type })),
    taxMode: job.taxMode,
    taxRate: job.taxRate,
    currency: job.currency,
    pricingNotes: job.pricingNotes,
    termsTemplateId: job.termsTemplateId,
    termsAndConditions: job.termsAndConditions,
    version: job.version,
  };
}

import { describe, expect, it } from 'vitest';
import {
  canChooseDriver,
  chooseForSlot,
  DRIVER_NEEDS_VEHICLE_MESSAGE,
  JobSlotInputSchema,
  keptDriverId,
} from './job.schema';
import { SlotAllocationInputSchema } from './slot-allocation';

describe('a driver needs a vehicle', () => {
  it('lets a driver be chosen only once the slot has a vehicle', () => {
    expect(canChooseDriver({ vehicleId: 'v1' })).toBe(true);
    expect(canChooseDriver({ vehicleId: null, driverId: 'd1' })).toBe(false);
    expect(canChooseDriver({ vehicleId: '' })).toBe(false);
    expect(canChooseDriver({})).toBe(false);
  });

  it('keeps the driver of a slot with a vehicle, and none without one', () => {
    expect(keptDriverId({ vehicleId: 'v1', driverId: 'd1' })).toBe('d1');
    expect(keptDriverId({ vehicleId: 'v1', driverId: '' })).toBeNull();
    expect(keptDriverId({ vehicleId: null, driverId: 'd1' })).toBeNull();
    expect(keptDriverId({ vehicleId: '', driverId: 'd1' })).toBeNull();
  });

  it('lets the driver go when the vehicle is cleared, and keeps the rest of the slot', () => {
    const slot = { key: 'k1', categoryId: 'c1', vehicleId: 'v1', driverId: 'd1', vehicleNotes: 'Lift' };
    expect(chooseForSlot(slot, { vehicleId: null })).toEqual({
      key: 'k1',
      categoryId: 'c1',
      vehicleId: null,
      driverId: null,
      vehicleNotes: 'Lift',
    });
  });

  it('keeps the driver when another vehicle is chosen', () => {
    const slot = { vehicleId: 'v1', driverId: 'd1' };
    expect(chooseForSlot(slot, { vehicleId: 'v2' })).toEqual({ vehicleId: 'v2', driverId: 'd1' });
  });

  it('refuses a driver for a slot without a vehicle, and takes one with', () => {
    expect(chooseForSlot({ vehicleId: null, driverId: null }, { driverId: 'd1' })).toEqual({
      vehicleId: null,
      driverId: null,
    });
    expect(chooseForSlot({ vehicleId: 'v1', driverId: null }, { driverId: 'd1' })).toEqual({
      vehicleId: 'v1',
      driverId: 'd1',
    });
  });

  it('does not change the slot it was given', () => {
    const slot = { vehicleId: 'v1', driverId: 'd1' };
    chooseForSlot(slot, { vehicleId: null });
    expect(slot).toEqual({ vehicleId: 'v1', driverId: 'd1' });
  });

  it('is the rule the job and the board schemas check', () => {
    const job = JobSlotInputSchema.safeParse({ categoryId: 'c1', driverId: 'd1' });
    expect(job.success).toBe(false);
    expect(job.error?.issues).toEqual([
      expect.objectContaining({ path: ['driverId'], message: DRIVER_NEEDS_VEHICLE_MESSAGE }),
    ]);
    expect(JobSlotInputSchema.safeParse({ vehicleId: 'v1', driverId: 'd1' }).success).toBe(true);

    const was = { vehicleId: 'v1', driverId: null };
    const board = SlotAllocationInputSchema.safeParse({ vehicleId: '', driverId: 'd1', was });
    expect(board.error?.issues).toEqual([
      expect.objectContaining({ path: ['driverId'], message: DRIVER_NEEDS_VEHICLE_MESSAGE }),
    ]);
    expect(SlotAllocationInputSchema.safeParse({ vehicleId: 'v2', driverId: 'd1', was }).success).toBe(true);
  });
});

import type { Db } from '../../db/client';
import type { HoursContext } from '../driver-hours';
import { type AllocationReasons, getJob, guardAllocation } from '../jobs';

/**
 * The allocation guard (hours and compliance) for one driver put on a stored job (an offer of a
 * slot, an approved request): the slot they were just put on is the allocation checked.
 */
export async function guardDriverOnJob(
  tx: Db,
  ctx: HoursContext | undefined,
  jobId: string,
  driverId: string,
  reasons: AllocationReasons,
  userId: string | null,
): Promise<void> {
  if (!ctx) return;
  const job = await getJob(tx, jobId);
  if (!job?.serviceDate || job.status === 'cancelled') return;
  const allocations = job.vehicles
    .filter((s) => s.driverId === driverId)
    .map((s) => ({ driverId, vehicleId: s.vehicleId }));
  await guardAllocation(tx, ctx, job, { newDriverIds: [driverId], allocations }, reasons, userId);
}

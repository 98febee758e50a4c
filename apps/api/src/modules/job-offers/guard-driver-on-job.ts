import type { Db } from '../../db/client';
import { guardAllocation, type HoursContext } from '../driver-hours';
import { getJob } from '../jobs';

/** guardAllocation for one driver put on a stored job (an offer of a slot, an approved request). */
export async function guardDriverOnJob(
  tx: Db,
  ctx: HoursContext | undefined,
  jobId: string,
  driverId: string,
  reason: string | null | undefined,
  userId: string | null,
): Promise<void> {
  if (!ctx) return;
  const job = await getJob(tx, jobId);
  if (!job?.serviceDate || job.status === 'cancelled') return;
  await guardAllocation(
    tx,
    ctx,
    { id: job.id, serviceDate: job.serviceDate, legs: job.legs },
    [driverId],
    reason,
    userId,
  );
}

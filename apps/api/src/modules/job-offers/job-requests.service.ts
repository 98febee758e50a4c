import {
  ALREADY_REQUESTED,
  HOLDS_OFFER_MESSAGE,
  NO_OPEN_POSITION,
  REQUEST_ALREADY_DECIDED,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { HttpError } from '../../http/errors';
import type { HoursContext } from '../driver-hours';
import {
  driverHoldsJob,
  fillOpenSlot,
  jobStatusOf,
  openSlotCount,
  STAFFING_STATUSES,
  settleStaffedStatus,
} from '../jobs';
import { guardDriverOnJob } from './guard-driver-on-job';
import { pendingOffersOfJobs } from './job-offers.repository';
import {
  decidePendingRequest,
  getRequest,
  insertRequest,
  rejectOtherPendingRequests,
} from './job-requests.repository';

export const REQUEST_NOT_FOUND = 'Request not found';

/** A driver asks for an open position of a published job, once. */
export async function requestJob(db: Db, jobId: string, driverId: string, message: string | null) {
  const status = await jobStatusOf(db, jobId);
  if (!status || !(STAFFING_STATUSES as readonly string[]).includes(status))
    throw new HttpError(404, 'Job not found');
  if (await driverHoldsJob(db, jobId, driverId)) throw new HttpError(409, 'You are already on this job');
  if ((await pendingOffersOfJobs(db, driverId, [jobId], new Date())).size > 0)
    throw new HttpError(409, HOLDS_OFFER_MESSAGE);
  if ((await openSlotCount(db, jobId)) === 0) throw new HttpError(409, NO_OPEN_POSITION);
  try {
    return await insertRequest(db, { jobId, driverId, message });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_REQUESTED);
    throw error;
  }
}

export interface Decision {
  request: NonNullable<Awaited<ReturnType<typeof getRequest>>>;
  /** Drivers whose pending requests were turned down because the last position was filled. */
  notTaken: string[];
}

/**
 * Approving puts the driver on an open slot (race-safe: the slot is filled by a conditional update)
 * and, when that was the last open position, turns the other pending requests down. Rejecting only
 * decides the request.
 */
export async function decideRequest(
  db: Db,
  requestId: string,
  status: 'approved' | 'rejected',
  slotId: string | null,
  allocation: {
    hours?: HoursContext;
    reason?: string | null;
    complianceReason?: string | null;
    userId?: string | null;
  } = {},
): Promise<Decision> {
  return db.transaction(async (tx) => {
    const request = await getRequest(tx, requestId);
    if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw new HttpError(409, REQUEST_ALREADY_DECIDED);
    let notTaken: string[] = [];
    if (status === 'approved') {
      if (await driverHoldsJob(tx, request.jobId, request.driverId)) {
        throw new HttpError(409, 'This driver is already on this job');
      }
      const slot = await fillOpenSlot(tx, request.jobId, request.driverId, slotId);
      if (!slot) throw new HttpError(409, NO_OPEN_POSITION);
      await guardDriverOnJob(
        tx,
        allocation.hours,
        request.jobId,
        request.driverId,
        { hoursOverrideReason: allocation.reason, complianceOverrideReason: allocation.complianceReason },
        allocation.userId ?? null,
      );
    }
    const decided = await decidePendingRequest(tx, requestId, status);
    // Someone decided it between our read and this write: the whole decision is undone.
    if (!decided) throw new HttpError(409, REQUEST_ALREADY_DECIDED);
    if (status === 'approved') await settleStaffedStatus(tx, request.jobId);
    if (status === 'approved' && (await openSlotCount(tx, request.jobId)) === 0) {
      notTaken = (await rejectOtherPendingRequests(tx, request.jobId, requestId)).map((r) => r.driverId);
    }
    return { request: decided, notTaken };
  });
}

import { effectiveRoles, type Job, OFFER_ALREADY_ANSWERED, OFFER_EXPIRED, SLOT_NOT_OPEN } from '@dms/domain';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import type { HoursContext } from '../driver-hours';
import {
  driverHoldsJob,
  fillOpenSlot,
  freeDriverSlots,
  getJobsByIds,
  jobStatusOf,
  loadReferences,
  STAFFING_STATUSES,
  settleStaffedStatus,
} from '../jobs';
import { type NotificationDeps, notifyAboutJob } from '../notifications';
import { findUserById } from '../users';
import { guardDriverOnJob } from './guard-driver-on-job';
import {
  answerPendingOffer,
  expireDueOffers,
  getOffer,
  insertPendingOffers,
  type OfferRow,
  pairsWithoutOffer,
} from './job-offers.repository';

/** How long a driver has to answer an offer (ADR 0012). */
export const OFFER_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Published jobs are offered to each driver on them who has no offer of them yet (wired into the
 * jobs module's saves as `offerJobsToTheirDrivers`, record-links.ts), in the save's transaction: a
 * constant few statements however many jobs (a series' occurrences).
 */
export async function offerJobsToNewDrivers(
  tx: Db,
  jobs: readonly Job[],
  createdBy: string | null,
  now: Date,
): Promise<{ byDriver: Map<string, string[]>; expiresAt: Date }> {
  const onJobs = jobs.flatMap((job) =>
    [...new Set(job.vehicles.map((s) => s.driverId).filter((id): id is string => !!id))].map((driverId) => ({
      jobId: job.id,
      driverId,
    })),
  );
  const fresh = await pairsWithoutOffer(tx, onJobs);
  const expiresAt = new Date(now.getTime() + OFFER_TTL_MS);
  await insertPendingOffers(
    tx,
    // The card shows the job itself; a message is for what a manager adds by hand.
    fresh.map((p) => ({ ...p, message: null, expiresAt, createdBy })),
  );
  const byDriver = new Map<string, string[]>();
  for (const p of fresh) byDriver.set(p.driverId, [...(byDriver.get(p.driverId) ?? []), p.jobId]);
  return { byDriver, expiresAt };
}

export const OFFER_NOT_FOUND = 'Offer not found';
export const PUBLISH_FIRST = 'Publish the job before offering it to drivers';

/**
 * A driver's answer to their offer (ADR 0014). Accepting keeps them on the slot; declining frees it.
 * Of two answers racing, one wins and the other gets 409; an expired offer cannot be answered.
 */
export async function answerOffer(
  db: Db,
  offerId: string,
  driverId: string,
  status: 'accepted' | 'rejected',
  now = new Date(),
  forSeries = false,
): Promise<OfferRow> {
  return db.transaction(async (tx) => {
    const answered = await answerPendingOffer(tx, offerId, driverId, status, now, forSeries);
    if (!answered) {
      const offer = await getOffer(tx, offerId);
      if (!offer || offer.driverId !== driverId) throw new HttpError(404, OFFER_NOT_FOUND);
      if (offer.status === 'pending' || offer.status === 'expired') throw new HttpError(409, OFFER_EXPIRED);
      throw new HttpError(409, OFFER_ALREADY_ANSWERED);
    }
    if (status === 'rejected') await freeDriverSlots(tx, answered.jobId, driverId);
    await settleStaffedStatus(tx, answered.jobId);
    return answered;
  });
}

/** Expires every pending offer past its expiry and frees its driver's slot; answers what expired. */
export async function expireOffers(db: Db, now = new Date()): Promise<OfferRow[]> {
  return db.transaction(async (tx) => {
    const expired = await expireDueOffers(tx, now);
    for (const offer of expired) {
      await freeDriverSlots(tx, offer.jobId, offer.driverId);
      await settleStaffedStatus(tx, offer.jobId);
    }
    return expired;
  });
}

/** A manager offers an open slot of a published job to a chosen driver, who is put on it meanwhile. */
export async function offerOpenSlot(
  db: Db,
  input: {
    jobId: string;
    slotId: string;
    driverId: string;
    message: string | null;
    createdBy: string | null;
    hoursOverrideReason?: string | null;
    complianceOverrideReason?: string | null;
  },
  now = new Date(),
  hours?: HoursContext,
): Promise<{ expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const status = await jobStatusOf(tx, input.jobId);
    if (!status) throw new HttpError(404, 'Job not found');
    if (!(STAFFING_STATUSES as readonly string[]).includes(status)) throw new HttpError(409, PUBLISH_FIRST);
    const { drivers } = await loadReferences(tx, {
      customerIds: [],
      contactIds: [],
      vehicleIds: [],
      driverIds: [input.driverId],
      categoryIds: [],
      depotIds: [],
      termsTemplateIds: [],
    });
    const driver = drivers.get(input.driverId);
    if (!driver || !effectiveRoles(driver).includes('driver')) {
      throw new HttpError(400, 'Driver not found', [{ path: 'driverId', message: 'Driver not found' }]);
    }
    if (driver.isActive !== 1) {
      throw new HttpError(400, 'This driver is inactive', [
        { path: 'driverId', message: 'This driver is inactive' },
      ]);
    }
    if (await driverHoldsJob(tx, input.jobId, input.driverId)) {
      throw new HttpError(409, 'This driver is already on this job');
    }
    const slot = await fillOpenSlot(tx, input.jobId, input.driverId, input.slotId);
    if (!slot) throw new HttpError(409, SLOT_NOT_OPEN);
    await guardDriverOnJob(
      tx,
      hours,
      input.jobId,
      input.driverId,
      {
        hoursOverrideReason: input.hoursOverrideReason,
        complianceOverrideReason: input.complianceOverrideReason,
      },
      input.createdBy,
    );
    const expiresAt = new Date(now.getTime() + OFFER_TTL_MS);
    await insertPendingOffers(tx, [
      {
        jobId: input.jobId,
        driverId: input.driverId,
        message: input.message,
        expiresAt,
        createdBy: input.createdBy,
      },
    ]);
    return { expiresAt };
  });
}

/**
 * The periodic expiry (ADR 14): marks overdue pending offers expired, frees their slots, mails the
 * manager who made each offer, and refreshes the screens of managers and the drivers concerned.
 */
export async function expireOffersAndNotify(deps: NotificationDeps, now = new Date()): Promise<number> {
  // The expiry, its live events and its mails commit together: a crash neither loses the mails
  // nor sends them for offers that are still pending.
  return deps.db.transaction(async (tx) => {
    const expired = await expireOffers(tx, now);
    if (expired.length === 0) return 0;
    const jobs = await getJobsByIds(
      tx,
      expired.map((o) => o.jobId),
    );
    for (const offer of expired) {
      const job = jobs.get(offer.jobId);
      if (!job) continue;
      await publishLiveEvent(tx, {
        type: 'offers.changed',
        roles: ['manager'],
        userIds: [offer.driverId],
        payload: { jobId: job.id },
      });
      if (offer.createdBy) {
        const driver = await findUserById(tx, offer.driverId);
        const driverName = [driver?.firstName, driver?.lastName].filter(Boolean).join(' ') || 'A driver';
        await notifyAboutJob({ ...deps, db: tx }, job, [offer.createdBy], {
          type: 'decline',
          driverName,
          expired: true,
        });
      }
    }
    return expired.length;
  });
}

import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { type JobOfferStatus, jobOffers, users } from '../../db/schema';

// Offers: made when a job is published (or a published job gets a new driver, or a manager offers an
// open slot), answered by drivers, expired by the queue.

/** The job and driver pairs of `pairs` with no pending or accepted offer yet (one statement). */
export async function pairsWithoutOffer(
  db: Db,
  pairs: readonly { jobId: string; driverId: string }[],
): Promise<{ jobId: string; driverId: string }[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .select({ jobId: jobOffers.jobId, driverId: jobOffers.driverId })
    .from(jobOffers)
    .where(
      and(
        inArray(jobOffers.jobId, [...new Set(pairs.map((p) => p.jobId))]),
        inArray(jobOffers.driverId, [...new Set(pairs.map((p) => p.driverId))]),
        inArray(jobOffers.status, ['pending', 'accepted']),
      ),
    );
  const offered = new Set(rows.map((r) => `${r.jobId}|${r.driverId}`));
  return pairs.filter((p) => !offered.has(`${p.jobId}|${p.driverId}`));
}

export async function insertPendingOffers(
  db: Db,
  offers: {
    jobId: string;
    driverId: string;
    message: string | null;
    expiresAt: Date;
    createdBy: string | null;
  }[],
): Promise<number> {
  if (offers.length === 0) return 0;
  const rows = await db
    .insert(jobOffers)
    .values(offers.map((o) => ({ ...o, status: 'pending' as const })))
    .returning({ id: jobOffers.id });
  return rows.length;
}

const creator = alias(users, 'offer_creator');

const offerColumns = {
  id: jobOffers.id,
  jobId: jobOffers.jobId,
  driverId: jobOffers.driverId,
  status: jobOffers.status,
  message: jobOffers.message,
  expiresAt: jobOffers.expiresAt,
  createdBy: jobOffers.createdBy,
  createdAt: jobOffers.createdAt,
  updatedAt: jobOffers.updatedAt,
};

export type OfferRow = {
  id: string;
  jobId: string;
  driverId: string;
  status: JobOfferStatus;
  message: string | null;
  expiresAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A driver's offers, newest first, with the first name of the manager who made each (spec 2 §3.3). */
export async function listDriverOffers(db: Db, driverId: string, limit: number) {
  return db
    .select({ ...offerColumns, creatorFirstName: creator.firstName })
    .from(jobOffers)
    .leftJoin(creator, eq(creator.id, jobOffers.createdBy))
    .where(eq(jobOffers.driverId, driverId))
    .orderBy(desc(jobOffers.createdAt))
    .limit(limit);
}

export async function getOffer(db: Db, id: string): Promise<OfferRow | undefined> {
  const [row] = await db.select(offerColumns).from(jobOffers).where(eq(jobOffers.id, id));
  return row;
}

/**
 * Answers a pending, unexpired offer of this driver. A conditional update: of two answers racing,
 * exactly one changes the row; the other (and an answer after expiry) gets undefined.
 */
export async function answerPendingOffer(
  tx: Db,
  id: string,
  driverId: string,
  status: 'accepted' | 'rejected',
  now: Date,
  forSeries = false,
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .update(jobOffers)
    .set({ status, forSeries, updatedAt: now })
    .where(
      and(
        eq(jobOffers.id, id),
        eq(jobOffers.driverId, driverId),
        eq(jobOffers.status, 'pending'),
        or(isNull(jobOffers.expiresAt), gt(jobOffers.expiresAt, now)),
      ),
    )
    .returning(offerColumns);
  return row;
}

/** Where a driver stands with a series, from their offers of its occurrences (ADR 36). */
export type SeriesStanding = 'accepted' | 'rejected' | 'open' | 'lapsed';

/**
 * Each driver's standing with a series: their newest answer given for the whole series; else an
 * offer of it still open; else offers of it that ran out unanswered. A one-date answer is not a
 * series answer. A driver never offered any of these jobs is left out of the map.
 */
export async function seriesStandings(
  db: Db,
  jobIds: readonly string[],
  driverIds: readonly string[],
  now: Date,
): Promise<Map<string, SeriesStanding>> {
  if (jobIds.length === 0 || driverIds.length === 0) return new Map();
  const rows = await db
    .select({
      driverId: jobOffers.driverId,
      status: jobOffers.status,
      forSeries: jobOffers.forSeries,
      expiresAt: jobOffers.expiresAt,
    })
    .from(jobOffers)
    .where(and(inArray(jobOffers.jobId, [...jobIds]), inArray(jobOffers.driverId, [...driverIds])))
    .orderBy(desc(jobOffers.updatedAt));
  const standings = new Map<string, SeriesStanding>();
  for (const driverId of new Set(rows.map((r) => r.driverId))) {
    const own = rows.filter((r) => r.driverId === driverId);
    const answer = own.find((r) => r.forSeries && (r.status === 'accepted' || r.status === 'rejected'));
    const open = own.some((r) => r.status === 'pending' && (!r.expiresAt || r.expiresAt > now));
    const lapsed = own.some((r) => r.status === 'expired' || (r.status === 'pending' && !open));
    const standing = answer ? answer.status : open ? 'open' : lapsed ? 'lapsed' : null;
    if (standing) standings.set(driverId, standing as SeriesStanding);
  }
  return standings;
}

/** Accepts a driver's pending offers of these jobs on their standing series answer; answers how many. */
export async function acceptPendingOffersForSeries(
  tx: Db,
  jobIds: readonly string[],
  driverId: string,
  now: Date,
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const rows = await tx
    .update(jobOffers)
    .set({ status: 'accepted', forSeries: true, updatedAt: now })
    .where(
      and(
        inArray(jobOffers.jobId, [...jobIds]),
        eq(jobOffers.driverId, driverId),
        eq(jobOffers.status, 'pending'),
      ),
    )
    .returning({ id: jobOffers.id });
  return rows.length;
}

/** Marks every pending offer past its expiry as expired, and answers them. */
export async function expireDueOffers(tx: Db, now: Date): Promise<OfferRow[]> {
  return tx
    .update(jobOffers)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(jobOffers.status, 'pending'), lte(jobOffers.expiresAt, now)))
    .returning(offerColumns);
}

/** The offers made on a job, newest first, with the drivers' names (the manager's view). */
export async function offersOfJob(db: Db, jobId: string) {
  return db
    .select({ ...offerColumns, driverFirstName: users.firstName, driverLastName: users.lastName })
    .from(jobOffers)
    .innerJoin(users, eq(users.id, jobOffers.driverId))
    .where(eq(jobOffers.jobId, jobId))
    .orderBy(desc(jobOffers.createdAt));
}

const unexpiredPending = (now: Date) =>
  and(eq(jobOffers.status, 'pending'), or(isNull(jobOffers.expiresAt), gt(jobOffers.expiresAt, now)));

// Available Jobs asks this for every page: built once and prepared by name, the page's ids as one
// JSON array.
const pendingOffersOfPage = preparedPerDatabase((db) =>
  db
    .select({ id: jobOffers.id, jobId: jobOffers.jobId, expiresAt: jobOffers.expiresAt })
    .from(jobOffers)
    .where(
      and(
        eq(jobOffers.driverId, sql.placeholder('driverId')),
        sql`${jobOffers.jobId} in (select json_array_elements_text(${sql.placeholder('ids')}::json))`,
        eq(jobOffers.status, 'pending'),
        or(isNull(jobOffers.expiresAt), gt(jobOffers.expiresAt, sql.placeholder('now'))),
      ),
    )
    .prepare('pending_offers_of_jobs'),
);

/** The driver's pending, unexpired offers of these jobs, by job. */
export async function pendingOffersOfJobs(
  db: Db,
  driverId: string,
  jobIds: readonly string[],
  now: Date,
): Promise<Map<string, { id: string; expiresAt: Date | null }>> {
  if (jobIds.length === 0) return new Map();
  const rows = await pendingOffersOfPage(db).execute({
    driverId,
    ids: JSON.stringify(jobIds),
    now: now.toISOString(),
  });
  return new Map(rows.map((r) => [r.jobId, { id: r.id, expiresAt: r.expiresAt }]));
}

/** How many offers wait for the driver's answer. */
export async function countPendingOffers(db: Db, driverId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobOffers)
    .where(and(eq(jobOffers.driverId, driverId), unexpiredPending(now)));
  return row?.n ?? 0;
}

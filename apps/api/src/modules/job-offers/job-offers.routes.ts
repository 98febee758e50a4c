import {
  AnswerOfferInputSchema,
  AvailableJobSchema,
  AvailableJobsQuerySchema,
  boundedPageOf,
  CreateOfferInputSchema,
  DecideRequestInputSchema,
  dateInZone,
  effectiveOfferStatus,
  type JobOffer,
  JobOfferListSchema,
  JobOfferSchema,
  JobRequestInputSchema,
  JobRequestSchema,
  JobStaffingSchema,
  MessageSchema,
  PendingOfferCountSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage } from '../../http/list-query';
import { driverQualification } from '../compliance';
import { loadHoursContext } from '../driver-hours';
import { getJob, getJobsByIds, JOB_NOT_FOUND, jobsOfSeries, listAvailableJobs, toDriverJob } from '../jobs';
import { type NotificationDeps, notifyAboutJob } from '../notifications';
import { findUserById } from '../users';
import {
  countPendingOffers,
  listDriverOffers,
  offersOfJob,
  pendingOffersOfJobs,
} from './job-offers.repository';
import { answerOffer, offerOpenSlot } from './job-offers.service';
import { requestedJobIds, requestsOfJob } from './job-requests.repository';
import { decideRequest, requestJob } from './job-requests.service';

// The offer cycle (ADR 0014): drivers answer offers and request open positions; managers see a
// job's offers and requests, approve or reject requests, and offer open slots to chosen drivers.

/** Previous offers shown: the newest ones. Pending offers are always all shown. */
const PREVIOUS_OFFERS_SHOWN = 50;

const JobIdParamsSchema = z.object({ jobId: z.string().trim().min(1).max(100) });
const OfferIdParamsSchema = z.object({ offerId: z.string().trim().min(1).max(100) });

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || 'A driver';

export async function jobOffersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['job offers'];
  const deps = (request: FastifyRequest, tx: Db): NotificationDeps => ({
    db: tx,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    timeZone: app.config.timezone,
    log: request.log,
  });
  /** Tells managers (and these drivers) that a job's staffing changed, in the change's transaction. */
  const announce = async (tx: Db, jobId: string, driverIds: readonly string[]) => {
    for (const type of ['jobs.changed', 'offers.changed'] as const)
      await publishLiveEvent(tx, { type, roles: ['manager'], userIds: driverIds, payload: { jobId } });
  };
  const userId = (request: FastifyRequest) => {
    const id = request.identity.user?.id;
    if (!id) throw new HttpError(401, 'Unauthorized');
    return id;
  };

  r.get(
    '/api/job-offers',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: "The driver's offers: every pending one, and the newest previous ones (answered or expired)",
        response: { 200: JobOfferListSchema },
      },
    },
    async (request) => {
      const driverId = userId(request);
      const rows = await listDriverOffers(app.db, driverId, 500);
      const now = new Date();
      const actionable = (o: (typeof rows)[number]) =>
        effectiveOfferStatus({ status: o.status, expiresAt: iso(o.expiresAt) }, now) === 'pending';
      // Which offers are shown is known from the offers alone: only their jobs are read (a driver
      // of some years holds hundreds of answered offers, and their jobs were most of this answer's cost).
      const pendingRows = rows.filter(actionable).reverse();
      const previousRows = rows.filter((o) => !actionable(o)).slice(0, PREVIOUS_OFFERS_SHOWN);
      const jobs = await getJobsByIds(
        app.db,
        [...pendingRows, ...previousRows].map((o) => o.jobId),
      );
      const toOffer = (o: (typeof rows)[number]): JobOffer[] => {
        const job = jobs.get(o.jobId);
        if (!job) return [];
        return [
          {
            id: o.id,
            jobId: o.jobId,
            driverId: o.driverId,
            status: o.status,
            message: o.message,
            expiresAt: iso(o.expiresAt),
            createdAt: o.createdAt.toISOString(),
            updatedAt: o.updatedAt.toISOString(),
            // The offer is about this driver's position: their slot, even after a decline freed it.
            job: toDriverJob(job, driverId),
            creator: { firstName: o.creatorFirstName },
          },
        ];
      };
      return { pending: pendingRows.flatMap(toOffer), previous: previousRows.flatMap(toOffer) };
    },
  );

  r.get(
    '/api/job-offers/pending-count',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: "How many offers wait for the driver's answer (the Job Offers tab's badge)",
        response: { 200: PendingOfferCountSchema },
      },
    },
    async (request) => ({ pending: await countPendingOffers(app.db, userId(request), new Date()) }),
  );

  r.patch(
    '/api/job-offers/:offerId',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: 'Accept or decline (rejected) a pending offer; declining frees the slot',
        params: OfferIdParamsSchema,
        body: AnswerOfferInputSchema,
        response: { 200: JobOfferSchema },
      },
    },
    async (request) => {
      const driverId = userId(request);
      const { offer, job } = await app.db.transaction(async (tx) => {
        const forSeries = request.body.series === true;
        const offer = await answerOffer(
          tx,
          request.params.offerId,
          driverId,
          request.body.status,
          new Date(),
          forSeries,
        );
        const job = (await getJob(tx, offer.jobId))!;
        await announce(tx, job.id, [driverId]);
        if (forSeries && job.seriesId) {
          // A series is accepted or declined once: its manager hears of it once, by this offer's mail.
          const siblings = (await jobsOfSeries(tx, [job.seriesId]))
            .map((j) => j.id)
            .filter((id) => id !== job.id);
          const open = await pendingOffersOfJobs(tx, driverId, siblings, new Date());
          for (const [jobId, other] of open) {
            await answerOffer(tx, other.id, driverId, request.body.status, new Date(), true);
            await announce(tx, jobId, [driverId]);
          }
        }
        const user = await findUserById(tx, driverId);
        const driver = fullName(user?.firstName ?? null, user?.lastName ?? null);
        if (offer.createdBy) {
          await notifyAboutJob(
            deps(request, tx),
            job,
            [offer.createdBy],
            offer.status === 'accepted'
              ? { type: 'acceptance', driverName: driver }
              : { type: 'decline', driverName: driver, expired: false },
          );
        }
        return { offer, job };
      });
      return {
        id: offer.id,
        jobId: offer.jobId,
        driverId: offer.driverId,
        status: offer.status,
        message: offer.message,
        expiresAt: iso(offer.expiresAt),
        createdAt: offer.createdAt.toISOString(),
        updatedAt: offer.updatedAt.toISOString(),
        job: toDriverJob(job, driverId),
        creator: null,
      };
    },
  );

  r.get(
    '/api/jobs/available',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: 'Published jobs, today or later, with open driver positions the driver does not hold',
        querystring: AvailableJobsQuerySchema,
        response: { 200: boundedPageOf(AvailableJobSchema) },
      },
    },
    async (request) => {
      const driverId = userId(request);
      const today = dateInZone(new Date(), app.config.timezone);
      const qualification = await driverQualification(app.db, driverId, app.config.timezone);
      const page = await listPage(request.query, (window) =>
        listAvailableJobs(app.db, {
          driverId,
          today,
          limit: window.limit,
          offset: window.offset,
          qualification,
        }),
      );
      const jobIds = page.items.map((i) => i.job.id);
      const requested = await requestedJobIds(app.db, driverId, jobIds);
      const offers = await pendingOffersOfJobs(app.db, driverId, jobIds, new Date());
      return {
        ...page,
        items: page.items.map(({ job, openSlots }) => ({
          ...toDriverJob(job, driverId),
          customer: job.customer && {
            id: job.customer.id,
            companyName: job.customer.companyName,
            name: job.customer.name,
            companyType: job.customer.companyType,
          },
          // Only the open positions: other drivers' names are not for this driver to see.
          vehicles: job.vehicles
            .filter((s) => s.vehicleId && !s.driverId)
            .map((s) => ({ ...s, driver: null })),
          openSlots,
          requested: requested.has(job.id),
          offer: offers.has(job.id)
            ? { id: offers.get(job.id)!.id, expiresAt: iso(offers.get(job.id)!.expiresAt) }
            : null,
        })),
      };
    },
  );

  r.post(
    '/api/jobs/:jobId/request',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: 'Request an open position of a published job (once per job)',
        params: JobIdParamsSchema,
        body: JobRequestInputSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const driverId = userId(request);
      await app.db.transaction(async (tx) => {
        await requestJob(tx, request.params.jobId, driverId, request.body.message);
        await announce(tx, request.params.jobId, [driverId]);
      });
      return reply.code(201).send({ message: 'Your job request has been sent to management for review.' });
    },
  );

  r.get(
    '/api/jobs/:id/staffing',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "A job's offers (newest first) and requests (oldest first) with the drivers' names",
        params: IdParamsSchema,
        response: { 200: JobStaffingSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [offers, requests] = await Promise.all([offersOfJob(app.db, id), requestsOfJob(app.db, id)]);
      if (offers.length === 0 && requests.length === 0 && !(await getJob(app.db, id))) {
        throw new HttpError(404, JOB_NOT_FOUND);
      }
      return {
        offers: offers.map((o) => ({
          id: o.id,
          driverId: o.driverId,
          status: o.status,
          message: o.message,
          expiresAt: iso(o.expiresAt),
          createdAt: o.createdAt.toISOString(),
          updatedAt: o.updatedAt.toISOString(),
          driver: { id: o.driverId, firstName: o.driverFirstName, lastName: o.driverLastName },
        })),
        requests: requests.map((q) => ({
          id: q.id,
          jobId: q.jobId,
          driverId: q.driverId,
          status: q.status,
          message: q.message,
          createdAt: q.createdAt.toISOString(),
          driver: { id: q.driverId, firstName: q.driverFirstName, lastName: q.driverLastName },
        })),
      };
    },
  );

  r.post(
    '/api/jobs/:id/offers',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary:
          'Offer an open slot (with a vehicle, without a driver) of a published job to a chosen driver',
        params: IdParamsSchema,
        body: CreateOfferInputSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const hours = await loadHoursContext(app.db, app.config.timezone);
      await app.db.transaction(async (tx) => {
        const { expiresAt } = await offerOpenSlot(
          tx,
          {
            jobId: id,
            slotId: request.body.slotId,
            driverId: request.body.driverId,
            message: request.body.message,
            createdBy: request.identity.user?.id ?? null,
            hoursOverrideReason: request.body.hoursOverrideReason,
            complianceOverrideReason: request.body.complianceOverrideReason,
          },
          new Date(),
          hours,
        );
        const job = (await getJob(tx, id))!;
        await announce(tx, id, [request.body.driverId]);
        await notifyAboutJob(deps(request, tx), job, [request.body.driverId], { type: 'offer', expiresAt });
      });
      return reply.code(201).send({ message: 'Offer sent' });
    },
  );

  r.patch(
    '/api/job-requests/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Approve (puts the driver on an open slot) or reject a pending request',
        params: IdParamsSchema,
        body: DecideRequestInputSchema,
        response: { 200: JobRequestSchema.omit({ driver: true }) },
      },
    },
    async (request) => {
      const hours = await loadHoursContext(app.db, app.config.timezone);
      const decided = await app.db.transaction(async (tx) => {
        const { request: decided, notTaken } = await decideRequest(
          tx,
          request.params.id,
          request.body.status,
          request.body.slotId,
          {
            hours,
            reason: request.body.hoursOverrideReason,
            complianceReason: request.body.complianceOverrideReason,
            userId: request.identity.user?.id ?? null,
          },
        );
        const job = (await getJob(tx, decided.jobId))!;
        await announce(tx, job.id, [decided.driverId, ...notTaken]);
        if (decided.status === 'approved') {
          await notifyAboutJob(deps(request, tx), job, [decided.driverId], { type: 'assignment' });
        }
        await notifyAboutJob(
          deps(request, tx),
          job,
          decided.status === 'rejected' ? [decided.driverId, ...notTaken] : notTaken,
          { type: 'request_not_taken' },
        );
        return decided;
      });
      return { ...decided, createdAt: decided.createdAt.toISOString() };
    },
  );
}

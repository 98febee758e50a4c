import {
  DriverJobSchema,
  dateInZone,
  JOB_VERSION_REQUIRED,
  JobChecksSchema,
  JobClashQuerySchema,
  JobInputSchema,
  JobListQuerySchema,
  JobListRowSchema,
  JobSaveResultSchema,
  JobSchema,
  JobScopeQuerySchema,
  JobStatusInputSchema,
  JobSummarySchema,
  jobPageOf,
  jobTimeWindow,
  MessageSchema,
  periodRange,
  SlotAllocationInputSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { boundedPageText, sendJsonText } from '../../http/json-text';
import { IdParamsSchema, isManager, listPage } from '../../http/list-query';
import { hoursWarnings, loadHoursContext } from '../driver-hours';
import { type NotificationDeps, notifyAboutJob } from '../notifications';
import { noteDriverChanges } from './driver-change-notices.service';
import { findClashes } from './job-clashes.repository';
import { driverHoldsJob } from './job-staffing.repository';
import {
  deleteJobRow,
  getJob,
  listJobRowsText,
  listJobSummaries,
  listJobs,
  setJobFlags,
  toDriverJob,
} from './jobs.repository';
import {
  allocateSlot,
  changeJobStatus,
  createJob,
  JOB_NOT_FOUND,
  publishJob,
  type SaveOutcome,
  toSaveResult,
  updateFollowing,
  updateJob,
} from './jobs.service';

// The page's JSON text as ADR 40 checks it outside production: built once, not on each request.
const JOB_ROWS_PAGE_TEXT = jobPageOf(JobListRowSchema).strict();

const driversOf = (job: { vehicles: { driverId: string | null }[] }) =>
  job.vehicles.map((s) => s.driverId).filter((id): id is string => id !== null);

// A manager sees every job with its prices; a driver (or a manager asking for `mine=1`, from the
// driver portal) sees only the jobs they hold a slot on, without prices. The terminal asks with
// `terminal=1` for the driver signed in at it (a depot tablet may also hold a portal session).
const ViewQuerySchema = z.object({
  mine: z.enum(['0', '1', 'true', 'false']).optional(),
  terminal: z.enum(['0', '1', 'true', 'false']).optional(),
});

const yes = (v: string | undefined) => v === '1' || v === 'true';

function driverView(request: FastifyRequest, query: { mine?: string; terminal?: string }): string | null {
  const { user, terminalDriverId } = request.identity;
  if (yes(query.terminal) || !user) {
    if (!terminalDriverId) throw new HttpError(401, 'Unauthorized');
    return terminalDriverId;
  }
  return !isManager(request) || yes(query.mine) ? user.id : null;
}

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const manager = 'manager' as const;
  const managerOrDriver = ['manager', 'driver', 'terminal'] as const;
  const mailDeps = (request: FastifyRequest, tx: Db): NotificationDeps => ({
    db: tx,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    timeZone: app.config.timezone,
    log: request.log,
  });

  /** Screens refresh on it: every manager, and the drivers on the job (also those just taken off). */
  const announce = async (
    db: Db,
    jobId: string,
    driverIds: readonly string[],
    offered: readonly string[] = [],
  ) => {
    await publishLiveEvent(db, {
      type: 'jobs.changed',
      roles: ['manager'],
      userIds: driverIds,
      payload: { jobId },
    });
    if (offered.length > 0)
      await publishLiveEvent(db, { type: 'offers.changed', userIds: offered, payload: { jobId } });
  };

  /**
   * Runs a save and, in its transaction, what it tells others: the live events and the queued mails
   * commit with the change or not at all, so a crash can neither lose them nor send them for a save
   * that never happened. `before` names drivers taken off (they hear of it too).
   */
  const tell = async (
    request: FastifyRequest,
    tx: Db,
    outcome: SaveOutcome & { before?: readonly string[] },
    /** A series' later occurrences: their drivers were offered the series with its first mail. */
    mailOffers = true,
  ) => {
    await announce(
      tx,
      outcome.job.id,
      [...(outcome.before ?? []), ...driversOf(outcome.job)],
      outcome.offeredDriverIds,
    );
    const deps = mailDeps(request, tx);
    if (mailOffers && outcome.offeredDriverIds.length > 0 && outcome.offerExpiresAt) {
      await notifyAboutJob(deps, outcome.job, outcome.offeredDriverIds, {
        type: 'offer',
        expiresAt: outcome.offerExpiresAt,
      });
    }
    // Drivers whose own work changed hear of it once the change window closes (ADR 28).
    await noteDriverChanges(
      tx,
      { before: outcome.previous, after: outcome.job, offered: outcome.offeredDriverIds },
      new Date(),
      app.config.driverChangeWindowMs,
    );
  };

  const saveAndTell = (
    request: FastifyRequest,
    save: (tx: Db) => Promise<SaveOutcome & { before?: readonly string[] }>,
  ) =>
    app.db.transaction(async (tx) => {
      const outcome = await save(tx);
      await tell(request, tx, outcome);
      return outcome;
    });

  r.get(
    '/api/jobs',
    {
      config: { access: managerOrDriver },
      schema: {
        tags,
        summary:
          'One page of jobs by service date then first departure: a manager gets summaries (the list columns; with shape=rows as tuples, ADR 40), a driver only their own jobs, whole but without prices',
        querystring: JobListQuerySchema.extend(ViewQuerySchema.shape),
        response: { 200: jobPageOf(z.union([JobListRowSchema, JobSummarySchema, DriverJobSchema])) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const driverId = driverView(request, q);
      const today = dateInZone(new Date(), app.config.timezone);
      const range = q.period ? periodRange(q.period, today) : null;
      const later = (a?: string | null, b?: string | null) => (a && b ? (a > b ? a : b) : (a ?? b ?? null));
      const sooner = (a?: string | null, b?: string | null) => (a && b ? (a < b ? a : b) : (a ?? b ?? null));
      const filter = {
        from: later(range?.from, q.from),
        to: sooner(range?.to, q.to),
        status: q.status,
        seriesId: q.seriesId,
        quote: q.quote,
        driverId: q.driverId,
        today,
      };
      if (!driverId && q.shape === 'rows') {
        const window = { search: q.search || undefined, limit: q.limit, offset: q.offset };
        const page = await listJobRowsText(app.db, { ...window, ...filter });
        const json = boundedPageText(page, q);
        return sendJsonText(reply as FastifyReply, json, JOB_ROWS_PAGE_TEXT, app.config.production);
      }
      if (!driverId) return listPage(q, (window) => listJobSummaries(app.db, { ...window, ...filter }));
      const page = await listPage(q, (window) =>
        listJobs(app.db, { ...window, ...filter, heldBy: driverId }),
      );
      return { ...page, items: page.items.map((job) => toDriverJob(job, driverId)) };
    },
  );

  r.post(
    '/api/jobs/clashes',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'Vehicles and drivers of a job form already on another job at an overlapping time, and drivers it would put over the hours rules',
        body: JobClashQuerySchema,
        response: { 200: JobChecksSchema },
      },
    },
    async (request) => {
      const q = request.body;
      if (!q.serviceDate) return { clashes: [], hours: [] };
      const window = jobTimeWindow(q.legs);
      const clashes = await findClashes(app.db, {
        jobId: q.jobId,
        serviceDate: q.serviceDate,
        start: window.start,
        end: window.end,
        vehicleIds: q.vehicles.map((v) => v.vehicleId).filter((id): id is string => !!id),
        driverIds: q.vehicles.map((v) => v.driverId).filter((id): id is string => !!id),
      });
      const hours = await hoursWarnings(
        app.db,
        await loadHoursContext(app.db, app.config.timezone),
        { id: q.jobId ?? null, serviceDate: q.serviceDate, legs: q.legs },
        q.vehicles.map((v) => v.driverId).filter((id): id is string => !!id),
      );
      return { clashes, hours };
    },
  );

  r.get(
    '/api/jobs/:id',
    {
      config: { access: managerOrDriver },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: ViewQuerySchema,
        response: { 200: z.union([JobSchema, DriverJobSchema]) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const driverId = driverView(request, request.query);
      // A job the driver does not hold is not theirs to know about: the same 404 as a missing one.
      if (driverId && !(await driverHoldsJob(app.db, id, driverId))) throw new HttpError(404, JOB_NOT_FOUND);
      const job = await getJob(app.db, id);
      if (!job) throw new HttpError(404, JOB_NOT_FOUND);
      return driverId ? toDriverJob(job, driverId) : job;
    },
  );

  r.post(
    '/api/jobs',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'Create a job with its legs, vehicle slots and (optionally) a new customer, in one transaction',
        body: JobInputSchema,
        response: { 201: JobSaveResultSchema },
      },
    },
    async (request, reply) => {
      const hours = await loadHoursContext(app.db, app.config.timezone);
      const outcome = await saveAndTell(request, (tx) =>
        createJob(tx, request.body, request.identity.user?.id ?? null, hours),
      );
      return reply.code(201).send(toSaveResult(outcome));
    },
  );

  r.put(
    '/api/jobs/:id',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'Update a job; with `version`, a job saved by someone else since answers 409. `scope=following` on an occurrence of a series also changes every later occurrence not started and splits the series there',
        params: IdParamsSchema,
        querystring: JobScopeQuerySchema,
        body: JobInputSchema,
        response: { 200: JobSaveResultSchema },
      },
    },
    async (request) => {
      // Without the version a save would overwrite whatever someone else saved meanwhile.
      if (request.body.version === undefined) throw new HttpError(428, JOB_VERSION_REQUIRED);
      const hours = await loadHoursContext(app.db, app.config.timezone);
      const userId = request.identity.user?.id ?? null;
      if (request.query.scope === 'following') {
        const outcome = await app.db.transaction(async (tx) => {
          const { outcome, others } = await updateFollowing(
            tx,
            request.params.id,
            request.body,
            userId,
            new Date(),
            hours,
          );
          await tell(request, tx, outcome);
          for (const other of others) await tell(request, tx, other, false);
          return outcome;
        });
        return toSaveResult(outcome);
      }
      const outcome = await saveAndTell(request, (tx) =>
        updateJob(tx, request.params.id, request.body, userId, new Date(), hours),
      );
      return toSaveResult(outcome);
    },
  );

  r.patch(
    '/api/jobs/:id/slots/:slotId',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          "Give one vehicle slot another vehicle or driver (the dispatch board): saved with the job form's rules; `was` must still be the slot's vehicle and driver, else 409",
        params: IdParamsSchema.extend({ slotId: IdParamsSchema.shape.id }),
        body: SlotAllocationInputSchema,
        response: { 200: JobSaveResultSchema },
      },
    },
    async (request) => {
      const hours = await loadHoursContext(app.db, app.config.timezone);
      const outcome = await saveAndTell(request, (tx) =>
        allocateSlot(
          tx,
          request.params.id,
          request.params.slotId,
          request.body,
          request.identity.user?.id ?? null,
          new Date(),
          hours,
        ),
      );
      return toSaveResult(outcome);
    },
  );

  r.delete(
    '/api/jobs/:id',
    {
      config: { access: manager },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const job = await getJob(tx, request.params.id);
        if (!job || !(await deleteJobRow(tx, job.id))) throw new HttpError(404, JOB_NOT_FOUND);
        await announce(tx, job.id, driversOf(job));
      });
      return { message: 'Job deleted successfully' };
    },
  );

  r.post(
    '/api/jobs/:id/publish',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: 'Publish a draft: offers it to the drivers on its slots and mails them',
        params: IdParamsSchema,
        response: { 200: JobSaveResultSchema },
      },
    },
    async (request) => {
      const outcome = await saveAndTell(request, (tx) =>
        publishJob(tx, request.params.id, request.identity.user?.id ?? null),
      );
      return toSaveResult(outcome);
    },
  );

  r.patch(
    '/api/jobs/:id/status',
    {
      config: { access: manager },
      schema: { tags, params: IdParamsSchema, body: JobStatusInputSchema, response: { 200: JobSchema } },
    },
    async (request) => {
      const outcome = await saveAndTell(request, (tx) =>
        changeJobStatus(tx, request.params.id, request.body.status),
      );
      return outcome.job;
    },
  );

  r.post(
    '/api/jobs/:id/clear-updates',
    {
      config: { access: managerOrDriver },
      schema: {
        tags,
        summary: 'Mark as Seen',
        params: IdParamsSchema,
        querystring: ViewQuerySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const driverId =
        isManager(request) && !yes(request.query.terminal) ? null : driverView(request, request.query);
      if (driverId && !(await driverHoldsJob(app.db, id, driverId))) throw new HttpError(404, JOB_NOT_FOUND);
      await app.db.transaction(async (tx) => {
        if (!(await setJobFlags(tx, id, { hasUpdates: 0 }))) throw new HttpError(404, JOB_NOT_FOUND);
        await announce(tx, id, driverId ? [driverId] : []);
      });
      return { message: 'Job updates cleared' };
    },
  );
}

import {
  JobSeriesCreatedSchema,
  JobSeriesDetailSchema,
  JobSeriesInputSchema,
  JobSeriesSchema,
  MessageSchema,
  SCHOOL_TERM_NOT_FOUND,
  SCHOOL_TERM_OVERLAP,
  SchoolTermInputSchema,
  SchoolTermSchema,
  SeriesPreviewInputSchema,
  SeriesPreviewSchema,
  SeriesSettingsSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { loadHoursContext } from '../driver-hours';
import { notifyAboutJob } from '../notifications';
import {
  deleteSchoolTerm,
  getSeriesSettings,
  insertSchoolTerm,
  listSchoolTerms,
  lockSchoolTerms,
  overlappingTerm,
  saveSeriesSettings,
  updateSchoolTerm,
} from './job-series.repository';
import { createSeries, datesOf, endSeries, seriesDetail } from './job-series.service';

export async function jobSeriesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['job-series'];
  const manager = 'manager' as const;
  const userOf = (request: FastifyRequest) => request.identity.user?.id ?? null;

  const announce = (tx: Db, jobIds: readonly string[], driverIds: readonly string[]) =>
    publishLiveEvent(tx, {
      type: 'jobs.changed',
      roles: ['manager'],
      userIds: driverIds,
      // Screens refetch on the event; the first job is enough to name it.
      payload: jobIds[0] ? { jobId: jobIds[0] } : {},
    });

  r.post(
    '/api/job-series/preview',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: "The dates a recurrence gives after its exclusions (the form's preview); nothing is saved",
        body: SeriesPreviewInputSchema,
        response: { 200: SeriesPreviewSchema },
      },
    },
    async (request) => {
      const { recurrence, exclude } = request.body;
      const settings = await getSeriesSettings(app.db);
      const rule = {
        rrule: recurrence.rrule.replace(/^RRULE:/i, ''),
        startDate: recurrence.start,
        untilDate: recurrence.until,
        count: recurrence.count,
        excludeDates: exclude.dates,
        holidaysRegion:
          exclude.holidaysRegion === undefined ? settings.holidaysRegion : exclude.holidaysRegion,
        schoolTerms: exclude.schoolTerms ?? null,
      };
      return { dates: datesOf(rule, rule.schoolTerms ? await listSchoolTerms(app.db) : []) };
    },
  );

  r.post(
    '/api/job-series',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'Create a recurring job: the series and its occurrences up to the horizon, each date checked (409 lists the dates that fail: answer with leaveFailingOpen or overrideReason)',
        body: JobSeriesInputSchema,
        response: { 201: JobSeriesCreatedSchema },
      },
    },
    async (request, reply) => {
      const hours = await loadHoursContext(app.db, app.config.timezone);
      const result = await app.db.transaction(async (tx) => {
        const { series, outcome } = await createSeries(tx, request.body, {
          userId: userOf(request),
          timeZone: app.config.timezone,
          hours,
        });
        const ids = outcome.jobs.map((j) => j.id);
        await announce(tx, ids, [...outcome.offers.keys()]);
        // One offer mail a driver for the whole series, naming its first occurrence offered to them.
        const first = new Map(outcome.jobs.map((j) => [j.id, j]));
        for (const [driverId, jobIds] of outcome.offers) {
          const job = first.get(jobIds[0] ?? '');
          if (!job || !outcome.offerExpiresAt) continue;
          await notifyAboutJob(
            {
              db: tx,
              mailer: app.mailer,
              publicUrl: app.config.publicUrl,
              timeZone: app.config.timezone,
              log: request.log,
            },
            job,
            [driverId],
            { type: 'offer', expiresAt: outcome.offerExpiresAt },
          );
        }
        return {
          series,
          jobs: outcome.jobs.map((j) => ({
            id: j.id,
            jobNumber: j.jobNumber,
            serviceDate: j.serviceDate,
            status: j.status,
          })),
        };
      });
      return reply.code(201).send(result);
    },
  );

  r.get(
    '/api/job-series/:id',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'A series: every date of its rule after the exclusions (with the job once created) and its jobs',
        params: IdParamsSchema,
        response: { 200: JobSeriesDetailSchema },
      },
    },
    async (request) => seriesDetail(app.db, request.params.id),
  );

  r.post(
    '/api/job-series/:id/end',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: 'End a series: no more occurrences; those after today that have not started are cancelled',
        params: IdParamsSchema,
        response: { 200: z.object({ series: JobSeriesSchema, cancelled: z.number().int() }) },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const { series, cancelledJobIds } = await endSeries(tx, request.params.id, app.config.timezone);
        if (cancelledJobIds.length > 0) await announce(tx, cancelledJobIds, []);
        return { series, cancelled: cancelledJobIds.length };
      }),
  );

  // ---- Settings > Recurring Jobs

  r.get(
    '/api/settings/recurring-jobs',
    { config: { access: manager }, schema: { tags, response: { 200: SeriesSettingsSchema } } },
    async () => getSeriesSettings(app.db),
  );

  r.put(
    '/api/settings/recurring-jobs',
    {
      config: { access: manager },
      schema: { tags, body: SeriesSettingsSchema, response: { 200: SeriesSettingsSchema } },
    },
    async (request) => {
      await app.db.transaction((tx) => saveSeriesSettings(tx, request.body));
      return getSeriesSettings(app.db);
    },
  );

  r.get(
    '/api/settings/school-terms',
    { config: { access: manager }, schema: { tags, response: { 200: z.array(SchoolTermSchema) } } },
    async () => listSchoolTerms(app.db),
  );

  const saveTerm = (id: string | null, body: z.output<typeof SchoolTermInputSchema>) =>
    app.db.transaction(async (tx) => {
      await lockSchoolTerms(tx);
      if (await overlappingTerm(tx, body, id ?? undefined)) {
        throw new HttpError(409, SCHOOL_TERM_OVERLAP, [{ path: 'startDate', message: SCHOOL_TERM_OVERLAP }]);
      }
      const values = { year: body.year, name: body.name, startDate: body.startDate, endDate: body.endDate };
      const saved = id ? await updateSchoolTerm(tx, id, values) : await insertSchoolTerm(tx, values);
      if (!saved) throw new HttpError(404, SCHOOL_TERM_NOT_FOUND);
      return saved;
    });

  r.post(
    '/api/settings/school-terms',
    {
      config: { access: manager },
      schema: { tags, body: SchoolTermInputSchema, response: { 201: SchoolTermSchema } },
    },
    async (request, reply) => reply.code(201).send(await saveTerm(null, request.body)),
  );

  r.put(
    '/api/settings/school-terms/:id',
    {
      config: { access: manager },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SchoolTermInputSchema,
        response: { 200: SchoolTermSchema },
      },
    },
    async (request) => saveTerm(request.params.id, request.body),
  );

  r.delete(
    '/api/settings/school-terms/:id',
    {
      config: { access: manager },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      if (!(await app.db.transaction((tx) => deleteSchoolTerm(tx, request.params.id))))
        throw new HttpError(404, SCHOOL_TERM_NOT_FOUND);
      return { message: 'School term deleted' };
    },
  );
}

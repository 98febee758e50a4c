import { PassThrough } from 'node:stream';
import {
  complianceRuleLabel,
  csvRow,
  HOURS_RULE_LABEL,
  OVERRIDE_KIND_LABELS,
  type OverrideRow,
  OverrideRowSchema,
  OverridesQuerySchema,
  overrideDetailsText,
  pageOf,
  UNKNOWN_DRIVER,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage } from '../../http/list-query';
import { operatorFormatters } from '../settings';
import { jobExists, listOverrides, type OverrideFilter, type StoredOverride } from './overrides.repository';

// The Overrides report (issue 26, ADR 34): hours and compliance overrides in one list, its CSV, and a
// job's own overrides for its detail. Managers only: the reasons name drivers and their hours.

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function shape(r: StoredOverride): OverrideRow {
  const rule = r.kind === 'hours' ? HOURS_RULE_LABEL : complianceRuleLabel(r.rule_key);
  return {
    id: r.id,
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    allowedByName: r.allowed_by_name,
    jobId: r.job_id,
    jobNumber: r.job_number,
    jobTitle: r.job_title,
    driverId: r.driver_id,
    driverName: r.driver_name,
    vehicleId: r.vehicle_id,
    vehicle: r.vehicle,
    ruleKey: r.rule_key,
    rule,
    problems: json(r.problems).map((p) => ({
      label: r.kind === 'hours' ? p.label : complianceRuleLabel(p.label),
      text: p.text,
    })),
    details: json(r.details) ?? {},
    checkedFor: r.checked_for,
    reason: r.reason,
  };
}

export const OVERRIDES_CSV_HEADER = [
  'Date (ISO)',
  'Date',
  'Kind',
  'Allowed by',
  'Job',
  'Job title',
  'Driver',
  'Vehicle',
  'Rule',
  'What the check said',
  'Details',
  'Reason',
];

function csvCells(r: OverrideRow, local: (s: string) => string) {
  return [
    r.at,
    local(r.at),
    OVERRIDE_KIND_LABELS[r.kind],
    r.allowedByName ?? '',
    r.jobNumber ?? '',
    r.jobTitle ?? '',
    r.driverId ? (r.driverName ?? UNKNOWN_DRIVER) : '',
    r.vehicle ?? '',
    r.rule,
    r.problems.map((p) => `${p.label}: ${p.text}`).join('; '),
    // ISO dates: a spreadsheet reads them as dates whatever the operator's locale.
    overrideDetailsText(r.details, (d) => d) ?? '',
    r.reason,
  ];
}

const EXPORT_BATCH = 500;

export async function overridesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const access = 'manager' as const;
  const filterOf = (q: z.output<typeof OverridesQuerySchema>) => ({
    from: q.from,
    to: q.to,
    driverId: q.driverId,
    vehicleId: q.vehicleId,
    kind: q.kind,
    timeZone: app.config.timezone,
  });

  r.get(
    '/api/reports/overrides',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Hours and compliance overrides: one page, newest first; from/to are operator dates; filter by driverId, vehicleId, kind',
        querystring: OverridesQuerySchema,
        response: { 200: pageOf(OverrideRowSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listPage(q, (w) =>
        listOverrides(app.db, { ...filterOf(q), limit: w.limit, offset: w.offset }),
      );
      return { ...page, items: page.items.map(shape) };
    },
  );

  r.get(
    '/api/reports/overrides/export',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The filtered overrides as CSV (UTF-8, header row, ISO and local dates), streamed',
        querystring: OverridesQuerySchema,
      },
    },
    async (request, reply) => {
      const format = await operatorFormatters(app.db, app.config.timezone);
      const local = (value: string) => format.reportDateTime(value);
      const filter = filterOf(request.query);
      const out = new PassThrough();
      void (async () => {
        try {
          out.write(`\uFEFF${csvRow(OVERRIDES_CSV_HEADER)}`);
          let before: OverrideFilter['before'];
          for (;;) {
            const { items } = await listOverrides(app.db, {
              ...filter,
              limit: EXPORT_BATCH,
              offset: 0,
              before,
            });
            for (const row of items) {
              if (!out.write(csvRow(csvCells(shape(row), local))))
                await new Promise((resolve) => out.once('drain', resolve));
            }
            const last = items.at(-1);
            if (!last || items.length < EXPORT_BATCH) break;
            before = { at: last.cursor, id: last.id };
          }
          out.end();
        } catch (error) {
          request.log.error({ err: error }, 'overrides export failed');
          out.destroy(error as Error);
        }
      })();
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="overrides-${stamp}.csv"`)
        .send(out);
    },
  );

  r.get(
    '/api/jobs/:id/overrides',
    {
      config: { access },
      schema: {
        tags: ['jobs'],
        summary: "A job's hours and compliance overrides, newest first (its detail's audit trail)",
        params: IdParamsSchema,
        response: { 200: z.object({ items: z.array(OverrideRowSchema) }) },
      },
    },
    async (request) => {
      if (!(await jobExists(app.db, request.params.id))) throw new HttpError(404, 'Job not found');
      // A job gathers a handful of overrides at most; the cap keeps even a pathological one bounded.
      const { items } = await listOverrides(app.db, {
        jobId: request.params.id,
        timeZone: app.config.timezone,
        limit: 200,
        offset: 0,
      });
      return { items: items.map(shape) };
    },
  );
}

import { PassThrough } from 'node:stream';
import {
  boundedPageOf,
  CLEAR_OF_BUS_LABELS,
  type ClearOfBusAnswer,
  canMoveIncident,
  csvRow,
  EmergencyReportSchema,
  EndOfShiftReportSchema,
  FUEL_ISSUE_LABELS,
  FUEL_ISSUES,
  type FuelIssue,
  FuelLogReportSchema,
  IncidentReportRowSchema,
  type IncidentStatus,
  InspectionAnswersSchema,
  MessageSchema,
  PreDepartureReportSchema,
  REPORT_TABS,
  REVIEW_STEP_BACK,
  type ReportAnswer,
  ReportQuerySchema,
  type ReportTab,
  ResolveEmergencyInputSchema,
  ReviewIncidentInputSchema,
  ReviewInspectionInputSchema,
  SkippedEndOfShiftSchema,
  UNKNOWN_DRIVER,
  wordsOf,
} from '@dms/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { InspectionResponse } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage } from '../../http/list-query';
import {
  lockEmergency,
  lockIncident,
  lockInspection,
  resolveEmergency,
  reviewIncident,
  reviewInspection,
} from '../driver-forms';
import { operatorFormatters } from '../settings';
import {
  type FormFilter,
  inspectionAnswers,
  listEmergencies,
  listEndOfShift,
  listFuelLogs,
  listIncidents,
  listPreDeparture,
  listSkippedEndOfShift,
  questionTexts,
  type StoredDefect,
} from './reports.repository';

// Reports (spec 2 §2.6, §7.4): the five lists, the review of incidents and emergencies, and a CSV
// export of each tab, streamed. Managers only: the forms name drivers and their whereabouts.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** Reads the questions' texts of these forms' answers once; answers each form's answers with them. */
async function answersWithQuestions(db: Database, forms: { responses: InspectionResponse[] }[]) {
  const texts = await questionTexts(
    db,
    forms.flatMap((f) => f.responses.map((a) => a.questionId)),
  );
  return (responses: InspectionResponse[]) =>
    responses.map((a) => ({
      questionId: a.questionId,
      question: texts.get(a.questionId)?.question ?? null,
      category: texts.get(a.questionId)?.category ?? null,
      passed: a.passed,
      notes: a.notes ?? null,
    }));
}

/** An inspection's review and the defect it raised, as the API answers them (ADR 27). */
function review(r: {
  reviewStatus: string;
  reviewedByName: string | null;
  reviewedAt: Date | null;
  reviewNotes: string | null;
  defect: StoredDefect | string | null;
}) {
  // PGlite and node-postgres both parse jsonb, but a driver that hands back text is not refused.
  const d = typeof r.defect === 'string' ? (JSON.parse(r.defect) as StoredDefect) : r.defect;
  return {
    reviewStatus: r.reviewStatus as IncidentStatus,
    reviewedByName: r.reviewedByName,
    reviewedAt: iso(r.reviewedAt),
    reviewNotes: r.reviewNotes,
    defect: d && {
      id: d.id,
      clearedAt: d.clearedAt ? new Date(d.clearedAt).toISOString() : null,
      clearedByName: d.clearedByName,
      repairNote: d.repairNote,
    },
  };
}

/**
 * The rows of each tab as the API answers them. Each field is named rather than the row spread: a
 * spread row with fields added cost several times more, about a tenth of a page's server CPU
 * (bench/NOTES.md §24).
 */
const TABS = {
  'pre-departure': {
    list: listPreDeparture,
    shape: async (db: Database, rows: Awaited<ReturnType<typeof listPreDeparture>>['items']) => {
      const answers = await answersWithQuestions(db, rows);
      return rows.map((r) => ({
        id: r.id,
        driverId: r.driverId,
        driverName: r.driverName,
        vehicle: r.vehicle,
        inspectionDate: r.at.toISOString(),
        overallStatus: r.overallStatus as 'pass' | 'pass_with_notes' | 'fail',
        damageReported: flag(r.damageReported),
        notes: r.notes,
        responses: answers(r.responses),
        ...review(r),
      }));
    },
    csv: {
      header: [
        'Date (ISO)',
        'Date',
        'Driver',
        'Vehicle',
        'Status',
        'Damage Reported',
        'Failed checks',
        'Notes',
      ],
      row: (
        r: z.infer<typeof PreDepartureReportSchema> & { responses: ReportAnswer[] },
        local: (s: string) => string,
      ) => [
        r.inspectionDate,
        local(r.inspectionDate),
        r.driverName ?? UNKNOWN_DRIVER,
        r.vehicle,
        r.overallStatus,
        r.damageReported ? 'Yes' : 'No',
        r.responses
          .filter((a) => a.passed === false)
          .map((a) => `${a.question ?? a.questionId}${a.notes ? ` (${a.notes})` : ''}`)
          .join('; '),
        r.notes,
      ],
    },
  },
  'end-of-shift': {
    list: listEndOfShift,
    shape: async (db: Database, rows: Awaited<ReturnType<typeof listEndOfShift>>['items']) => {
      const answers = await answersWithQuestions(db, rows);
      return rows.map((r) => ({
        id: r.id,
        driverId: r.driverId,
        driverName: r.driverName,
        vehicle: r.vehicle,
        inspectionDate: r.at.toISOString(),
        overallStatus: (r.overallStatus ?? null) as 'pass' | 'pass_with_notes' | 'fail' | null,
        bodyDamageFound: flag(r.bodyDamageFound),
        bodyDamageDetails: r.bodyDamageDetails,
        interiorDamageFound: flag(r.interiorDamageFound),
        interiorDamageDetails: r.interiorDamageDetails,
        busClean: flag(r.busClean),
        clearOfBus: (r.clearOfBus ?? null) as ClearOfBusAnswer | null,
        notes: r.notes,
        responses: answers(r.responses),
        ...review(r),
      }));
    },
    csv: {
      header: [
        'Date (ISO)',
        'Date',
        'Driver',
        'Vehicle',
        'Body Damage',
        'Interior Damage',
        'Bus Clean',
        'Clear of Bus',
        'Notes',
      ],
      row: (r: z.infer<typeof EndOfShiftReportSchema>, local: (s: string) => string) => [
        r.inspectionDate,
        local(r.inspectionDate),
        r.driverName ?? UNKNOWN_DRIVER,
        r.vehicle,
        r.bodyDamageFound ? `Yes${r.bodyDamageDetails ? `: ${r.bodyDamageDetails}` : ''}` : 'No',
        r.interiorDamageFound ? `Yes${r.interiorDamageDetails ? `: ${r.interiorDamageDetails}` : ''}` : 'No',
        r.busClean ? 'Yes' : 'No',
        r.clearOfBus ? CLEAR_OF_BUS_LABELS[r.clearOfBus] : '',
        r.notes,
      ],
    },
  },
  'fuel-logs': {
    list: listFuelLogs,
    shape: async (_db: Database, rows: Awaited<ReturnType<typeof listFuelLogs>>['items']) =>
      rows.map((r) => ({
        id: r.id,
        driverId: r.driverId,
        driverName: r.driverName,
        vehicle: r.vehicle,
        fuelDate: r.at.toISOString(),
        odometerReading: r.odometerReading,
        litersAdded: Number(r.litersAdded),
        fuelType: r.fuelType,
        location: r.location,
        notes: r.notes,
        confirmReason: r.confirmReason,
        plausibilityFlags: r.plausibilityFlags.filter((f): f is FuelIssue =>
          (FUEL_ISSUES as readonly string[]).includes(f),
        ),
      })),
    csv: {
      header: [
        'Date (ISO)',
        'Date',
        'Driver',
        'Vehicle',
        'Odometer (km)',
        'Litres',
        'Fuel Type',
        'Location',
        'Notes',
        'Flagged',
        'Confirmed because',
      ],
      row: (r: z.infer<typeof FuelLogReportSchema>, local: (s: string) => string) => [
        r.fuelDate,
        local(r.fuelDate),
        r.driverName ?? UNKNOWN_DRIVER,
        r.vehicle,
        r.odometerReading,
        r.litersAdded,
        r.fuelType,
        r.location,
        r.notes,
        r.plausibilityFlags.map((f) => FUEL_ISSUE_LABELS[f]).join('; '),
        r.confirmReason,
      ],
    },
  },
  emergencies: {
    list: listEmergencies,
    shape: async (_db: Database, rows: Awaited<ReturnType<typeof listEmergencies>>['items']) =>
      rows.map((r) => ({
        id: r.id,
        driverId: r.driverId,
        driverName: r.driverName,
        vehicle: r.vehicle,
        alertDate: r.at.toISOString(),
        typeName: r.typeName,
        severity: r.severity,
        location: r.location,
        description: r.description,
        status: r.status,
        resolvedAt: iso(r.resolvedAt),
        resolvedByName: r.resolvedByName,
        resolutionNotes: r.resolutionNotes,
      })),
    csv: {
      header: [
        'Date (ISO)',
        'Date',
        'Driver',
        'Emergency Type',
        'Location',
        'Status',
        'Resolved',
        'Resolution Notes',
      ],
      row: (r: z.infer<typeof EmergencyReportSchema>, local: (s: string) => string) => [
        r.alertDate,
        local(r.alertDate),
        r.driverName ?? UNKNOWN_DRIVER,
        r.typeName,
        r.location,
        r.status,
        r.resolvedAt ? local(r.resolvedAt) : '',
        r.resolutionNotes,
      ],
    },
  },
  incidents: {
    list: listIncidents,
    shape: async (_db: Database, rows: Awaited<ReturnType<typeof listIncidents>>['items']) =>
      rows.map((r) => ({
        id: r.id,
        driverId: r.driverId,
        driverName: r.driverName,
        vehicle: r.vehicle,
        incidentDate: r.at.toISOString(),
        incidentType: r.incidentType,
        location: r.location,
        description: r.description,
        injuriesReported: flag(r.injuriesReported),
        injuryDetails: r.injuryDetails,
        witnessDetails: r.witnessDetails,
        policeNotified: flag(r.policeNotified),
        policeReportNumber: r.policeReportNumber,
        status: r.status,
        reviewedByName: r.reviewedByName,
        reviewedAt: iso(r.reviewedAt),
        reviewNotes: r.reviewNotes,
      })),
    csv: {
      header: [
        'Date (ISO)',
        'Date',
        'Driver',
        'Type',
        'Location',
        'Injuries',
        'Police',
        'Status',
        'Description',
      ],
      row: (r: z.infer<typeof IncidentReportRowSchema>, local: (s: string) => string) => [
        r.incidentDate,
        local(r.incidentDate),
        r.driverName ?? UNKNOWN_DRIVER,
        wordsOf(r.incidentType),
        r.location,
        r.injuriesReported ? `Yes${r.injuryDetails ? `: ${r.injuryDetails}` : ''}` : 'No',
        r.policeNotified ? `Yes${r.policeReportNumber ? `: ${r.policeReportNumber}` : ''}` : 'No',
        r.status,
        r.description,
      ],
    },
  },
} as const;

const ROUTES: Record<ReportTab, { path: string; schema: z.ZodType }> = {
  'pre-departure': { path: '/api/inspections/pre-departure', schema: PreDepartureReportSchema },
  'end-of-shift': { path: '/api/inspections/end-of-shift', schema: EndOfShiftReportSchema },
  'fuel-logs': { path: '/api/fuel-logs', schema: FuelLogReportSchema },
  emergencies: { path: '/api/emergency-alerts', schema: EmergencyReportSchema },
  incidents: { path: '/api/incident-reports', schema: IncidentReportRowSchema },
};

const EXPORT_BATCH = 500;

/** Writes a tab's filtered rows as CSV, a batch at a time (keyset paging), so a year never sits in memory. */
async function exportCsv(
  db: Database,
  tab: ReportTab,
  filter: Omit<FormFilter, 'limit' | 'offset'>,
  out: PassThrough,
  local: (s: string) => string,
  log: FastifyBaseLogger,
) {
  const def = TABS[tab];
  try {
    // A byte-order mark, so that spreadsheet programs read the UTF-8 as UTF-8.
    out.write(`\uFEFF${csvRow(def.csv.header)}`);
    let before: FormFilter['before'];
    for (;;) {
      const { items } = await (
        def.list as (db: Database, f: FormFilter) => Promise<{ items: { id: string; at: Date }[] }>
      )(db, { ...filter, limit: EXPORT_BATCH, offset: 0, before, withAnswers: true });
      if (items.length === 0) break;
      const shaped = await (def.shape as (db: Database, rows: unknown[]) => Promise<unknown[]>)(db, items);
      for (const row of shaped) {
        const cells = (def.csv.row as (r: unknown, l: (s: string) => string) => (string | number | null)[])(
          row,
          local,
        );
        if (!out.write(csvRow(cells))) await new Promise((resolve) => out.once('drain', resolve));
      }
      const last = items.at(-1)!;
      before = { at: last.at, id: last.id };
      if (items.length < EXPORT_BATCH) break;
    }
  } catch (error) {
    log.error({ err: error, tab }, 'report export failed');
    out.destroy(error as Error);
    return;
  }
  out.end();
}

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const access = 'manager' as const;
  const filterOf = (q: z.output<typeof ReportQuerySchema>) => ({
    from: q.from,
    to: q.to,
    status: q.status,
    search: q.search || undefined,
    timeZone: app.config.timezone,
  });

  for (const tab of REPORT_TABS) {
    const { path, schema } = ROUTES[tab];
    const def = TABS[tab];
    r.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `${wordsOf(tab.replace('-', '_'))}: one page, newest first; from/to are operator dates; search matches the driver`,
          querystring: ReportQuerySchema,
          response: { 200: boundedPageOf(schema) },
        },
      },
      async (request) => {
        const q = request.query;
        const page = await listPage(q, (w) =>
          (
            def.list as (
              db: Database,
              f: FormFilter,
            ) => Promise<{ items: unknown[]; total: number; totalIsLowerBound: boolean }>
          )(app.db, {
            ...filterOf(q),
            limit: w.limit,
            offset: w.offset,
          }),
        );
        const shaped = await (def.shape as (db: Database, rows: unknown[]) => Promise<object[]>)(
          app.db,
          page.items,
        );
        // A row of the list carries no answers (ADR 37): the detail dialog loads them.
        return {
          ...page,
          items: shaped.map(({ responses: _answers, ...row }: { responses?: unknown }) => row),
        };
      },
    );
  }

  r.get(
    '/api/reports/end-of-shift/skipped',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Shifts that ended without the end-of-shift inspection (allowed only without a job, ADR 27): one page, newest first',
        querystring: ReportQuerySchema,
        response: { 200: boundedPageOf(SkippedEndOfShiftSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listPage(q, (w) =>
        listSkippedEndOfShift(app.db, { ...filterOf(q), limit: w.limit, offset: w.offset }),
      );
      return {
        ...result,
        items: result.items.map((r) => ({
          ...r,
          startTime: r.startTime.toISOString(),
          endTime: (r.endTime ?? r.startTime).toISOString(),
        })),
      };
    },
  );

  r.get(
    '/api/reports/:tab/export',
    {
      config: { access },
      schema: {
        tags,
        summary: "A tab's filtered rows as CSV (UTF-8, header row, ISO and local dates), streamed",
        params: z.object({ tab: z.enum(REPORT_TABS) }),
        querystring: ReportQuerySchema.omit({ limit: true, offset: true }),
      },
    },
    async (request, reply) => {
      const { tab } = request.params;
      const format = await operatorFormatters(app.db, app.config.timezone);
      // The screen's date form beside the ISO one (ADR 27): a person reads one, a program the other.
      const local = (value: string) => format.reportDateTime(value);
      const out = new PassThrough();
      void exportCsv(
        app.db,
        tab,
        filterOf({ ...request.query, limit: 0, offset: 0 }),
        out,
        local,
        request.log,
      );
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${tab}-${stamp}.csv"`)
        .send(out);
    },
  );

  r.patch(
    '/api/incident-reports/:id',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Review: Submitted → Under Review → Resolved, with notes; the driver’s report is never edited',
        params: IdParamsSchema,
        body: ReviewIncidentInputSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const reviewer = request.identity.user!;
      await app.db.transaction(async (tx) => {
        const current = await lockIncident(tx, request.params.id);
        if (!current) throw new HttpError(404, 'Incident report not found');
        if (!canMoveIncident(current.status, request.body.status)) throw new HttpError(409, REVIEW_STEP_BACK);
        const now = new Date();
        // Notes accumulate, each with its time: the review's history stays readable.
        const note = request.body.notes ? `${now.toISOString()} ${request.body.notes}` : null;
        await reviewIncident(tx, request.params.id, {
          status: request.body.status,
          reviewedBy: reviewer.id,
          reviewedAt: now,
          reviewNotes: [current.reviewNotes, note].filter(Boolean).join('\n') || null,
        });
      });
      return { message: 'Incident report updated' };
    },
  );

  for (const [kind, path] of [
    ['pre_departure', '/api/inspections/pre-departure/:id/answers'],
    ['end_of_shift', '/api/inspections/end-of-shift/:id/answers'],
  ] as const) {
    r.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary:
            "An inspection's answers, each with its question as worded now: what the detail shows and the list leaves out",
          params: IdParamsSchema,
          response: { 200: InspectionAnswersSchema },
        },
      },
      async (request) => {
        const responses = await inspectionAnswers(app.db, kind, request.params.id);
        if (!responses) throw new HttpError(404, 'Inspection not found');
        const answers = await answersWithQuestions(app.db, [{ responses }]);
        return { answers: answers(responses) };
      },
    );
  }

  for (const [kind, path] of [
    ['pre_departure', '/api/inspections/pre-departure/:id'],
    ['end_of_shift', '/api/inspections/end-of-shift/:id'],
  ] as const) {
    r.patch(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Review an inspection (ADR 27): Submitted → Under Review → Resolved, with notes; the driver’s answers are never edited',
          params: IdParamsSchema,
          body: ReviewInspectionInputSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        const reviewer = request.identity.user!;
        await app.db.transaction(async (tx) => {
          const current = await lockInspection(tx, kind, request.params.id);
          if (!current) throw new HttpError(404, 'Inspection not found');
          if (!canMoveIncident(current.status, request.body.status))
            throw new HttpError(409, REVIEW_STEP_BACK);
          const now = new Date();
          // Notes accumulate, each with its time, as an incident's do.
          const note = request.body.notes ? `${now.toISOString()} ${request.body.notes}` : null;
          await reviewInspection(tx, kind, request.params.id, {
            status: request.body.status,
            reviewedBy: reviewer.id,
            reviewedAt: now,
            reviewNotes: [current.reviewNotes, note].filter(Boolean).join('\n') || null,
          });
        });
        return { message: 'Inspection review saved' };
      },
    );
  }

  r.patch(
    '/api/emergency-alerts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Resolve an active emergency, with notes',
        params: IdParamsSchema,
        body: ResolveEmergencyInputSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const manager = request.identity.user!;
      await app.db.transaction(async (tx) => {
        const current = await lockEmergency(tx, request.params.id);
        if (!current) throw new HttpError(404, 'Emergency alert not found');
        if (current.status === 'resolved') throw new HttpError(409, REVIEW_STEP_BACK);
        await resolveEmergency(tx, request.params.id, {
          resolvedBy: manager.id,
          resolvedAt: new Date(),
          resolutionNotes: request.body.notes ?? null,
        });
      });
      return { message: 'Emergency resolved' };
    },
  );
}

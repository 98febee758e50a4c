import {
  CorrectShiftInputSchema,
  csvRow,
  MessageSchema,
  shiftDuration,
  shiftState,
  TimesheetQuerySchema,
  type TimesheetShift,
  TimesheetShiftSchema,
  TimesheetSummarySchema,
  UNKNOWN_DRIVER,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/sql-helpers';
import { HttpError } from '../../http/errors';
import { sendJsonText } from '../../http/json-text';
import { IdParamsSchema } from '../../http/list-query';
import { operatorFormatters } from '../settings';
import { correctShift, listTimesheet, lockShift, timesheetSummaryText } from './timesheets.repository';

// The summary's JSON text as ADR 40 checks it outside production: built once, not on each request.
const TIMESHEET_SUMMARY_TEXT = TimesheetSummarySchema.strict();

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

async function timesheet(
  app: FastifyInstance,
  q: z.output<typeof TimesheetQuerySchema>,
): Promise<TimesheetShift[]> {
  const rows = await listTimesheet(app.db, q);
  return rows.map((r) => ({
    id: r.id,
    driverId: r.driverId,
    driver: { firstName: r.firstName, lastName: r.lastName },
    vehicle: r.vehicle,
    shiftDate: r.shiftDate,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime?.toISOString() ?? null,
    notes: r.notes,
    endOfShiftSkipped: r.endOfShiftSkipped,
    corrections: r.corrections.map((c) => ({
      id: c.id,
      originalStart: c.originalStart.toISOString(),
      originalEnd: c.originalEnd?.toISOString() ?? null,
      correctedStart: c.correctedStart.toISOString(),
      correctedEnd: c.correctedEnd?.toISOString() ?? null,
      reason: c.reason,
      correctedByName: nameOf(c.correctorFirst, c.correctorLast),
      createdAt: c.createdAt.toISOString(),
    })),
  }));
}

// Timesheets (spec 2 §2.7, §7.3): managers read the shifts of at most 62 days, correct a shift with a
// reason kept beside the original, and export the range.
export async function timesheetsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['timesheets'];

  r.get(
    '/api/shifts/all',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The shifts of a range of operator dates (at most 62 days), by date and start',
        querystring: TimesheetQuerySchema,
        response: { 200: z.array(TimesheetShiftSchema) },
      },
    },
    async (request) => timesheet(app, request.query),
  );

  r.get(
    '/api/shifts/summary',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Totals per driver and day of a range (at most 62 days): what the timesheet opens on',
        querystring: TimesheetQuerySchema,
        response: { 200: TimesheetSummarySchema },
      },
    },
    async (request, reply) => {
      const json = await timesheetSummaryText(app.db, request.query);
      return sendJsonText(reply as FastifyReply, json, TIMESHEET_SUMMARY_TEXT, app.config.production);
    },
  );

  r.get(
    '/api/shifts/export',
    {
      config: { access: 'manager' },
      schema: { tags, summary: 'The same range as CSV', querystring: TimesheetQuerySchema },
    },
    async (request, reply) => {
      const [shifts, format] = await Promise.all([
        timesheet(app, request.query),
        operatorFormatters(app.db, app.config.timezone),
      ]);
      const local = (value: string | null) => format.dateTime(value);
      const lines = [
        csvRow([
          'Date',
          'Driver',
          'Vehicle',
          'Start (ISO)',
          'Start',
          'End (ISO)',
          'End',
          'Hours',
          'Status',
          'Corrected',
          'End-of-shift Inspection',
        ]),
        ...shifts.map((s) =>
          csvRow([
            s.shiftDate,
            nameOf(s.driver?.firstName ?? null, s.driver?.lastName ?? null) ?? UNKNOWN_DRIVER,
            s.vehicle,
            s.startTime,
            local(s.startTime),
            s.endTime,
            local(s.endTime),
            shiftDuration(s),
            shiftState(s),
            s.corrections.map((c) => c.reason).join('; '),
            s.endOfShiftSkipped ? 'Skipped' : '',
          ]),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="timesheet-${request.query.startDate}-${request.query.endDate}.csv"`,
        )
        .send(`\uFEFF${lines.join('')}`);
    },
  );

  r.post(
    '/api/shifts/:id/corrections',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Correct a shift's times with a reason; the original is kept beside it",
        params: IdParamsSchema,
        body: CorrectShiftInputSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const manager = request.identity.user!;
      await app.db.transaction(async (tx) => {
        const shift = await lockShift(tx, request.params.id);
        if (!shift) throw new HttpError(404, 'Shift not found');
        try {
          await correctShift(tx, request.params.id, {
            originalStart: shift.startTime,
            originalEnd: shift.endTime,
            correctedStart: new Date(request.body.startTime),
            correctedEnd: request.body.endTime ? new Date(request.body.endTime) : null,
            reason: request.body.reason,
            correctedBy: manager.id,
          });
        } catch (error) {
          // Reopening a shift while the driver has another one open.
          if (isUniqueViolation(error)) throw new HttpError(409, 'The driver has another open shift');
          throw error;
        }
      });
      return reply.code(201).send({ message: 'Shift corrected' });
    },
  );
}

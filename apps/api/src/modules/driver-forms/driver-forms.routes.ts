import {
  createFormatters,
  EmergencyAlertInputSchema,
  EndOfShiftInspectionInputSchema,
  EndShiftInputSchema,
  FormReceiptSchema,
  FuelLogInputSchema,
  IncidentReportInputSchema,
  InspectionRecordSchema,
  PreDepartureInspectionInputSchema,
  ShiftSchema,
  StartShiftInputSchema,
  StartShiftResultSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { IDEMPOTENCY_HEADER, idempotentWrite } from '../../http/idempotent-write';
import { emergencyAlertMail } from '../../mail/emergency-template';
import { recipients } from '../notifications';
import { getAppSettings, operatorFormatters } from '../settings';
import { getActiveShift } from '../shifts';
import { activeManagerIds } from '../users';
import {
  carriesJob,
  fuelBaseline,
  getEmergencyAlert,
  hasEndOfShift,
  servesSchoolJob,
} from './driver-forms.repository';
import {
  finishShift,
  raiseEmergency,
  recordAlertNotifications,
  startShift,
  submitEndOfShift,
  submitFuelLog,
  submitIncident,
  submitPreDeparture,
} from './driver-forms.service';
import { emergencyNeedsAttention } from './safety-attention';

// The terminal's calls (spec 1 §7): a driver signed in at the terminal, or a signed-in driver. The
// driver and the shift come from the session, never from the body. Every POST may carry an
// Idempotency-Key: a retry gets the stored answer, not a second row.

const DRIVERS = ['driver', 'terminal'] as const;
const ShiftIdParamsSchema = z.object({ shiftId: z.string().trim().min(1).max(100) });

/** The terminal's driver first (a depot tablet may also have a manager signed in to the portal). */
function driverOf(request: FastifyRequest): string {
  const { terminalDriverId, user } = request.identity;
  if (terminalDriverId) return terminalDriverId;
  if (user?.roles.includes('driver')) return user.id;
  throw new HttpError(403, 'Forbidden');
}

export async function driverFormsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['terminal forms'];

  /** Runs the write once per Idempotency-Key and answers its (stored) result. */
  async function once<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    write: (tx: Transaction, driverId: string) => Promise<T>,
  ) {
    const driverId = driverOf(request);
    const header = request.headers[IDEMPOTENCY_HEADER];
    const result = await idempotentWrite(
      app.db,
      {
        scope: driverId,
        key: typeof header === 'string' ? header : undefined,
        route: request.routeOptions.url ?? request.url,
        body: request.body,
      },
      statusCode,
      (tx) => write(tx, driverId),
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.statusCode).send(result.body as T);
  }

  r.get(
    '/api/shifts/active',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary:
          "The driver's open shift, or null; servesSchoolJob when the clear-of-bus check cannot be N/A",
        response: { 200: ShiftSchema.nullable() },
      },
    },
    async (request) => {
      const driverId = driverOf(request);
      const shift = await getActiveShift(app.db, driverId);
      if (!shift) return null;
      const [school, job, done, fuel] = await Promise.all([
        servesSchoolJob(app.db, driverId, shift.shiftDate),
        carriesJob(app.db, driverId, shift.shiftDate),
        hasEndOfShift(app.db, shift.id),
        shift.vehicleId ? fuelBaseline(app.db, shift.vehicleId, new Date(), false) : null,
      ]);
      return {
        ...shift,
        servesSchoolJob: school,
        carriesJob: job,
        endOfShiftDone: done,
        fuelBaseline: fuel && {
          previous: fuel.previous && {
            odometerReading: fuel.previous.odometerReading,
            fuelDate: fuel.previous.fuelDate.toISOString(),
          },
          tankCapacityLitres: fuel.tankCapacityLitres,
        },
      };
    },
  );

  r.post(
    '/api/shifts/start',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary: 'Clock in with a company vehicle and its pre-departure inspection, in one transaction',
        body: StartShiftInputSchema,
        response: { 201: StartShiftResultSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 201, (tx, driverId) =>
        startShift(tx, driverId, request.body, app.config.timezone),
      ),
  );

  r.post(
    '/api/shifts/end/:shiftId',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary:
          'Clock out, with the end-of-shift inspection in the same transaction; a shift that carried a job is refused (409) without one, any other is recorded as skipped',
        params: ShiftIdParamsSchema,
        body: EndShiftInputSchema,
        response: { 200: ShiftSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 200, (tx, driverId) =>
        finishShift(tx, driverId, request.params.shiftId, request.body),
      ),
  );

  r.post(
    '/api/inspections/pre-departure',
    {
      config: { access: DRIVERS },
      schema: { tags, body: PreDepartureInspectionInputSchema, response: { 201: InspectionRecordSchema } },
    },
    async (request, reply) =>
      once(request, reply, 201, (tx, driverId) => submitPreDeparture(tx, driverId, request.body)),
  );

  r.post(
    '/api/inspections/end-of-shift',
    {
      config: { access: DRIVERS },
      schema: { tags, body: EndOfShiftInspectionInputSchema, response: { 201: InspectionRecordSchema } },
    },
    async (request, reply) =>
      once(request, reply, 201, (tx, driverId) => submitEndOfShift(tx, driverId, request.body)),
  );

  r.post(
    '/api/fuel-logs',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary:
          'During a shift, for its vehicle; an implausible reading (ADR 27) is refused (409) unless confirmReason is given, and then stored flagged',
        body: FuelLogInputSchema,
        response: { 201: FormReceiptSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 201, async (tx, driverId) => {
        const format = await operatorFormatters(tx, app.config.timezone);
        return submitFuelLog(tx, driverId, request.body, (n) => format.number(n, 2));
      }),
  );

  r.post(
    '/api/incident-reports',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary: 'During a shift, for its vehicle',
        body: IncidentReportInputSchema,
        response: { 201: FormReceiptSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 201, (tx, driverId) => submitIncident(tx, driverId, request.body)),
  );

  r.post(
    '/api/emergency-alerts',
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary: 'Raise an emergency: every manager sees it at once and gets a mail',
        body: EmergencyAlertInputSchema,
        response: { 201: FormReceiptSchema },
      },
    },
    async (request, reply) =>
      // The alert, its live event and every manager's mail commit together: a crash after the answer
      // cannot lose the mails, and a replay (the same key) is told the stored answer and sends nothing.
      once(request, reply, 201, async (tx, driverId) => {
        const alert = await raiseEmergency(tx, driverId, request.body);
        const managers = await activeManagerIds(tx);
        await recordAlertNotifications(tx, alert.id, managers);
        await publishLiveEvent(tx, { type: 'emergency', roles: ['manager'], payload: { alertId: alert.id } });
        await emergencyNeedsAttention(tx, {
          id: alert.id,
          driverId,
          vehicleId: (await getActiveShift(tx, driverId))?.vehicleId ?? null,
          typeName: alert.typeName,
          location: request.body.location ?? null,
        });
        await mailManagers(tx, alert.id, managers);
        return { id: alert.id, recordedAt: alert.recordedAt };
      }),
  );

  async function mailManagers(tx: Transaction, alertId: string, managerIds: string[]) {
    const alert = await getEmergencyAlert(tx, alertId);
    if (!alert) return;
    const { appName, currency, locale } = await getAppSettings(tx);
    const content = emergencyAlertMail({
      appName,
      publicUrl: app.config.publicUrl,
      typeName: alert.typeName,
      driverName: [alert.driverFirstName, alert.driverLastName].filter(Boolean).join(' ') || 'A driver',
      vehicle: [alert.vehicleRego, alert.vehicleNickname].filter(Boolean).join(' · ') || null,
      location: alert.location,
      description: alert.description,
      raisedAt: createFormatters({ currency, locale, timeZone: app.config.timezone }).dateTime(
        alert.alertDate,
      ),
    });
    // Safety before preferences: every manager is told of an emergency.
    for (const person of await recipients(tx, managerIds)) {
      await app.mailer.send({ to: person.email, ...content }, { tx });
    }
  }

  r.get(
    '/api/emergency-alerts/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "An emergency as the managers' alert banner shows it",
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.string(),
            alertDate: z.string(),
            location: z.string().nullable(),
            description: z.string().nullable(),
            typeName: z.string(),
            severity: z.string(),
            driverName: z.string(),
            vehicle: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const alert = await getEmergencyAlert(app.db, request.params.id);
      if (!alert) throw new HttpError(404, 'Emergency alert not found');
      return {
        id: alert.id,
        status: alert.status,
        alertDate: alert.alertDate.toISOString(),
        location: alert.location,
        description: alert.description,
        typeName: alert.typeName,
        severity: alert.severity,
        driverName:
          [alert.driverFirstName, alert.driverLastName].filter(Boolean).join(' ') || 'Unknown Driver',
        vehicle: [alert.vehicleRego, alert.vehicleNickname].filter(Boolean).join(' · ') || null,
      };
    },
  );
}

import {
  ComplianceDuePageSchema,
  ComplianceDueQuerySchema,
  ComplianceVersionSchema,
  csvRow,
  DeleteResultSchema,
  DocumentTypeInputSchema,
  DocumentTypeSchema,
  DriverComplianceInputSchema,
  DriverComplianceSchema,
  dateInZone,
  LapsedVehiclesResultSchema,
  ListQuerySchema,
  pageOf,
  RecordServiceInputSchema,
  VehicleComplianceInputSchema,
  VehicleComplianceSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, isManager } from '../../http/list-query';
import { operatorFormatters } from '../settings';
import { listDocumentTypes, listVersions } from './compliance.repository';
import {
  createDocumentType,
  deleteDocumentTypeById,
  getDriverCompliance,
  getVehicleCompliance,
  listDue,
  recordService,
  saveDriverCompliance,
  saveVehicleCompliance,
  updateDocumentTypeById,
  vehiclesLapsedToday,
} from './compliance.service';

const userId = (request: FastifyRequest) => request.identity.user?.id ?? null;

/** A driver reads only their own record; another driver's is answered as not found (no hint it exists). */
export function ownOrManager(request: FastifyRequest, driverId: string) {
  if (!isManager(request) && request.identity.user?.id !== driverId) {
    throw new HttpError(404, 'Driver not found');
  }
}

const VersionsQuerySchema = ListQuerySchema.pick({ limit: true, offset: true });

export async function complianceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['compliance'];
  const today = () => dateInZone(new Date(), app.config.timezone);

  r.get(
    '/api/shifts/lapsed-vehicles',
    {
      // The terminal's vehicle picker (a driver signed in at the terminal), or a manager.
      config: { access: ['manager', 'terminal'] },
      schema: {
        tags,
        summary:
          "Active vehicles whose registration or insurance has lapsed today in the operator's timezone, with the reason: the terminal refuses them at clock-in",
        response: { 200: LapsedVehiclesResultSchema },
      },
    },
    async () => ({ items: await vehiclesLapsedToday(app.db, app.config.timezone) }),
  );

  r.get(
    '/api/vehicles/:id/compliance',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary:
          "A vehicle's registration, insurance, safety inspection and service interval, with its odometer and latest services",
        params: IdParamsSchema,
        response: { 200: VehicleComplianceSchema },
      },
    },
    async (request) => getVehicleCompliance(app.db, request.params.id, today()),
  );

  r.put(
    '/api/vehicles/:id/compliance',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Save a vehicle's record (the whole record; the version it replaces is kept)",
        params: IdParamsSchema,
        body: VehicleComplianceInputSchema,
        response: { 200: VehicleComplianceSchema },
      },
    },
    async (request) => {
      await saveVehicleCompliance(app.db, request.params.id, request.body, userId(request));
      return getVehicleCompliance(app.db, request.params.id, today());
    },
  );

  r.post(
    '/api/vehicles/:id/services',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Record a service: restarts the service interval from its date and odometer',
        params: IdParamsSchema,
        body: RecordServiceInputSchema,
        response: { 201: VehicleComplianceSchema },
      },
    },
    async (request, reply) => {
      const day = today();
      await recordService(app.db, request.params.id, request.body, userId(request), day);
      return reply.code(201).send(await getVehicleCompliance(app.db, request.params.id, day));
    },
  );

  r.get(
    '/api/vehicles/:id/compliance/history',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Every saved version of a vehicle's record, newest first",
        params: IdParamsSchema,
        querystring: VersionsQuerySchema,
        response: { 200: pageOf(ComplianceVersionSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await listVersions(app.db, 'vehicle', request.params.id, limit, offset);
      return {
        ...page,
        items: page.items.map((v) => ({ ...v, changedAt: v.changedAt.toISOString() })),
        limit,
        offset,
      };
    },
  );

  r.get(
    '/api/drivers/:id/compliance',
    {
      config: { access: ['manager', 'driver'] },
      schema: {
        tags,
        summary:
          "A driver's licence, medical, working with children check and documents (a driver reads only their own)",
        params: IdParamsSchema,
        response: { 200: DriverComplianceSchema },
      },
    },
    async (request) => {
      ownOrManager(request, request.params.id);
      return getDriverCompliance(app.db, request.params.id);
    },
  );

  r.get(
    '/api/compliance/mine',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary:
          "The signed-in driver's own licence, medical, working with children check and documents (My Documents)",
        response: { 200: DriverComplianceSchema },
      },
    },
    // The driver portal needs no id of its own to ask with: the session names the driver.
    async (request) => getDriverCompliance(app.db, request.identity.user!.id),
  );

  r.put(
    '/api/drivers/:id/compliance',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Save a driver's record (the whole record; the version it replaces is kept)",
        params: IdParamsSchema,
        body: DriverComplianceInputSchema,
        response: { 200: DriverComplianceSchema },
      },
    },
    async (request) => {
      await saveDriverCompliance(app.db, request.params.id, request.body, userId(request));
      return getDriverCompliance(app.db, request.params.id);
    },
  );

  r.get(
    '/api/drivers/:id/compliance/history',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Every saved version of a driver's record, newest first: who held which licence when",
        params: IdParamsSchema,
        querystring: VersionsQuerySchema,
        response: { 200: pageOf(ComplianceVersionSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await listVersions(app.db, 'driver', request.params.id, limit, offset);
      return {
        ...page,
        items: page.items.map((v) => ({ ...v, changedAt: v.changedAt.toISOString() })),
        limit,
        offset,
      };
    },
  );

  r.get(
    '/api/compliance/due',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary:
          'Every record due within `days` (30 unless sent) or overdue, vehicles and drivers, worst first',
        querystring: ComplianceDueQuerySchema,
        response: { 200: ComplianceDuePageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const day = today();
      const page = await listDue(app.db, q, day);
      return { ...page, limit: q.limit, offset: q.offset, today: day, days: q.days };
    },
  );

  r.get(
    '/api/compliance/due/export',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The due list as CSV (UTF-8, header row): every filtered row, not one page',
        querystring: ComplianceDueQuerySchema.omit({ limit: true, offset: true }),
      },
    },
    async (request, reply) => {
      const day = today();
      const [page, format] = await Promise.all([
        // The filter bounds the list (a year ahead at most); the export takes all of it.
        listDue(app.db, { ...request.query, limit: 100_000, offset: 0 }, day),
        operatorFormatters(app.db, app.config.timezone),
      ]);
      const header = ['Vehicle or driver', 'Name', 'Record', 'State', 'Due', 'Days left', 'Km left'];
      const rows = page.items.map((i) => [
        i.subject === 'vehicle' ? 'Vehicle' : 'Driver',
        i.subjectName,
        i.label,
        i.state === 'overdue' ? 'Overdue' : 'Due soon',
        i.dueDate ? format.serviceDate(i.dueDate) : '',
        i.daysLeft,
        i.kmLeft,
      ]);
      // A byte-order mark, so that spreadsheet programs read the UTF-8 as UTF-8.
      const body = `\uFEFF${csvRow(header)}${rows.map(csvRow).join('')}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="compliance-due-${day}.csv"`)
        .send(body);
    },
  );

  r.get(
    '/api/compliance/document-types',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The document types the operator asks drivers to hold (a short list, answered whole)',
        response: { 200: z.array(DocumentTypeSchema) },
      },
    },
    async () => listDocumentTypes(app.db),
  );

  r.post(
    '/api/compliance/document-types',
    {
      config: { access: 'manager' },
      schema: { tags, body: DocumentTypeInputSchema, response: { 201: DocumentTypeSchema } },
    },
    async (request, reply) => reply.code(201).send(await createDocumentType(app.db, request.body)),
  );

  r.put(
    '/api/compliance/document-types/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Rename or retire (isActive false) a document type; drivers keep what they recorded',
        params: IdParamsSchema,
        body: DocumentTypeInputSchema,
        response: { 200: DocumentTypeSchema },
      },
    },
    async (request) => updateDocumentTypeById(app.db, request.params.id, request.body),
  );

  r.delete(
    '/api/compliance/document-types/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary:
          'Delete a document type no driver ever recorded; one in use is deactivated instead (its records are kept)',
        params: IdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => deleteDocumentTypeById(app.db, request.params.id),
  );
}

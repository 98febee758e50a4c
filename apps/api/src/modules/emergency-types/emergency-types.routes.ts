import {
  DeleteOrDeactivateResultSchema,
  EmergencyTypeInputSchema,
  EmergencyTypeQuerySchema,
  EmergencyTypeSchema,
  UpdateEmergencyTypeInputSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmergencyType } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, showsInactive } from '../../http/list-query';
import { deleteOrDeactivate } from '../../lib/delete-or-deactivate';
import { isUsed, UsageRegistry } from '../../lib/record-hooks';
import {
  createEmergencyType,
  deleteEmergencyType,
  getEmergencyType,
  listEmergencyTypes,
  nextEmergencyTypeSortOrder,
  updateEmergencyType,
} from './emergency-types.repository';

const NOT_FOUND = 'Emergency type not found';
const bit = (value: number) => (value === 1 ? (1 as const) : (0 as const));

function toEmergencyType(row: EmergencyType) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    severity: row.severity,
    icon: row.icon,
    color: row.color,
    requiresImmediateNotification: bit(row.requiresImmediateNotification),
    requiresImmediateResponse: bit(row.requiresImmediateResponse),
    isActive: bit(row.isActive),
    sortOrder: row.sortOrder,
  };
}

/** Emergency types (spec 2 §2.7 Ops forms: Emergency Alerts, §7.4). */
/** Records that name an emergency type (alerts): record-links.ts registers their counters. */
export const emergencyTypeUsers = new UsageRegistry();

export async function emergencyTypesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/emergency-types',
    {
      config: { access: ['manager', 'driver', 'terminal'] },
      schema: {
        tags: ['ops-forms'],
        summary: 'Emergency types by sort order (inactive ones only for managers asking includeInactive=1)',
        querystring: EmergencyTypeQuerySchema,
        response: { 200: z.array(EmergencyTypeSchema) },
      },
    },
    async (request) => {
      const includeInactive = showsInactive(request, request.query.includeInactive);
      const rows = await listEmergencyTypes(app.db, { includeInactive });
      return rows.map(toEmergencyType);
    },
  );

  routes.post(
    '/api/emergency-types',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Add an emergency type (it goes after the last one)',
        body: EmergencyTypeInputSchema,
        response: { 201: EmergencyTypeSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const row = await app.db.transaction(async (tx) =>
        createEmergencyType(tx, {
          name: input.name,
          description: input.description,
          severity: input.severity,
          requiresImmediateResponse: input.requiresImmediateResponse,
          sortOrder: await nextEmergencyTypeSortOrder(tx),
        }),
      );
      return reply.code(201).send(toEmergencyType(row));
    },
  );

  routes.put(
    '/api/emergency-types/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Change an emergency type (only the fields sent; isActive 1 brings a deactivated one back)',
        params: IdParamsSchema,
        body: UpdateEmergencyTypeInputSchema,
        response: { 200: EmergencyTypeSchema },
      },
    },
    async (request) => {
      const row = await updateEmergencyType(app.db, request.params.id, request.body);
      if (!row) throw new HttpError(404, NOT_FOUND);
      return toEmergencyType(row);
    },
  );

  routes.delete(
    '/api/emergency-types/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Delete an emergency type (deactivated instead when alerts were raised with it)',
        params: IdParamsSchema,
        response: { 200: DeleteOrDeactivateResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Alerts refer to a used type (restrict): it leaves the driver's list and stays for the records.
      return deleteOrDeactivate(app.db, {
        exists: async (tx) => Boolean(await getEmergencyType(tx, id)),
        notFound: NOT_FOUND,
        usage: async (tx) =>
          isUsed(await emergencyTypeUsers.count(tx, id)) ? 'alerts were raised with it' : undefined,
        deactivate: async (tx) => {
          await updateEmergencyType(tx, id, { isActive: 0 });
        },
        delete: (tx) => deleteEmergencyType(tx, id),
        deactivatedMessage: (usage) => `Emergency type deactivated: ${usage}`,
        deletedMessage: 'Emergency type deleted successfully',
      });
    },
  );
}

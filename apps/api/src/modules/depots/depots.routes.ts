import { DeleteResultSchema, DepotInputSchema, DepotSchema, ListQuerySchema, pageOf } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage, showsInactive } from '../../http/list-query';
import { getDepot, insertDepot, listDepots, updateDepot } from './depots.repository';
import { DEPOT_NOT_FOUND, deleteDepotById } from './depots.service';

const READERS = ['manager', 'driver', 'terminal'] as const;

export async function depotsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['depots'];

  r.get(
    '/api/depots',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Depots by name',
        querystring: ListQuerySchema,
        response: { 200: pageOf(DepotSchema) },
      },
    },
    async (request) =>
      listPage(request.query, (window) =>
        listDepots(app.db, { ...window, activeOnly: !showsInactive(request, request.query.includeInactive) }),
      ),
  );

  r.post(
    '/api/depots',
    {
      config: { access: 'manager' },
      schema: { tags, body: DepotInputSchema, response: { 201: DepotSchema } },
    },
    async (request, reply) => {
      const id = await insertDepot(app.db, request.body);
      return reply.code(201).send((await getDepot(app.db, id))!);
    },
  );

  r.put(
    '/api/depots/:id',
    {
      config: { access: 'manager' },
      schema: { tags, params: IdParamsSchema, body: DepotInputSchema, response: { 200: DepotSchema } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await updateDepot(app.db, id, request.body))) throw new HttpError(404, DEPOT_NOT_FOUND);
      return (await getDepot(app.db, id))!;
    },
  );

  r.delete(
    '/api/depots/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Delete, or deactivate when vehicles or jobs use the depot',
        params: IdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => deleteDepotById(app.db, request.params.id),
  );
}

import {
  DeleteResultSchema,
  ListQuerySchema,
  pageOf,
  SubcontractorInputSchema,
  SubcontractorSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage, wantsInactive } from '../../http/list-query';
import {
  getSubcontractor,
  insertSubcontractor,
  listSubcontractors,
  updateSubcontractor,
} from './subcontractors.repository';
import { deleteSubcontractorById, SUBCONTRACTOR_NOT_FOUND } from './subcontractors.service';

// Partner companies are business data of the office: managers only.
export async function subcontractorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subcontractors'];

  r.get(
    '/api/subcontractors',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Subcontractors by company name, each with its vehicle count (active and inactive vehicles)',
        querystring: ListQuerySchema,
        response: { 200: pageOf(SubcontractorSchema) },
      },
    },
    async (request) =>
      listPage(request.query, (window) =>
        listSubcontractors(app.db, { ...window, activeOnly: !wantsInactive(request.query.includeInactive) }),
      ),
  );

  r.get(
    '/api/subcontractors/:id',
    {
      config: { access: 'manager' },
      schema: { tags, params: IdParamsSchema, response: { 200: SubcontractorSchema } },
    },
    async (request) => {
      const found = await getSubcontractor(app.db, request.params.id);
      if (!found) throw new HttpError(404, SUBCONTRACTOR_NOT_FOUND);
      return found;
    },
  );

  r.post(
    '/api/subcontractors',
    {
      config: { access: 'manager' },
      schema: { tags, body: SubcontractorInputSchema, response: { 201: SubcontractorSchema } },
    },
    async (request, reply) => {
      const id = await insertSubcontractor(app.db, request.body);
      return reply.code(201).send((await getSubcontractor(app.db, id))!);
    },
  );

  r.put(
    '/api/subcontractors/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SubcontractorInputSchema,
        response: { 200: SubcontractorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await updateSubcontractor(app.db, id, request.body)))
        throw new HttpError(404, SUBCONTRACTOR_NOT_FOUND);
      return (await getSubcontractor(app.db, id))!;
    },
  );

  r.delete(
    '/api/subcontractors/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Delete, or deactivate (with its vehicles) when it has vehicles',
        params: IdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => deleteSubcontractorById(app.db, request.params.id),
  );
}

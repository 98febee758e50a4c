import {
  ListQuerySchema,
  MessageSchema,
  pageOf,
  VehicleCategoryInputSchema,
  VehicleCategorySchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, listPage, showsInactive } from '../../http/list-query';
import { listCategories } from './vehicle-categories.repository';
import { createCategory, deleteCategoryById, updateCategoryById } from './vehicle-categories.service';

const READERS = ['manager', 'driver', 'terminal'] as const;

export async function vehicleCategoriesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle categories'];
  const base = '/api/vehicle-categories-new';

  r.get(
    base,
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Vehicle categories by name, each with its vehicle count (active and inactive vehicles)',
        querystring: ListQuerySchema,
        response: { 200: pageOf(VehicleCategorySchema) },
      },
    },
    async (request) =>
      listPage(request.query, (window) =>
        listCategories(app.db, {
          ...window,
          activeOnly: !showsInactive(request, request.query.includeInactive),
        }),
      ),
  );

  r.post(
    base,
    {
      config: { access: 'manager' },
      schema: { tags, body: VehicleCategoryInputSchema, response: { 201: VehicleCategorySchema } },
    },
    async (request, reply) => reply.code(201).send(await createCategory(app.db, request.body)),
  );

  r.put(
    `${base}/:id`,
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: VehicleCategoryInputSchema,
        response: { 200: VehicleCategorySchema },
      },
    },
    async (request) => updateCategoryById(app.db, request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Delete; refused (409) while vehicles hold the category',
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => deleteCategoryById(app.db, request.params.id),
  );
}

import { DispatchDaySchema, DispatchQuerySchema } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getDispatchDay } from './dispatch.repository';

export async function dispatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dispatch',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['dispatch'],
        summary:
          "One day of the dispatch board: the company's active vehicles, partner vehicles in use, and a bar per vehicle slot of the day's jobs (cancelled jobs left out)",
        querystring: DispatchQuerySchema,
        response: { 200: DispatchDaySchema },
      },
    },
    async (request) => getDispatchDay(app.db, request.query.date),
  );
}

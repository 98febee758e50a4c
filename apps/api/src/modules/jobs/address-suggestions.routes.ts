import { AddressSuggestionPageSchema, AddressSuggestionQuerySchema } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAddressSuggestions } from './address-suggestions.repository';

/** The job form's address suggestions for its legs (issue 29, ADR 29). Managers quote; no one else asks. */
export async function addressSuggestionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/address-suggestions',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['jobs'],
        summary:
          "Addresses for a job's legs: the operator's depots, the customer's address, then addresses of earlier jobs (the customer's first)",
        querystring: AddressSuggestionQuerySchema,
        response: { 200: AddressSuggestionPageSchema },
      },
    },
    async (request) => listAddressSuggestions(app.db, request.query),
  );
}

import { PreferencesSchema } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPreferences, savePreferences } from './preferences.repository';

export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's email notification preferences (defaults when never saved)",
        response: { 200: PreferencesSchema },
      },
    },
    async (request) => getPreferences(app.db, request.identity.user!.id),
  );
  typed.put(
    '/api/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: "Saves the signed-in user's email notification preferences",
        body: PreferencesSchema,
        response: { 200: PreferencesSchema },
      },
    },
    async (request) => savePreferences(app.db, request.identity.user!.id, request.body),
  );
}

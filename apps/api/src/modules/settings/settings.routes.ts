import { AppSettingsSchema } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getAppSettings } from './settings.repository';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/settings',
    {
      // Branding shows on the sign-in card and the terminal before anyone signs in.
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: 'Branding in force', response: { 200: AppSettingsSchema } },
    },
    async () => getAppSettings(app.db),
  );
}

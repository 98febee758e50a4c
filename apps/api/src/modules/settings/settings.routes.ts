import {
  AppSettingsSchema,
  DeleteLogoInputSchema,
  LOGO_TARGETS,
  STALE_RECORD_MESSAGE,
  TerminalSettingsInputSchema,
  UpdateAppSettingsInputSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { getObjectStorage } from '../../storage';
import { getDocumentSettingsRow, lockDocumentSettings, saveDocumentSettings } from '../document-settings';
import { adoptLogoUrl, releaseLogoUrl } from '../logos';
import {
  getAppSettings,
  getAppSettingsRow,
  lockAppSettings,
  saveAppSettings,
  toAppSettings,
} from './settings.repository';

const DeleteLogoResultSchema = z.object({
  message: z.string(),
  target: z.enum(LOGO_TARGETS),
  /** The settings row's version after the change (send it with the next save). */
  version: z.number().int(),
});

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/settings',
    {
      // Branding shows on the sign-in card and the terminal before anyone signs in.
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Branding, currency, locale and time zone in force',
        response: { 200: AppSettingsSchema },
      },
    },
    async () => getAppSettings(app.db, app.config.timezone),
  );

  routes.put(
    '/api/settings',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Save the branding, currency and locale (General panel)',
        description:
          'logoUrl must be null, the stored value, or the logoUrl answered by POST /api/logos/upload after the file was sent. ' +
          `A stale version answers 409 "${STALE_RECORD_MESSAGE}".`,
        body: UpdateAppSettingsInputSchema,
        response: { 200: AppSettingsSchema },
      },
    },
    async (request) => {
      const input = request.body;
      const storage = getObjectStorage(app.config);
      let previousLogo: string | null = null;
      const row = await app.db.transaction(async (tx) => {
        await lockAppSettings(tx);
        const current = await getAppSettingsRow(tx);
        if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
          throw new HttpError(409, STALE_RECORD_MESSAGE);
        }
        const logoUrl = await adoptLogoUrl(storage, app.config, input.logoUrl, current?.logoUrl ?? null);
        previousLogo = current?.logoUrl ?? null;
        const saved = await saveAppSettings(tx, {
          appName: input.appName,
          appDescription: input.appDescription,
          tagline: input.tagline,
          ...(input.appIcon ? { appIcon: input.appIcon } : {}),
          logoUrl,
          logoBackground: input.logoBackground,
          ...(input.currency ? { currency: input.currency } : {}),
          ...(input.locale ? { locale: input.locale } : {}),
          ...(input.hoursRuleSet ? { hoursRuleSet: input.hoursRuleSet } : {}),
          ...(input.licenceClassSet ? { licenceClassSet: input.licenceClassSet } : {}),
          ...(input.signOnMinutes !== undefined ? { signOnMinutes: input.signOnMinutes } : {}),
          ...(input.signOffMinutes !== undefined ? { signOffMinutes: input.signOffMinutes } : {}),
          ...(input.terminalIdleMinutes !== undefined
            ? { terminalIdleMinutes: input.terminalIdleMinutes }
            : {}),
          updatedBy: request.identity.user?.id ?? null,
        });
        if (saved === 'stale') throw new HttpError(409, STALE_RECORD_MESSAGE);
        return saved;
      });
      if (previousLogo && previousLogo !== row.logoUrl) {
        await releaseLogoUrl(app.db, storage, app.config, previousLogo, request.log);
      }
      return toAppSettings(row, app.config.timezone);
    },
  );

  routes.put(
    '/api/settings/terminals',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Save how the depot terminals behave: minutes without a touch before a driver is signed out',
        body: TerminalSettingsInputSchema,
        response: { 200: AppSettingsSchema },
      },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        await lockAppSettings(tx);
        const saved = await saveAppSettings(tx, {
          terminalIdleMinutes: request.body.terminalIdleMinutes,
          updatedBy: request.identity.user?.id ?? null,
        });
        if (saved === 'stale') throw new HttpError(409, STALE_RECORD_MESSAGE);
        return saved;
      });
      return toAppSettings(row, app.config.timezone);
    },
  );

  // The logo of the branding (target app) or of the quote documents: the settings that show it clear
  // it, and the file goes once nothing shows it any more.
  routes.delete(
    '/api/logos/delete',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Remove the logo of the branding (default) or of the quote documents',
        body: DeleteLogoInputSchema,
        response: { 200: DeleteLogoResultSchema },
      },
    },
    async (request) => {
      const { target } = request.body;
      const updatedBy = request.identity.user?.id ?? null;
      const result = await app.db.transaction(async (tx) => {
        if (target === 'app') {
          await lockAppSettings(tx);
          const current = await getAppSettingsRow(tx);
          if (!current?.logoUrl) return { removed: null, version: current?.version ?? 0 };
          const saved = await saveAppSettings(tx, { logoUrl: null, updatedBy });
          return { removed: current.logoUrl, version: saved === 'stale' ? current.version : saved.version };
        }
        await lockDocumentSettings(tx);
        const current = await getDocumentSettingsRow(tx);
        if (!current?.logoUrl) return { removed: null, version: current?.version ?? 0 };
        const saved = await saveDocumentSettings(tx, { logoUrl: null, updatedBy });
        return { removed: current.logoUrl, version: saved === 'stale' ? current.version : saved.version };
      });
      if (result.removed)
        await releaseLogoUrl(app.db, getObjectStorage(app.config), app.config, result.removed, request.log);
      return { message: 'Logo deleted successfully', target, version: result.version };
    },
  );
}

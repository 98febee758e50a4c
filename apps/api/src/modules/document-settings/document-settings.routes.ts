import { DocumentSettingsInputSchema, DocumentSettingsSchema, STALE_RECORD_MESSAGE } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { getObjectStorage } from '../../storage';
import { adoptLogoUrl, releaseLogoUrl } from '../logos';
import {
  getDocumentSettings,
  getDocumentSettingsRow,
  lockDocumentSettings,
  saveDocumentSettings,
  toDocumentSettings,
} from './document-settings.repository';

const bit = (value: boolean) => (value ? 1 : 0);

/** Quote template settings (spec 2 §2.7 Documents, §5, §9). */
export async function documentSettingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/document-settings',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Quote and job sheet document settings (defaults when none are stored)',
        response: { 200: DocumentSettingsSchema },
      },
    },
    async () => getDocumentSettings(app.db),
  );

  routes.put(
    '/api/document-settings',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Save the quote template settings',
        description: `A stale version answers 409 "${STALE_RECORD_MESSAGE}".`,
        body: DocumentSettingsInputSchema,
        response: { 200: DocumentSettingsSchema },
      },
    },
    async (request) => {
      const input = request.body;
      const storage = getObjectStorage(app.config);
      let previousLogo: string | null = null;
      const row = await app.db.transaction(async (tx) => {
        await lockDocumentSettings(tx);
        const current = await getDocumentSettingsRow(tx);
        if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
          throw new HttpError(409, STALE_RECORD_MESSAGE);
        }
        const logoUrl = await adoptLogoUrl(storage, app.config, input.logoUrl, current?.logoUrl ?? null);
        previousLogo = current?.logoUrl ?? null;
        const saved = await saveDocumentSettings(tx, {
          companyName: input.companyName,
          companyAddress: input.companyAddress,
          companyPhone: input.companyPhone,
          companyEmail: input.companyEmail,
          companyABN: input.companyABN,
          companyWebsite: input.companyWebsite,
          logoUrl,
          logoBackground: input.logoBackground,
          primaryColor: input.primaryColor,
          secondaryColor: input.secondaryColor,
          accentColor: input.accentColor,
          quoteHeaderText: input.quoteHeaderText,
          quoteFooterText: input.quoteFooterText,
          showLoyaltyFooter: bit(input.showLoyaltyFooter),
          showVehicleNotes: bit(input.showVehicleNotes),
          showTermsAndConditions: bit(input.showTermsAndConditions),
          showPricingBreakdown: bit(input.showPricingBreakdown),
          quoteValidDays: input.quoteValidDays,
          taxLabel: input.taxLabel,
          updatedBy: request.identity.user?.id ?? null,
        });
        if (saved === 'stale') throw new HttpError(409, STALE_RECORD_MESSAGE);
        return saved;
      });
      if (previousLogo && previousLogo !== row.logoUrl) {
        await releaseLogoUrl(app.db, storage, app.config, previousLogo, request.log);
      }
      return toDocumentSettings(row);
    },
  );
}

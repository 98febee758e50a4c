import {
  QuoteLinkSchema,
  QuoteLinkSettingsSchema,
  SendQuoteLinkInputSchema,
  SendQuoteLinkResultSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { pdfFileName } from '../../pdf';
import { getJob } from '../jobs';
import { getQuoteLinkSettings, saveQuoteLinkSettings, signedPdfOfJob } from './quote-links.repository';
import { getJobQuoteLink, type QuoteLinkDeps, revokeQuoteLink, sendQuoteLink } from './quote-links.service';

const NO_SIGNED_PDF = 'This quote has not been accepted online.';

// The manager's side of quote links: send, revoke, status, the signed PDF, and the link settings.
export async function quoteLinksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quote links'];
  const manager = 'manager' as const;
  const deps = (request: FastifyRequest): QuoteLinkDeps => ({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    log: request.log,
  });

  r.post(
    '/api/jobs/:id/quote-link',
    {
      config: { access: manager },
      schema: {
        tags,
        summary:
          'Mails the quote to the customer as a link (PUBLIC_URL/q/<token>); revokes the link sent before',
        params: IdParamsSchema,
        body: SendQuoteLinkInputSchema,
        response: { 201: SendQuoteLinkResultSchema },
      },
    },
    async (request, reply) => {
      const result = await sendQuoteLink(
        deps(request),
        request.params.id,
        request.body,
        request.identity.user?.id ?? null,
      );
      return reply.code(201).send(result);
    },
  );

  r.delete(
    '/api/jobs/:id/quote-link',
    {
      config: { access: manager },
      schema: { tags, summary: 'Revokes the open quote link', params: IdParamsSchema },
    },
    async (request, reply) => {
      await revokeQuoteLink(deps(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/jobs/:id/quote-link',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: "The job's newest quote link and the customer's answer (null when none was sent)",
        params: IdParamsSchema,
        response: { 200: z.object({ link: QuoteLinkSchema.nullable() }) },
      },
    },
    async (request) => ({ link: await getJobQuoteLink(app.db, request.params.id) }),
  );

  r.get(
    '/api/jobs/:id/quote-link/signed-pdf',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: 'The accepted quote with its acceptance page (name, time, IP, signature, hash)',
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const pdf = await signedPdfOfJob(app.db, request.params.id);
      if (!pdf) throw new HttpError(404, NO_SIGNED_PDF);
      const job = await getJob(app.db, request.params.id);
      const name = pdfFileName('quote', job ?? { id: request.params.id, jobNumber: null }).replace(
        '.pdf',
        '-accepted.pdf',
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf);
    },
  );

  r.get(
    '/api/quote-link-settings',
    {
      config: { access: manager },
      schema: { tags, summary: 'Settings > Documents > Quotes', response: { 200: QuoteLinkSettingsSchema } },
    },
    async () => {
      const { expiryDays, reminderDays } = await getQuoteLinkSettings(app.db);
      return { expiryDays, reminderDays };
    },
  );

  r.put(
    '/api/quote-link-settings',
    {
      config: { access: manager },
      schema: {
        tags,
        summary: 'Changes how long a new quote link works, and when a viewed, unanswered one is reminded',
        body: QuoteLinkSettingsSchema,
        response: { 200: QuoteLinkSettingsSchema },
      },
    },
    async (request) => {
      await app.db.transaction((tx) =>
        saveQuoteLinkSettings(tx, request.body, request.identity.user?.id ?? null),
      );
      return request.body;
    },
  );
}

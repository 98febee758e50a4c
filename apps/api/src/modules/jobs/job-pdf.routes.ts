import { dateInZone } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { loadLogo, type PdfKind, pdfFileName, renderJobSheetPdf, renderQuotePdf } from '../../pdf';
import { createPdfCache } from '../../pdf/pdf-cache';
import { getObjectStorage } from '../../storage';
import { getDocumentSettings } from '../document-settings';
import { getAppSettings } from '../settings';
import { getJob } from './jobs.repository';
import { JOB_NOT_FOUND } from './jobs.service';

const RENDER = { quote: renderQuotePdf, jobsheet: renderJobSheetPdf } as const;

// The quote and the job sheet as PDFs (spec 2 §7.1), branded from the document settings. Managers
// only: the quote carries prices.
export async function jobPdfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rendered = createPdfCache();
  for (const kind of ['quote', 'jobsheet'] as const satisfies readonly PdfKind[]) {
    r.get(
      `/api/jobs/:id/${kind}/pdf`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['jobs'],
          summary:
            kind === 'quote'
              ? 'The quote as a PDF, named by the job number (quote-J-00042.pdf)'
              : 'The job sheet as a PDF, named by the job number (job-sheet-J-00042.pdf)',
          params: IdParamsSchema,
        },
      },
      async (request, reply) => {
        const job = await getJob(app.db, request.params.id);
        if (!job) throw new HttpError(404, JOB_NOT_FOUND);
        const [settings, branding] = await Promise.all([
          getDocumentSettings(app.db),
          getAppSettings(app.db, app.config.timezone),
        ]);
        const logo = await loadLogo(getObjectStorage(app.config), app.config, settings.logoUrl).catch(
          (error: unknown) => {
            request.log.warn({ err: error }, 'the document logo could not be read');
            return null;
          },
        );
        const input = {
          job,
          settings,
          logo,
          operator: { currency: branding.currency, locale: branding.locale, timeZone: branding.timeZone },
          appName: branding.appName,
        };
        const pdf = await rendered(kind, input, dateInZone(new Date(), branding.timeZone), RENDER[kind]);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(kind, job)}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }
}

import type { Invoice } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import { loadLogo, renderInvoicePdf } from '../../pdf';
import { getObjectStorage } from '../../storage';
import { getDocumentSettings } from '../document-settings';
import { getAppSettings } from '../settings';
import { getInvoiceSettings } from './invoices.repository';

/** 'invoice-INV-00042.pdf', 'credit-note-CN-00003.pdf', or the id's first 8 characters for a draft. */
export function invoiceFileName(invoice: Pick<Invoice, 'id' | 'kind' | 'number'>): string {
  const name = (invoice.number ?? invoice.id.slice(0, 8)).replace(/[^A-Za-z0-9-]/g, '');
  return `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${name}.pdf`;
}

/** The invoice's PDF, branded from the document settings like the quote. */
export async function invoicePdf(app: FastifyInstance, invoice: Invoice): Promise<Buffer> {
  const [settings, invoiceSettings, branding] = await Promise.all([
    getDocumentSettings(app.db),
    getInvoiceSettings(app.db),
    getAppSettings(app.db, app.config.timezone),
  ]);
  const logo = await loadLogo(getObjectStorage(app.config), app.config, settings.logoUrl).catch(
    (error: unknown) => {
      app.log.warn({ err: error }, 'the document logo could not be read');
      return null;
    },
  );
  return renderInvoicePdf({
    invoice,
    settings,
    invoiceSettings,
    logo,
    operator: { currency: branding.currency, locale: branding.locale, timeZone: branding.timeZone },
    appName: branding.appName,
  });
}

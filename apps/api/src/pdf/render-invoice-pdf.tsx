/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToBuffer } from '@react-pdf/renderer';
import { InvoiceDocument, type InvoicePdfInput } from './invoice-document';
import { registerPdfFonts } from './pdf-fonts';

/** An invoice or credit note as PDF bytes (GET /api/invoices/:id/pdf and the mail's attachment). */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<InvoiceDocument input={input} />);
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToBuffer } from '@react-pdf/renderer';
import { JobSheetDocument } from './job-sheet-document';
import { registerPdfFonts } from './pdf-fonts';
import type { JobPdfInput } from './pdf-input';
import { QuoteDocument } from './quote-document';

// The two job documents as PDF bytes (GET /api/jobs/:id/quote/pdf and /jobsheet/pdf).

export async function renderQuotePdf(input: JobPdfInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<QuoteDocument input={input} />);
}

export async function renderJobSheetPdf(input: JobPdfInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<JobSheetDocument input={input} />);
}

export type { InvoicePdfInput } from './invoice-document';
export { loadLogo } from './load-logo';
export { type JobPdfInput, type PdfKind, type PdfLogo, pdfFileName } from './pdf-input';
export { renderInvoicePdf } from './render-invoice-pdf';
export { renderJobSheetPdf, renderQuotePdf } from './render-job-pdf';
export { type QuoteAcceptance, renderSignedQuotePdf } from './signed-quote-document';

import type { DocumentSettings, Job, OperatorFormat } from '@dms/domain';

/** Everything a quote or job sheet is drawn from: the job as the API answers it, and the branding. */
export interface JobPdfInput {
  job: Job;
  settings: DocumentSettings;
  /** The stored logo; null when there is none or it could not be read. */
  logo: PdfLogo | null;
  /** The operator's locale and time zone: money and dates are written in them. */
  operator: OperatorFormat;
  /** The operator's app name, the company-name fallback when document settings have none. */
  appName?: string;
  /** The day the document is issued; defaults to now. */
  issuedAt?: Date;
}

export interface PdfLogo {
  bytes: Buffer;
  contentType: string;
}

export type PdfKind = 'quote' | 'jobsheet';

/** 'quote-1a2b3c4d.pdf' / 'jobsheet-1a2b3c4d.pdf': the first 8 characters of the job id. */
export function pdfFileName(kind: PdfKind, jobId: string): string {
  const short =
    jobId
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toLowerCase() || 'document';
  return `${kind}-${short}.pdf`;
}

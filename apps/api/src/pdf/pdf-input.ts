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

/** The file name's word for each document. */
const FILE_WORD: Record<PdfKind, string> = { quote: 'quote', jobsheet: 'job-sheet' };

/**
 * 'quote-J-00042.pdf' / 'job-sheet-J-00042.pdf': named by the job number people quote on the phone
 * (issue 29). Anything but letters, digits, '-' and '_' is dropped, so the name is safe in a
 * Content-Disposition header and on every file system; a job number with none of those falls back
 * to the first 8 characters of the job id.
 */
export function pdfFileName(kind: PdfKind, job: { id: string; jobNumber: string | null }): string {
  const number = (job.jobNumber ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);
  const short =
    job.id
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toLowerCase() || 'document';
  return `${FILE_WORD[kind]}-${number || short}.pdf`;
}

import { createHash } from 'node:crypto';
import type { JobPdfInput, PdfKind } from './pdf-input';

// A page of react-pdf costs hundreds of milliseconds of CPU (font shaping and subsetting), and the
// same quote is opened again and again while it is discussed. The key is a digest of everything the
// document is drawn from, plus the operator's day (the quote says when it was issued), so a change to
// the job, its customer, vehicles, drivers, settings or logo is a new key: a hit is never stale.

export type PdfRender = (input: JobPdfInput) => Promise<Buffer>;

function keyOf(kind: PdfKind, input: JobPdfInput, day: string): string {
  const hash = createHash('sha256').update(kind).update('\0').update(day).update('\0');
  hash.update(JSON.stringify({ ...input, logo: input.logo ? input.logo.contentType : null }));
  if (input.logo) hash.update(input.logo.bytes);
  return hash.digest('base64url');
}

/** The most recently used documents, at most `maxEntries` of them, in this process. */
export function createPdfCache(maxEntries = 64) {
  const entries = new Map<string, Promise<Buffer>>();
  return async (kind: PdfKind, input: JobPdfInput, day: string, render: PdfRender): Promise<Buffer> => {
    const key = keyOf(kind, input, day);
    let pdf = entries.get(key);
    if (pdf) {
      // Refresh its place: the oldest entry is the first one a Map iterates.
      entries.delete(key);
    } else {
      pdf = render(input);
      // A render that fails is not kept.
      pdf.catch(() => entries.delete(key));
    }
    entries.set(key, pdf);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return pdf;
  };
}

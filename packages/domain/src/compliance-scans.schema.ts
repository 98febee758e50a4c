import { z } from 'zod';
import { lineText } from './fields';

// Scans of compliance records (issue 26, ADR 35): a PDF or a picture of a licence, a certificate, an
// insurance schedule, uploaded through the signed-upload path and judged by its bytes, shown to the
// managers and to the driver the record is about, no one else.

export const SCAN_MAX_BYTES = 10 * 1024 * 1024;
export const SCAN_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type ScanContentType = (typeof SCAN_CONTENT_TYPES)[number];
/** What a file input offers (the server judges the bytes whatever the name says). */
export const SCAN_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

export const SCAN_MESSAGES = {
  type: 'Upload a PDF, PNG, JPEG or WebP file',
  size: 'A scan may be at most 10 MB',
  content: 'This file is not the PDF or picture it says it is',
  notUploaded: 'Upload the file before attaching it',
  notFound: 'Scan not found',
  kind: 'Choose a record of this driver or vehicle',
} as const;

/** The records of a driver that may carry a scan; a document type's is `document:<type id>`. */
export const DRIVER_SCAN_KINDS = ['licence', 'medical', 'childrenCheck'] as const;
/** The records of a vehicle that may carry a scan. */
export const VEHICLE_SCAN_KINDS = ['registration', 'insurance', 'inspection'] as const;

const DOCUMENT_KIND = /^document:[A-Za-z0-9-]{1,64}$/;

/** Whether `kind` names a record of this subject. */
export function isScanKind(subject: 'driver' | 'vehicle', kind: string): boolean {
  return subject === 'vehicle'
    ? (VEHICLE_SCAN_KINDS as readonly string[]).includes(kind)
    : (DRIVER_SCAN_KINDS as readonly string[]).includes(kind) || DOCUMENT_KIND.test(kind);
}

/** POST …/compliance/scans/upload: what is about to be sent, so the address is bound to it. */
export const ScanUploadRequestSchema = z.object({
  kind: z.string().min(1).max(80),
  fileName: lineText(255).pipe(z.string().min(1, { error: SCAN_MESSAGES.type })),
  contentType: z.enum(SCAN_CONTENT_TYPES, { error: SCAN_MESSAGES.type }),
  size: z
    .number()
    .int()
    .min(1, { error: SCAN_MESSAGES.type })
    .max(SCAN_MAX_BYTES, { error: SCAN_MESSAGES.size }),
});
export type ScanUploadRequest = z.infer<typeof ScanUploadRequestSchema>;

/** PUT the file to uploadURL with its Content-Type, then attach `key`. */
export const ScanUploadResponseSchema = z.object({
  uploadURL: z.string(),
  key: z.string(),
  expiresAt: z.string(),
});
export type ScanUploadResponse = z.infer<typeof ScanUploadResponseSchema>;

/** POST …/compliance/scans: the uploaded file becomes the record's scan (the one before is kept). */
export const AttachScanInputSchema = z.object({
  kind: z.string().min(1).max(80),
  key: z.string().min(1).max(200),
  fileName: lineText(255).pipe(z.string().min(1)),
});
export type AttachScanInput = z.infer<typeof AttachScanInputSchema>;

export const ComplianceScanSchema = z.object({
  id: z.string(),
  kind: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  /** Where the file is served to those who may see it. */
  url: z.string(),
});
export type ComplianceScan = z.infer<typeof ComplianceScanSchema>;

/** The scans in force of a driver's or vehicle's records, one a record. */
export const ComplianceScansSchema = z.object({ items: z.array(ComplianceScanSchema) });
export type ComplianceScans = z.infer<typeof ComplianceScansSchema>;

export const scanFileUrl = (id: string) => `/api/compliance/scans/${id}/file`;

import {
  type ComplianceScan,
  type ComplianceScans,
  SCAN_CONTENT_TYPES,
  SCAN_MAX_BYTES,
  SCAN_MESSAGES,
  type ScanContentType,
  type ScanUploadResponse,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../../lib/api-client';

// Scans of compliance records (issue 26, ADR 35): ask for an address, PUT the file, attach it.

export type ScanSubject = 'driver' | 'vehicle';

const TYPE_OF_EXTENSION: Record<string, ScanContentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The type to declare: the browser's when it is one we take, else the extension's; null if neither. */
export function scanContentType(file: Pick<File, 'name' | 'type'>): ScanContentType | null {
  if ((SCAN_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type as ScanContentType;
  return TYPE_OF_EXTENSION[file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/** The browser-side check: the message, or null when the file may be sent (the server judges the bytes). */
export function checkScanFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!scanContentType(file) || file.size === 0) return SCAN_MESSAGES.type;
  if (file.size > SCAN_MAX_BYTES) return SCAN_MESSAGES.size;
  return null;
}

const scansPath = (subject: ScanSubject, id: string) => `/api/${subject}s/${id}/compliance/scans`;

export function useComplianceScans(subject: ScanSubject, id: string) {
  return useQuery<ComplianceScans>({ queryKey: [scansPath(subject, id)] });
}

async function uploadScan(
  subject: ScanSubject,
  id: string,
  kind: string,
  file: File,
): Promise<ComplianceScan> {
  const refused = checkScanFile(file);
  const contentType = scanContentType(file);
  // Refused here as the server would refuse it, so the screen says it the same way.
  if (refused || !contentType)
    throw new ApiError(400, JSON.stringify({ message: refused ?? SCAN_MESSAGES.type }), 'Bad Request');
  const target = await apiJson<ScanUploadResponse>('POST', `${scansPath(subject, id)}/upload`, {
    kind,
    fileName: file.name,
    contentType,
    size: file.size,
  });
  // A plain fetch: the address may be object storage on another origin (S3 presigned PUT).
  const res = await fetch(target.uploadURL, {
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    body: file,
  });
  // The local engine answers its refusal as JSON (the bytes are not what they claim, too large).
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  return apiJson<ComplianceScan>('POST', scansPath(subject, id), {
    kind,
    key: target.key,
    fileName: file.name,
  });
}

export function useUploadScan(subject: ScanSubject, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: string; file: File }) => uploadScan(subject, id, kind, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [scansPath(subject, id)] }),
  });
}

import {
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  type LogoTarget,
  type LogoUploadResponse,
  type TypedLogoUploadRequest,
} from '@dms/domain';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

// The logo upload flow of spec 2 §4, shared by the General panel (target 'app') and the quote
// template settings (target 'document'): check the file in the browser, ask for an upload address,
// PUT the file to it, then save the settings with the answered logoUrl.

/** The accept attribute of the file picker. */
export const LOGO_ACCEPT = [
  ...LOGO_EXTENSIONS.map((ext) => `.${ext}`),
  'image/png,image/jpeg,image/svg+xml,image/webp',
].join(',');

const TYPE_OF_EXTENSION: Record<(typeof LOGO_EXTENSIONS)[number], TypedLogoUploadRequest['contentType']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The content type the server expects for the file's extension (the server refuses a name whose
 * extension does not match the declared type), or null when the extension is not allowed.
 */
export function logoContentType(file: Pick<File, 'name'>): TypedLogoUploadRequest['contentType'] | null {
  return (
    (TYPE_OF_EXTENSION as Record<string, TypedLogoUploadRequest['contentType'] | undefined>)[
      extensionOf(file.name)
    ] ?? null
  );
}

/** The browser-side check of spec 2 §5: the alert text, or null when the file may be uploaded. */
export function checkLogoFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!logoContentType(file) || file.size === 0) return LOGO_MESSAGES.type;
  if (file.size >= LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  return null;
}

/** POST /api/logos/upload, then PUT the raw file to the answered address; resolves to the logoUrl to save. */
export async function uploadLogo(file: File): Promise<string> {
  const contentType = logoContentType(file);
  if (!contentType) throw new Error(LOGO_MESSAGES.type);
  const target = await apiJson<LogoUploadResponse>('POST', '/api/logos/upload', {
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
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  let answered: string | undefined;
  try {
    const body = (await res.json()) as { logoUrl?: unknown };
    if (typeof body.logoUrl === 'string' && body.logoUrl !== '') answered = body.logoUrl;
  } catch {
    // S3 answers an empty body: the address from the first call stands.
  }
  return answered ?? target.logoUrl;
}

/** Uploads a checked logo file; resolves to the logoUrl that the settings are then saved with. */
export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}

export interface DeleteLogoResult {
  message: string;
  target: LogoTarget;
  /** The settings row's version after the change. */
  version: number;
}

/** DELETE /api/logos/delete with the target whose logo is removed. */
export function deleteLogo(target: LogoTarget): Promise<DeleteLogoResult> {
  return apiJson<DeleteLogoResult>('DELETE', '/api/logos/delete', { target });
}

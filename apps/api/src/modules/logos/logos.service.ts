import { randomUUID } from 'node:crypto';
import {
  LOGO_CONTENT_TYPES,
  type LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  type LogoUploadRequest,
  type LogoUploadResponse,
  type TypedLogoUploadRequest,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { contentTypeOfKey, type ObjectStorage, ObjectTooLargeError, UPLOADS_ROUTE } from '../../storage';
import { checkLogoContent } from './logo-content';
import { isLogoUrlInUse } from './logos.repository';

// The logo upload flow (spec 2 §4): request an address, send the file to it, then save the settings
// with the answered logoUrl. Both settings screens (branding, quote documents) share it.

/** Where the local engine takes the signed PUT. */
export const LOGO_UPLOAD_ROUTE = '/api/logos/upload';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A checked logo: served by GET /api/uploads/:key, referenced by the settings. */
export const LOGO_KEY = new RegExp(`^logo-${UUID}\\.(?:png|jpg|webp|svg)$`);
/**
 * A logo asked for without its type (the spec's bodiless request), on local storage: the signed PUT
 * stores the checked file as `<this>.<ext of its content>`, and settings name it without the ext.
 */
export const UNTYPED_LOGO_KEY = new RegExp(`^logo-${UUID}$`);
/**
 * An S3 upload not checked yet (typed, or without a type): never served; checked and copied to a logo
 * key when settings are saved.
 */
export const UPLOAD_KEY = new RegExp(`^upload-${UUID}(?:\\.(?:png|jpg|webp|svg))?$`);

/** The type a signed address is bound to when the request named none: any logo type, judged by content. */
export const ANY_LOGO_TYPE = '*';

const EXTENSION_OF_TYPE: Record<TypedLogoUploadRequest['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

const TYPE_OF_EXTENSION: Record<(typeof LOGO_EXTENSIONS)[number], TypedLogoUploadRequest['contentType']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The app address of a stored logo. */
export function logoUrlOfKey(key: string): string {
  return `${UPLOADS_ROUTE}/${key}`;
}

/** The storage key of one of our logo addresses (relative, or absolute on PUBLIC_URL), else null. */
export function storageKeyOfLogoUrl(url: string, config: Config): string | null {
  let path = url.trim();
  if (path.startsWith(config.publicUrl)) path = path.slice(config.publicUrl.length);
  if (!path.startsWith(`${UPLOADS_ROUTE}/`)) return null;
  const key = path.slice(UPLOADS_ROUTE.length + 1);
  return LOGO_KEY.test(key) || UPLOAD_KEY.test(key) || UNTYPED_LOGO_KEY.test(key) ? key : null;
}

function typeRefused(path: string): HttpError {
  return new HttpError(400, LOGO_MESSAGES.type, [{ path, message: LOGO_MESSAGES.type }]);
}

/** POST /api/logos/upload: a fresh key and a short-lived address to PUT the file to. */
export async function requestLogoUpload(
  storage: ObjectStorage,
  input: LogoUploadRequest,
): Promise<LogoUploadResponse> {
  if (!input) return requestUntypedUpload(storage);
  // The name must carry an allowed extension of the declared type (spec 2 §5); the content is
  // checked again when it arrives.
  const extension = input.fileName.slice(input.fileName.lastIndexOf('.') + 1).toLowerCase();
  const typeOfName = (TYPE_OF_EXTENSION as Record<string, string | undefined>)[extension];
  if (!input.fileName.includes('.') || typeOfName !== input.contentType) throw typeRefused('fileName');
  const prefix = storage.driver === 'local' ? 'logo' : 'upload';
  const key = `${prefix}-${randomUUID()}.${EXTENSION_OF_TYPE[input.contentType]}`;
  const target = await storage.createUploadUrl(key, input.contentType, LOGO_MAX_BYTES, {
    size: input.size,
    uploadPath: LOGO_UPLOAD_ROUTE,
  });
  return {
    uploadURL: target.uploadURL,
    logoUrl: logoUrlOfKey(key),
    expiresAt: target.expiresAt.toISOString(),
  };
}

/**
 * An address for a file whose type and size are not known yet (the spec's request has no body). The
 * size limit and the type are then enforced on the content: by the local PUT route as it arrives, or
 * on S3 when settings are saved.
 */
async function requestUntypedUpload(storage: ObjectStorage): Promise<LogoUploadResponse> {
  const key = `${storage.driver === 'local' ? 'logo' : 'upload'}-${randomUUID()}`;
  const target = await storage.createUploadUrl(key, ANY_LOGO_TYPE, LOGO_MAX_BYTES, {
    uploadPath: LOGO_UPLOAD_ROUTE,
  });
  return {
    uploadURL: target.uploadURL,
    logoUrl: logoUrlOfKey(key),
    expiresAt: target.expiresAt.toISOString(),
  };
}

/** The stored file of an untyped local upload: its key with the extension of its checked content. */
export async function untypedLogoFile(storage: ObjectStorage, key: string): Promise<string | null> {
  for (const type of LOGO_CONTENT_TYPES) {
    const candidate = `${key}.${EXTENSION_OF_TYPE[type]}`;
    if (await storage.exists(candidate)) return candidate;
  }
  return null;
}

/** Where the checked content of an untyped upload goes: `key.<ext of its type>`. */
export function keyOfUntypedUpload(key: string, contentType: TypedLogoUploadRequest['contentType']): string {
  return `${key}.${EXTENSION_OF_TYPE[contentType]}`;
}

function uploadFailed(): HttpError {
  return new HttpError(400, LOGO_MESSAGES.uploadFailed, [
    { path: 'logoUrl', message: LOGO_MESSAGES.uploadFailed },
  ]);
}

/**
 * The logo address to store when settings are saved: null, the unchanged stored value, or one of our
 * uploaded logos. An S3 upload is checked by content here (it went straight to the bucket) and copied
 * to a key that no upload address can write to.
 */
export async function adoptLogoUrl(
  storage: ObjectStorage,
  config: Config,
  requested: string | null | undefined,
  current: string | null,
): Promise<string | null> {
  if (!requested) return null;
  if (requested === current) return current;
  const key = storageKeyOfLogoUrl(requested, config);
  if (!key) throw uploadFailed();
  if (UNTYPED_LOGO_KEY.test(key)) {
    const stored = await untypedLogoFile(storage, key);
    if (!stored) throw uploadFailed();
    return logoUrlOfKey(stored);
  }
  if (LOGO_KEY.test(key)) {
    if (!(await storage.exists(key))) throw uploadFailed();
    return logoUrlOfKey(key);
  }
  if (storage.driver !== 's3') throw uploadFailed();
  let uploaded: Awaited<ReturnType<ObjectStorage['verify']>>;
  try {
    uploaded = await storage.verify(key, LOGO_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    await storage.delete(key);
    throw new HttpError(413, LOGO_MESSAGES.size, [{ path: 'logoUrl', message: LOGO_MESSAGES.size }]);
  }
  if (!uploaded) throw uploadFailed();
  let checked: ReturnType<typeof checkLogoContent>;
  try {
    // An untyped S3 upload is judged by the type it was sent with; a typed one was signed with its type.
    const declared = key.includes('.') ? contentTypeOfKey(key) : uploaded.contentType;
    checked = checkLogoContent(uploaded.bytes, declared);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  const logoKey = `logo-${randomUUID()}.${EXTENSION_OF_TYPE[checked.contentType]}`;
  await storage.put(logoKey, checked.bytes, checked.contentType, { exclusive: true });
  await storage.delete(key);
  return logoUrlOfKey(logoKey);
}

/** Deletes a logo file that no settings show any more. Failures are logged, not raised. */
export async function releaseLogoUrl(
  db: Db,
  storage: ObjectStorage,
  config: Config,
  url: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const key = storageKeyOfLogoUrl(url, config);
  if (!key) return;
  try {
    if (await isLogoUrlInUse(db, url)) return;
    await storage.delete(key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a replaced logo file');
  }
}

import { LOGO_MAX_BYTES } from '@dms/domain';
import type { Config } from '../config';
import { storageKeyOfLogoUrl } from '../modules/logos';
import { contentTypeOfKey, type ObjectStorage, ObjectTooLargeError } from '../storage';
import type { PdfLogo } from './pdf-input';

/**
 * The bytes of the settings' logo for a document, or null when there is none, it is not one of our
 * stored logos, or it has gone: a document is still sent without its logo rather than failing.
 */
export async function loadLogo(
  storage: ObjectStorage,
  config: Config,
  logoUrl: string | null,
): Promise<PdfLogo | null> {
  if (!logoUrl) return null;
  const key = storageKeyOfLogoUrl(logoUrl, config);
  if (!key) return null;
  try {
    const stored = await storage.verify(key, LOGO_MAX_BYTES);
    if (!stored) return null;
    return { bytes: stored.bytes, contentType: stored.contentType || contentTypeOfKey(key) };
  } catch (error) {
    if (error instanceof ObjectTooLargeError) return null;
    throw error;
  }
}

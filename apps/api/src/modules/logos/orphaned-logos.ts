import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../storage';
import { logoUrlsInUse } from './logos.repository';
import { LOGO_KEY, storageKeyOfLogoUrl, UPLOAD_KEY } from './logos.service';

/** An upload the settings form did not save within a day was abandoned. */
export const ORPHANED_LOGO_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes logo files (and unchecked S3 uploads) that no settings show and that are older than a
 * day: a logo uploaded and never saved would otherwise stay on disk and be served publicly.
 * Answers the deleted keys.
 */
export async function purgeOrphanedLogos(
  db: Db,
  storage: ObjectStorage,
  config: Config,
  now = Date.now(),
): Promise<string[]> {
  const objects = await storage.list();
  const inUse = new Set(
    (await logoUrlsInUse(db)).map((url) => storageKeyOfLogoUrl(url, config)).filter(Boolean),
  );
  const deleted: string[] = [];
  for (const { key, modifiedAt } of objects) {
    if (!LOGO_KEY.test(key) && !UPLOAD_KEY.test(key)) continue;
    if (inUse.has(key) || now - modifiedAt.getTime() < ORPHANED_LOGO_AGE_MS) continue;
    await storage.delete(key);
    deleted.push(key);
  }
  return deleted;
}

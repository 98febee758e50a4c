import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, documentSettings } from '../../db/schema';

/** Whether the branding or the document settings still show this logo address. */
export async function isLogoUrlInUse(db: Db, url: string): Promise<boolean> {
  const [app] = await db
    .select({ id: appSettings.id })
    .from(appSettings)
    .where(eq(appSettings.logoUrl, url))
    .limit(1);
  if (app) return true;
  const [document] = await db
    .select({ id: documentSettings.id })
    .from(documentSettings)
    .where(eq(documentSettings.logoUrl, url))
    .limit(1);
  return Boolean(document);
}

/** Every logo address the branding and the document settings show. */
export async function logoUrlsInUse(db: Db): Promise<string[]> {
  const app = await db.select({ url: appSettings.logoUrl }).from(appSettings);
  const document = await db.select({ url: documentSettings.logoUrl }).from(documentSettings);
  return [...app, ...document].map((row) => row.url).filter((url): url is string => Boolean(url));
}

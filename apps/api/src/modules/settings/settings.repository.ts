import { type AppSettings, DEFAULT_BRANDING, resolveAppIcon, resolveLogoBackground } from '@dms/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** The branding in force: the stored row, with the built-in defaults wherever a value is absent. */
export async function getAppSettings(db: Db): Promise<AppSettings> {
  const [row] = await db.select().from(appSettings).orderBy(asc(appSettings.createdAt)).limit(1);
  return {
    appName: row?.appName?.trim() || DEFAULT_BRANDING.appName,
    appDescription: row?.appDescription?.trim() || DEFAULT_BRANDING.appDescription,
    appIcon: resolveAppIcon(row?.appIcon),
    tagline: row?.tagline?.trim() || DEFAULT_BRANDING.tagline,
    logoUrl: row?.logoUrl?.trim() || null,
    logoBackground: resolveLogoBackground(row?.logoBackground),
  };
}

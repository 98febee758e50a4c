import {
  type AppSettings,
  createFormatters,
  DEFAULT_BRANDING,
  type Formatters,
  getHoursRuleSet,
  getLicenceClassSet,
  isCurrencyCode,
  isLocale,
  type OperatorFormat,
  resolveAppIcon,
  resolveLogoBackground,
} from '@dms/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { type AppSettingsRow, appSettings, type NewAppSettingsRow } from '../../db/schema';

/** The stored branding row (the table holds at most one; the oldest wins if ever there were two). */
export async function getAppSettingsRow(db: Db): Promise<AppSettingsRow | undefined> {
  const [row] = await appSettingsRowStatement(db).execute();
  return row;
}

// Read by most requests that format or brand anything: built and planned once.
const appSettingsRowStatement = preparedPerDatabase((db) =>
  db.select().from(appSettings).orderBy(asc(appSettings.createdAt)).limit(1).prepare('app_settings_row'),
);

/**
 * The branding of a row, with the built-in defaults wherever a value is absent or unusable.
 * `timeZone` is the deployment's APP_TIMEZONE: it is configuration, not a stored setting.
 */
export function toAppSettings(
  row: AppSettingsRow | undefined,
  timeZone: string = DEFAULT_BRANDING.timeZone,
): AppSettings {
  return {
    appName: row?.appName?.trim() || DEFAULT_BRANDING.appName,
    appDescription: row?.appDescription?.trim() || DEFAULT_BRANDING.appDescription,
    appIcon: resolveAppIcon(row?.appIcon),
    tagline: row?.tagline?.trim() || DEFAULT_BRANDING.tagline,
    logoUrl: row?.logoUrl?.trim() || null,
    logoBackground: resolveLogoBackground(row?.logoBackground),
    currency: row?.currency && isCurrencyCode(row.currency) ? row.currency : DEFAULT_BRANDING.currency,
    locale: row?.locale && isLocale(row.locale) ? row.locale : DEFAULT_BRANDING.locale,
    timeZone,
    hoursRuleSet: getHoursRuleSet(row?.hoursRuleSet).id as AppSettings['hoursRuleSet'],
    licenceClassSet: getLicenceClassSet(row?.licenceClassSet).id,
    signOnMinutes: row?.signOnMinutes ?? DEFAULT_BRANDING.signOnMinutes,
    signOffMinutes: row?.signOffMinutes ?? DEFAULT_BRANDING.signOffMinutes,
    terminalIdleMinutes: row?.terminalIdleMinutes ?? DEFAULT_BRANDING.terminalIdleMinutes,
    version: row?.version ?? 0,
  };
}

/** The branding in force: the stored row, with the built-in defaults wherever a value is absent. */
export async function getAppSettings(db: Db, timeZone?: string): Promise<AppSettings> {
  return toAppSettings(await getAppSettingsRow(db), timeZone);
}

/** The operator's currency, locale and time zone (APP_TIMEZONE). */
export async function getOperatorFormat(db: Db, timeZone: string): Promise<OperatorFormat> {
  const { currency, locale } = await getAppSettings(db, timeZone);
  return { currency, locale, timeZone };
}

/** The formatters in the operator's terms, for mails, documents and exports. */
export async function operatorFormatters(db: Db, timeZone: string): Promise<Formatters> {
  return createFormatters(await getOperatorFormat(db, timeZone));
}

/**
 * Serialises writers of the single settings row (readers go on): without it two first saves could
 * both insert. Call inside a transaction; the lock ends with it.
 */
export async function lockAppSettings(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${appSettings} in share row exclusive mode`);
}

export type AppSettingsValues = Omit<NewAppSettingsRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/**
 * Updates the row (bumping its version) or inserts the first one. With expectedVersion, a row at
 * another version is left alone and 'stale' is answered. Call after lockAppSettings.
 */
export async function saveAppSettings(
  tx: Db,
  values: Partial<AppSettingsValues>,
  expectedVersion?: number,
): Promise<AppSettingsRow | 'stale'> {
  const current = await getAppSettingsRow(tx);
  if (expectedVersion !== undefined && expectedVersion !== (current?.version ?? 0)) return 'stale';
  if (!current) {
    const [row] = await tx.insert(appSettings).values(values).returning();
    return row!;
  }
  const [row] = await tx
    .update(appSettings)
    .set({ ...values, version: sql`${appSettings.version} + 1`, updatedAt: new Date() })
    .where(eq(appSettings.id, current.id))
    .returning();
  return row!;
}

/** The branding's logo address (for the logo files' clean-up). */
export async function brandingLogoUrls(db: Db): Promise<(string | null)[]> {
  return (await db.select({ url: appSettings.logoUrl }).from(appSettings)).map((row) => row.url);
}

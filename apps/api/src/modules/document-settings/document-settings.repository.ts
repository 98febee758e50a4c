import {
  DEFAULT_DOCUMENT_COLORS,
  DEFAULT_JOB_SHEET_HEADER_TEXT,
  DEFAULT_QUOTE_FOOTER_TEXT,
  DEFAULT_QUOTE_HEADER_TEXT,
  DEFAULT_QUOTE_VALID_DAYS,
  type DocumentSettings,
  resolveLogoBackground,
} from '@dms/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  type DocumentSettings as DocumentSettingsRow,
  documentSettings,
  type NewDocumentSettings,
} from '../../db/schema';

/** The stored row (the table holds at most one; the oldest wins if ever there were two). */
export async function getDocumentSettingsRow(db: Db): Promise<DocumentSettingsRow | undefined> {
  const [row] = await documentSettingsRowStatement(db).execute();
  return row;
}

// Read by most requests that format or brand anything: built and planned once.
const documentSettingsRowStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(documentSettings)
    .orderBy(asc(documentSettings.createdAt))
    .limit(1)
    .prepare('document_settings_row'),
);

const flag = (value: number | undefined, fallback: boolean) => (value === undefined ? fallback : value === 1);

/** The settings as the screen sees them: spec 2 §9 defaults when nothing is stored, flags as booleans. */
export function toDocumentSettings(row: DocumentSettingsRow | undefined): DocumentSettings {
  return {
    companyName: row?.companyName ?? null,
    companyAddress: row?.companyAddress ?? null,
    companyPhone: row?.companyPhone ?? null,
    companyEmail: row?.companyEmail ?? null,
    companyABN: row?.companyABN ?? null,
    companyWebsite: row?.companyWebsite ?? null,
    logoUrl: row?.logoUrl || null,
    logoBackground: resolveLogoBackground(row?.logoBackground),
    primaryColor: row?.primaryColor ?? DEFAULT_DOCUMENT_COLORS.primaryColor,
    secondaryColor: row?.secondaryColor ?? DEFAULT_DOCUMENT_COLORS.secondaryColor,
    accentColor: row?.accentColor ?? DEFAULT_DOCUMENT_COLORS.accentColor,
    quoteHeaderText: row?.quoteHeaderText ?? DEFAULT_QUOTE_HEADER_TEXT,
    quoteFooterText: row ? row.quoteFooterText : DEFAULT_QUOTE_FOOTER_TEXT,
    showLoyaltyFooter: flag(row?.showLoyaltyFooter, true),
    jobSheetHeaderText: row?.jobSheetHeaderText ?? DEFAULT_JOB_SHEET_HEADER_TEXT,
    jobSheetFooterText: row?.jobSheetFooterText ?? null,
    showVehicleNotes: flag(row?.showVehicleNotes, true),
    showTermsAndConditions: flag(row?.showTermsAndConditions, true),
    showPricingBreakdown: flag(row?.showPricingBreakdown, true),
    quoteValidDays: row?.quoteValidDays ?? DEFAULT_QUOTE_VALID_DAYS,
    taxLabel: row?.taxLabel ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

export async function getDocumentSettings(db: Db): Promise<DocumentSettings> {
  return toDocumentSettings(await getDocumentSettingsRow(db));
}

/** Serialises writers of the single row (see lockAppSettings). Call inside a transaction. */
export async function lockDocumentSettings(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${documentSettings} in share row exclusive mode`);
}

export type DocumentSettingsValues = Omit<NewDocumentSettings, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/**
 * Updates the row (bumping its version) or inserts the first one; 'stale' when expectedVersion is
 * given and the row is at another. Call after lockDocumentSettings.
 */
export async function saveDocumentSettings(
  tx: Db,
  values: Partial<DocumentSettingsValues>,
  expectedVersion?: number,
): Promise<DocumentSettingsRow | 'stale'> {
  const current = await getDocumentSettingsRow(tx);
  if (expectedVersion !== undefined && expectedVersion !== (current?.version ?? 0)) return 'stale';
  if (!current) {
    const [row] = await tx.insert(documentSettings).values(values).returning();
    return row!;
  }
  const [row] = await tx
    .update(documentSettings)
    .set({ ...values, version: sql`${documentSettings.version} + 1`, updatedAt: new Date() })
    .where(eq(documentSettings.id, current.id))
    .returning();
  return row!;
}

/** The quote documents' logo address (for the logo files' clean-up). */
export async function documentLogoUrls(db: Db): Promise<(string | null)[]> {
  return (await db.select({ url: documentSettings.logoUrl }).from(documentSettings)).map((row) => row.url);
}

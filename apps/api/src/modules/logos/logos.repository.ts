import type { Db } from '../../db/client';

/** Reads the logo addresses some settings show (the branding, the quote documents). */
export type LogoUrlSource = (db: Db) => Promise<(string | null)[]>;

/**
 * The settings that show logos register here (record-links.ts): the logo files module asks them which
 * addresses are in use instead of reading their tables (ADR 25).
 */
const sources = new Map<string, LogoUrlSource>();

export function registerLogoUrlSource(name: string, source: LogoUrlSource): void {
  sources.set(name, source);
}

/** Every logo address the settings show. */
export async function logoUrlsInUse(db: Db): Promise<string[]> {
  const urls: string[] = [];
  for (const source of sources.values()) {
    for (const url of await source(db)) if (url) urls.push(url);
  }
  return urls;
}

/** Whether any settings still show this logo address. */
export async function isLogoUrlInUse(db: Db, url: string): Promise<boolean> {
  return (await logoUrlsInUse(db)).includes(url);
}

import path from 'node:path';
import type { Page } from '@playwright/test';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

export interface ScreenshotOptions {
  /** Runs after the page has loaded and before the shot (open a dialog, fill a form). */
  prepare?: (page: Page) => Promise<void>;
  /** Whole page (default) or the viewport only (for dialogs and menus). */
  fullPage?: boolean;
}

/** Screenshots a page at desktop and phone width in light and dark, into .tmp/screenshots/ for review. */
export async function screenshotBothThemes(
  page: Page,
  url: string,
  name: string,
  { prepare, fullPage = true }: ScreenshotOptions = {},
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      if (prepare) await prepare(page);
      // Let transitions (dialogs, menus, toasts) settle.
      await page.waitForTimeout(prepare ? 400 : 100);
      await page.screenshot({
        path: path.join(process.cwd(), '.tmp/screenshots', `${name}-${label}-${theme}.png`),
        fullPage,
      });
    }
  }
}

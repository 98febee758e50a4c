import path from 'node:path';
import { type Page, test } from '@playwright/test';
import { type A11yException, expectNoSeriousA11yViolations } from './axe';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

export interface ScreenshotOptions {
  /** Runs after the page has loaded and before the shot (open a dialog, fill a form). */
  prepare?: (page: Page) => Promise<void>;
  /** Whole page (default) or the viewport only (for dialogs and menus). */
  fullPage?: boolean;
  /** Elements the axe scan sets aside, each with its reason (rare; see ADR 16). */
  a11yExceptions?: A11yException[];
}

/**
 * Screenshots a page at desktop and phone width in light and dark, into .tmp/screenshots/ for review,
 * and scans each of the four with axe (WCAG 2.2 AA): a serious or critical violation fails the journey.
 */
export async function screenshotBothThemes(
  page: Page,
  url: string,
  name: string,
  { prepare, fullPage = true, a11yExceptions = [] }: ScreenshotOptions = {},
): Promise<void> {
  // Four loads and four axe scans: give the journey time for them on a busy machine.
  test.info().setTimeout(test.info().timeout + 30_000);
  const viewport = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(url);
      await settled(page);
      if (prepare) await prepare(page);
      // Let transitions (dialogs, menus, toasts) settle.
      await page.waitForTimeout(prepare ? 400 : 100);
      await page.screenshot({
        path: path.join(process.cwd(), '.tmp/screenshots', `${name}-${label}-${theme}.png`),
        fullPage,
      });
      await expectNoSeriousA11yViolations(page, `${name} ${label} ${theme}`, a11yExceptions);
    }
  }
  // The journey goes on at the size it had.
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * The page has loaded and shows no loading state. Not 'networkidle': signed-in pages keep the live
 * events stream (Server-Sent Events) open, so the network is never idle.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Lazy screens render after 'load': wait until nothing has shown a loading state for two looks
  // in a row (at most ten seconds; a screenshot of a screen still loading then shows it).
  const busy = page.locator(
    '[aria-busy="true"], [data-testid="list-loading"], [data-testid="loading-screen"]',
  );
  const deadline = Date.now() + 10_000;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
    await page.waitForTimeout(150);
    quiet = (await busy.count()) === 0 ? quiet + 1 : 0;
  }
}

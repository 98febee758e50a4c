import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';

// The manager home reads two things at once: what needs attention, drawn on top, and the first page of
// jobs below it. Whichever answers first, nothing already drawn may move when the other arrives: a
// manager reaching for a job must not find a different one under the pointer (bench/NOTES.md §21).

declare global {
  interface Window {
    __layoutShift: number;
  }
}

test('the job list does not move when what needs attention arrives after it', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  // The real answer, held back as a busy server's would be: the jobs come first.
  await page.route('**/api/attention', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) window.__layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('attention-panel')).toBeVisible();
  // Earlier journeys may have left items open, so either answer counts as arrived.
  await expect(
    page.getByTestId('attention-empty').or(page.getByRole('list', { name: 'Items needing attention' })),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Job Details' })).toBeVisible();
  // Layout shifts are reported after the frame that made them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(await page.evaluate(() => window.__layoutShift)).toBeLessThan(0.01);
});

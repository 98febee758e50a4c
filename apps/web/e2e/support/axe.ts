import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { NodeResult, Result } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the bar of issue 17. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a journey. Minor and moderate findings are reported by axe but not failed on. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Scans the page as it is now with axe-core and fails with a readable list (rule, impact, element,
 * markup) when anything serious or critical breaks WCAG 2.2 AA. No rule is switched off here: an
 * exception for one element is written, with its reason, where the element is. The check is soft:
 * the journey carries on (every screenshot is still taken) and fails at its end with every finding.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  exclude: A11yException[] = [],
): Promise<void> {
  // Colours are measured as painted: let a frame or two lay out what the last action changed (a
  // segmented control's indicator moves after the click), then dialogs finish fading in and colours
  // finish changing (endless animations such as loaders excepted).
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const { selector } of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const serious: Result[] = [];
  for (const v of results.violations.filter((v) => FAILING.has(v.impact ?? ''))) {
    const nodes = [];
    for (const n of v.nodes) if (!(await isComboboxOptionList(page, v.id, n))) nodes.push(n);
    if (nodes.length > 0) serious.push({ ...v, nodes });
  }
  expect.soft(serious.length, `axe: ${label} (${page.url()})\n${describe(serious)}`).toBe(0);
}

/** One element set aside from a scan, with the reason written where it is made. */
export interface A11yException {
  selector: string;
  reason: string;
}

/**
 * The one general exception. An open Select or Autocomplete list that scrolls is flagged by
 * 'scrollable-region-focusable' because its options take no focus. They are not meant to: the list is
 * a role="listbox" driven from its role="combobox" input through aria-activedescendant (the WAI-ARIA
 * combobox pattern), where the arrow keys move through every option and scroll it into view, so the
 * whole list is reachable from the keyboard (WCAG 2.1.1 is met). Only that rule, and only for a list
 * a combobox on the page controls, is set aside; the list is scanned for everything else.
 */
async function isComboboxOptionList(page: Page, rule: string, node: NodeResult): Promise<boolean> {
  if (rule !== 'scrollable-region-focusable') return false;
  const selector = node.target.at(-1);
  if (typeof selector !== 'string') return false;
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const list = el.closest('[role="listbox"]');
      return !!list?.id && !!document.querySelector(`[role="combobox"][aria-controls="${list.id}"]`);
    })
    .catch(() => false);
}

function describe(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const why = n.any[0]?.message ?? n.all[0]?.message ?? n.none[0]?.message ?? '';
          return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}${why ? `\n      ${why}` : ''}`;
        })
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}`;
    })
    .join('\n');
}

/**
 * Scans the page as it stands in both colour schemes, without reloading: Mantine's colours follow
 * the `data-mantine-color-scheme` attribute of <html>, so flipping it keeps an open dialog or a
 * half-filled form as it is. The scheme the page had is put back afterwards.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(page: Page, label: string): Promise<void> {
  const html = page.locator('html');
  const original = (await html.getAttribute('data-mantine-color-scheme')) ?? 'light';
  for (const scheme of ['light', 'dark']) {
    await html.evaluate((el, s) => el.setAttribute('data-mantine-color-scheme', s), scheme);
    await expectNoSeriousA11yViolations(page, `${label} ${scheme}`);
  }
  await html.evaluate((el, s) => el.setAttribute('data-mantine-color-scheme', s), original);
}

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { screenshotBothThemes } from './support/screenshots';

// Fleet Overview (issue 16): the four charts draw the demo operator's last twelve weeks, their tables
// carry the numbers, a CSV downloads, and a range without data shows each chart's empty state.

const card = (page: Page, testId: string) => page.getByTestId(testId);

/** The card's table, shown: the chart's numbers as rows. */
async function showTable(c: Locator): Promise<Locator> {
  await c.getByRole('switch', { name: 'Show table' }).check();
  const table = c.getByTestId('fleet-table');
  await expect(table).toBeVisible();
  return table;
}

test('the four fleet charts draw the demo data, show their numbers, export them, and say when a range is empty', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/reports');
  const tabs = page.getByRole('tab');
  await expect(tabs.last()).toHaveText('Fleet Overview');
  await page.getByRole('tab', { name: 'Fleet Overview' }).click();
  await expect(page).toHaveURL(/[?&]tab=fleet\b/);

  // Every chart draws, and its table is there for a screen reader before it is shown.
  const fuel = card(page, 'fleet-fuel-economy');
  const failRate = card(page, 'fleet-inspection-fail-rate');
  const hours = card(page, 'fleet-driver-hours');
  const defects = card(page, 'fleet-open-defects');
  for (const c of [fuel, hours, defects])
    await expect(c.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(failRate.locator('.recharts-line-curve')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fuel per 100 km' })).toBeAttached();

  // The numbers: fuel per vehicle, weekly rates and hours, the open defect.
  const fuelTable = await showTable(fuel);
  const per100 = (vehicle: RegExp) => fuelTable.getByRole('row', { name: vehicle }).getByRole('cell').last();
  await expect(per100(/Harbour Star/)).toHaveText(/^[23]\d\.\d$/);
  await expect(per100(/Sprinter/)).toHaveText(/^1\d\.\d$/);
  const rateTable = await showTable(failRate);
  await expect(rateTable.locator('tbody tr')).toHaveCount(12);
  await expect(rateTable.locator('tbody')).toContainText(/\d+(\.\d)?%/);
  const hoursTable = await showTable(hours);
  await expect(hoursTable.locator('tbody tr').first().getByRole('cell').last()).toHaveText(/^\d{2,3}\.\d$/);
  const defectsTable = await showTable(defects);
  await expect(
    defectsTable
      .getByRole('row', { name: /MO 4105 · Jacaranda/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');

  // The CSV of a chart: a header row and the same vehicles.
  const downloading = page.waitForEvent('download');
  await fuel.getByRole('link', { name: 'Download Fuel per 100 km as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^fleet-fuel-economy-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Vehicle,Fills,Litres,Distance (km),L/100 km');
  expect(csv.find((l) => l.startsWith('MO 4101 · Harbour Star,'))).toMatch(/,\d+\.\d{2}$/);

  await screenshotBothThemes(page, '/reports?tab=fleet', 'reports-fleet');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The tables shown, in both themes.
  for (const c of [fuel, failRate, hours, defects]) await showTable(c);
  await scan(page, 'fleet overview with its tables shown');
  await page.screenshot({
    path: `${process.cwd()}/.tmp/screenshots/reports-fleet-tables-desktop-dark.png`,
    fullPage: true,
  });

  // A range the wrong way round is refused where it is typed; the charts keep the last good one.
  await page.getByRole('textbox', { name: 'From' }).fill('2020-03-01');
  await page.getByRole('textbox', { name: 'To' }).fill('2020-01-06');
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  await expect(fuel.getByTestId('fleet-table')).toContainText('Harbour Star');

  // A range without data: every chart says so.
  await page.getByRole('textbox', { name: 'From' }).fill('2020-01-06');
  await page.getByRole('textbox', { name: 'To' }).fill('2020-03-01');
  await expect(fuel.getByText('No fuel logs in this range')).toBeVisible();
  await expect(failRate.getByText('No inspections in this range')).toBeVisible();
  await expect(hours.getByText('No completed shifts in this range')).toBeVisible();
  await expect(defects.getByText('No open defects at the end of this range')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Range' })).toHaveValue('Custom');
  await scan(page, 'fleet overview with an empty range');
  await page.screenshot({
    path: `${process.cwd()}/.tmp/screenshots/reports-fleet-empty-desktop-dark.png`,
    fullPage: true,
  });
});

import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// The audit trail (issue 26, ADR 34): a job saved with an hours override is found in the Overrides
// report, with its reason and what the hours check said, and on the job's detail.

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function chooseOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('an hours override is found in the Overrides report and on the job', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  // A day no other journey books (the hours journey uses day 52, the dispatch one day 45).
  const day = sydneyDate(57);
  const headers = { 'X-Requested-With': 'e2e' };
  const reason = `Only driver with the accreditation; rest arranged (${stamp})`;
  const priya = (await (await page.request.get('/api/drivers?search=Priya')).json()).items[0];
  const vehicles = (await (await page.request.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  const early = await page.request.post('/api/jobs', {
    headers,
    data: {
      title: `Early shuttle ${stamp}`,
      serviceDate: day,
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Airport',
          departureTime: '06:00',
          arrivalTime: '10:00',
        },
        {
          originAddress: 'Airport',
          destinationAddress: 'Depot',
          departureTime: '11:15',
          arrivalTime: '15:00',
        },
      ],
      vehicles: [{ vehicleId: vehicles[0].id, driverId: priya.id }],
      basePrice: 100,
    },
  });
  expect(early.status(), await early.text()).toBe(201);

  // The manager saves an evening job for her with a reason (12 h 30 min of work in 24 h).
  await page.goto('/');
  await page.getByRole('button', { name: 'New Job' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Job' });
  const title = `Evening transfer ${stamp}`;
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByLabel('Service date').fill(day);
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  const slot = form.getByTestId('job-slot').first();
  await slot.getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await page.getByRole('option').nth(1).click();
  await chooseOption(page, slot, 'Driver', 'Priya Sharma');
  const leg = form.getByTestId('job-leg').first();
  await leg.getByRole('combobox', { name: 'From' }).fill('Depot');
  await leg.getByRole('combobox', { name: 'To' }).fill('Opera House');
  await leg.getByLabel('Departure').fill('16:30');
  await leg.getByLabel('Arrival').fill('19:00');
  const hours = form.getByTestId('job-hours');
  await expect(hours).toContainText('12 h work in any 24 h');
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(hours.getByText(/This allocation breaks the driver hours rules/)).toBeVisible();
  await hours.getByRole('textbox', { name: 'Reason to allocate anyway' }).fill(reason);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Draft saved successfully')).toBeVisible();

  try {
    // The Overrides report, filtered to Priya: the job, the numbers, the reason, who allowed it.
    const showPriya = async (p: Page) => {
      const tab = p.getByRole('tabpanel', { name: 'Overrides' });
      await chooseOption(p, tab, 'Driver', 'Priya Sharma');
      await expect(p.getByTestId('report-row').filter({ hasText: reason })).toBeVisible();
    };
    await page.goto('/reports');
    await page.getByRole('tab', { name: 'Overrides' }).click();
    await expect(page).toHaveURL(/tab=overrides/);
    await showPriya(page);
    const row = page.getByTestId('report-row').filter({ hasText: reason });
    await expect(row).toContainText(title);
    await expect(row).toContainText('Priya Sharma');
    await expect(row).toContainText('Driver hours');
    await expect(row).toContainText('Would work 12 h 30 min in 24 h (limit 12 h, over by 30 min)');
    // The demo manager is Sarah Mitchell.
    await expect(row).toContainText('Sarah Mitchell');

    // Only compliance overrides: none for Priya's hours.
    await chooseOption(page, page.getByRole('tabpanel', { name: 'Overrides' }), 'Kind', 'Compliance');
    await expect(page.getByTestId('report-row').filter({ hasText: reason })).toHaveCount(0);

    // The CSV download carries the same row.
    const csv = await page.request.get(`/api/reports/overrides/export?driverId=${priya.id}&kind=hours`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(reason);

    await screenshotBothThemes(page, '/reports?tab=overrides', 'reports-overrides', { prepare: showPriya });

    // Nothing in the dates asked for, and a report that cannot be read.
    await page.goto('/reports?tab=overrides');
    const panel = page.getByRole('tabpanel', { name: 'Overrides' });
    await panel.getByLabel('From').fill('2001-01-01');
    await panel.getByLabel('To').fill('2001-01-31');
    await expect(panel.getByText('No overrides match your filters')).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/reports-overrides-empty-desktop.png' });
    const overridesList = (url: URL) => url.pathname === '/api/reports/overrides';
    await page.route(overridesList, (route) => route.fulfill({ status: 500, body: '{"message":"Down"}' }));
    await page.goto('/reports?tab=overrides');
    await expect(page.getByText('Could not load this report')).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/reports-overrides-error-desktop.png' });
    await page.unroute(overridesList);

    // The job's detail lists its override.
    const openDetail = async (p: Page) => {
      const found = p.locator('[data-testid="job-row"], [data-testid="job-card"]').filter({ hasText: title });
      await found.getByRole('button', { name: title }).click();
      const overrides = p.getByRole('dialog', { name: title }).getByTestId('job-override');
      await expect(overrides).toContainText(reason);
      await expect(overrides).toContainText('12 h work in any 24 h');
      await overrides.scrollIntoViewIfNeeded();
    };
    // From the report's row straight to the job's detail.
    await page.goto('/reports?tab=overrides');
    await showPriya(page);
    await page
      .getByTestId('report-row')
      .filter({ hasText: reason })
      .getByRole('link', { name: /^Open job/ })
      .click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByTestId('job-override')).toContainText(reason);
    await expect(detail.getByTestId('job-override')).toContainText('Sarah Mitchell');
    await screenshotBothThemes(page, `/?search=${encodeURIComponent(title)}`, 'job-detail-overrides', {
      prepare: openDetail,
      fullPage: false,
    });
  } finally {
    const saved = (await (await page.request.get(`/api/jobs?search=${stamp}&limit=10`)).json()).items;
    for (const j of saved) await page.request.delete(`/api/jobs/${j.id}`, { headers });
  }
});

import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { waitForMail } from './support/outbox';
import { screenshotBothThemes } from './support/screenshots';

// Job management (issue 7): a job for a new customer with two legs and a return journey, two vehicle
// slots, a discount and exclusive tax, the same totals in the list and the detail; a draft published
// with its offers and mails; an edit of a published job with the Updated badge; filters that survive
// a reload; a delete with confirmation.

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function chooseOption(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  option: string | RegExp,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('create, save as draft, publish with offers, edit with the Updated badge, filter, delete', async ({
  page,
}) => {
  // A long journey, with full-page shots of the list (cards at phone width) scanned by axe.
  test.setTimeout(240_000);
  const title = `Museum excursion ${Date.now().toString(36)}`;
  const customerName = `Northside Public School ${Date.now().toString(36)}`;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Job Management' })).toBeVisible();
  await expect(page.getByTestId('jobs-table')).toBeVisible();

  await page.getByRole('button', { name: 'New Job' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Job' });
  await expect(form.getByRole('textbox', { name: 'Job Number' })).toBeDisabled();

  // A new school customer with a contact.
  await form.getByText('New customer', { exact: true }).click();
  await chooseOption(page, form.getByRole('region', { name: 'Customer Details' }), 'Type', 'School');
  await form.getByRole('textbox', { name: 'School Name' }).fill(customerName);
  await form.getByRole('textbox', { name: 'Phone' }).first().fill('02 9000 1111');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await form.getByRole('textbox', { name: 'Contact 1 name' }).fill('Pat Principal');

  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByLabel('Service date').fill(sydneyDate(2));
  await form.getByRole('textbox', { name: 'Passengers' }).fill('80');

  // Two vehicle slots: a coach with a driver, and a second vehicle without one.
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  const slots = form.getByTestId('job-slot');
  await expect(slots).toHaveCount(2);
  await expect(slots.nth(0).getByRole('combobox', { name: 'Driver' })).toBeDisabled();
  await slots.nth(0).getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await page.getByRole('option').first().click();
  await slots.nth(0).getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: 'James Wilson' }).click();
  await slots.nth(1).getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await page.getByRole('option').nth(1).click();

  // Legs: the first, then a return journey.
  const legs = form.getByTestId('job-leg');
  await expect(form.getByRole('button', { name: 'Return Journey' })).toBeDisabled();
  await legs.nth(0).getByRole('combobox', { name: 'From' }).fill('Northside PS, Hornsby');
  await legs.nth(0).getByRole('combobox', { name: 'To' }).fill('Australian Museum, Sydney');
  await legs.nth(0).getByLabel('Departure').fill('08:30');
  await legs.nth(0).getByLabel('Arrival').fill('09:30');
  await form.getByRole('button', { name: 'Return Journey' }).click();
  await expect(legs).toHaveCount(2);
  await expect(legs.nth(1).getByRole('combobox', { name: 'From' })).toHaveValue('Australian Museum, Sydney');
  await legs.nth(1).getByLabel('Departure').fill('14:00');
  await legs.nth(1).getByLabel('Arrival').fill('15:00');

  // Pricing: 1000 base, 10 % discount, exclusive tax at 10 %: 900 + 90 = 990.
  await form.getByRole('textbox', { name: /Base price/ }).fill('1000');
  await chooseOption(page, form, 'Tax', 'Exclusive');
  await form.getByRole('button', { name: 'Add discount' }).click();
  await form.getByRole('textbox', { name: 'Description' }).last().fill('Loyalty');
  await form
    .getByRole('textbox', { name: /Amount|Percent/ })
    .last()
    .fill('10');
  await chooseOption(page, form.getByRole('region', { name: 'Pricing' }), 'Type', 'Percentage');
  const breakdown = form.getByTestId('price-breakdown');
  await expect(breakdown.getByTestId('price-subtotal')).toHaveText('$900.00');
  await expect(breakdown.getByTestId('price-tax')).toHaveText('$90.00');
  await expect(breakdown.getByTestId('price-total')).toHaveText('$990.00');
  await scan(page, 'job form, filled');
  await page.screenshot({ path: '.tmp/screenshots/job-form-desktop-light.png' });

  // Save as a draft.
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Draft saved successfully')).toBeVisible();
  const row = page.getByTestId('job-row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await expect(row.getByTestId('job-total')).toHaveText('$990.00');
  await expect(row).toContainText(customerName);
  await expect(row).toContainText('Unassigned Driver 2');

  // The detail shows the same totals.
  await row.getByRole('button', { name: title }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByTestId('detail-total')).toHaveText('$990.00');
  await expect(detail.getByTestId('detail-subtotal')).toHaveText('$900.00');
  await expect(detail).toContainText('No Driver Assigned');
  await expect(detail.getByTestId('detail-leg')).toHaveCount(2);
  await scan(page, 'job detail');
  await page.keyboard.press('Escape');

  // Publish from the row: James is offered the job and mailed.
  const since = Date.now();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog', { name: 'Publish job' })).toContainText(
    'Are you sure you want to publish this job?',
  );
  await scan(page, 'publish confirmation');
  await page.getByRole('dialog', { name: 'Publish job' }).getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Job published successfully')).toBeVisible();
  await expect(row).toContainText('Confirmed');
  const mail = await waitForMail(DEMO.driver.email, { since });
  expect(mail.subject).toMatch(new RegExp(`^New job offer: J-\\d{5} ${title}$`));
  await row.getByRole('button', { name: title }).click();
  await expect(detail.getByTestId('job-staffing')).toContainText('James Wilson');
  await expect(detail.getByTestId('job-staffing')).toContainText('Pending');
  await page.keyboard.press('Escape');

  // Edit the published job: what drivers see changed, so it is marked Updated. The publish toast sits
  // over the bottom row's menu until it closes, as it would for a user.
  await expect(toast(page, 'Job published successfully')).toBeHidden({ timeout: 15_000 });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Job' });
  await expect(edit.getByRole('textbox', { name: 'Job Number' })).toBeEnabled();
  await edit.getByTestId('job-leg').nth(0).getByLabel('Departure').fill('08:15');
  await edit.getByRole('button', { name: 'Update Job' }).click();
  await expect(toast(page, 'Job updated successfully')).toBeVisible();
  await expect(row.getByTestId('job-updated')).toBeVisible();
  await screenshotBothThemes(page, '/', 'jobs-list');

  // Filters live in the URL: this week (when the job falls in it) and the driver survive a reload.
  await chooseOption(page, page.locator('body'), 'Driver', 'James Wilson');
  await expect(page).toHaveURL(/driver=/);
  await expect(row).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Driver' })).toHaveValue('James Wilson');
  await expect(page.getByTestId('job-row').filter({ hasText: title })).toBeVisible();
  await chooseOption(page, page.locator('body'), 'Time period', 'This Week');
  await expect(page).toHaveURL(/period=week/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time period' })).toHaveValue('This Week');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/period=|driver=/);

  // Delete with confirmation.
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  const found = page.getByTestId('job-row').filter({ hasText: title });
  await found.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete job' });
  await expect(confirm).toContainText('Are you sure you want to delete this job?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Job deleted successfully')).toBeVisible();
  await expect(page.getByText('No jobs found matching your filters.')).toBeVisible();
});

test('a driver request is approved from the job detail', async ({ page, browser }) => {
  const title = `Request approval ${Date.now().toString(36)}`;
  const api = page.request;
  const vehicles = (await (await api.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  const created = await api.post('/api/jobs', {
    headers: { 'X-Requested-With': 'e2e' },
    data: {
      title,
      serviceDate: sydneyDate(3),
      vehicles: [{ vehicleId: vehicles[2].id }],
      legs: [{ departureTime: '10:00' }],
    },
  });
  const job = await created.json();
  await api.post(`/api/jobs/${job.id}/publish`, { headers: { 'X-Requested-With': 'e2e' } });

  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await signInViaApi(driver, 'emma@demo.local', 'driver1234');
  expect(
    (await driver.request.post(`/api/jobs/${job.id}/request`, { data: { message: 'I can do it' } })).status(),
  ).toBe(201);

  await page.goto('/');
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  const row = page.getByTestId('job-row').filter({ hasText: title });
  await expect(row).toContainText('1 request');
  await row.getByRole('button', { name: title }).click();
  const detail = page.getByRole('dialog', { name: title });
  const request = detail.getByTestId('job-request');
  await expect(request).toContainText('Emma Taylor asks for this job');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Request approved')).toBeVisible();
  await expect(detail.getByTestId('detail-vehicle')).toContainText('Emma Taylor');
  await driverContext.close();
});

test('allocating a driver past 12 h of work in 24 h shows the numbers and needs a reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  // A day no other journey books (the dispatch journey uses day 45).
  const day = sydneyDate(52);
  const headers = { 'X-Requested-With': 'e2e' };
  const priya = (await (await page.request.get('/api/drivers?search=Priya')).json()).items[0];
  const vehicles = (await (await page.request.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  // Priya already holds an early job that day: 06:00–10:00, then 11:15–15:00 (9 h 15 min of work
  // with the sign-on and sign-off allowances).
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

  // An evening job for her too: 16:30–19:00 would make 12 h 30 min in 24 h.
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
  await expect(hours).toContainText('Priya Sharma');
  await expect(hours).toContainText(
    '12 h work in any 24 h: Would work 12 h 30 min in 24 h (limit 12 h, over by 30 min); legal again from',
  );
  await hours.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/job-form-hours-desktop-light.png' });

  // No save without a reason; with one, the job is saved and the reason kept.
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(hours.getByText(/This allocation breaks the driver hours rules/)).toBeVisible();
  await scan(page, 'job form with a driver hours warning');
  await hours
    .getByRole('textbox', { name: 'Reason to allocate anyway' })
    .fill('Only driver with the accreditation; 11 h rest arranged after');
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Draft saved successfully')).toBeVisible();

  // Tidy up: both jobs go.
  const saved = (await (await page.request.get(`/api/jobs?search=${stamp}&limit=10`)).json()).items;
  expect(saved.map((j: { title: string }) => j.title).sort()).toEqual(
    [`Early shuttle ${stamp}`, title].sort(),
  );
  for (const j of saved) await page.request.delete(`/api/jobs/${j.id}`, { headers });
});

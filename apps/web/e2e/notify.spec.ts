import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Telling the right people, once (issue 29): the save button says whom it offers and the toast names
// them; a driver sees a held offer on Available Jobs and a count on Job Offers; the manager's home
// shows what needs attention, live, with Acknowledge; the Start Time column; cards at phone width.

const headers = { 'X-Requested-With': 'e2e' };

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The operator's wall clock, `minutes` from now (HH:mm). */
function sydneyClock(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Sydney',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

async function apiAs(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  expect((await api.post('/api/login', { data: { email, password } })).status()).toBe(200);
  return api;
}

async function jamesId(api: APIRequestContext): Promise<string> {
  const res = await api.get(`/api/drivers?search=${encodeURIComponent(DEMO.driver.email)}&limit=5`);
  return (await res.json()).items.find((d: { email: string }) => d.email === DEMO.driver.email).id;
}

async function vehicleIds(api: APIRequestContext): Promise<string[]> {
  const res = await api.get('/api/vehicles?type=company_owned&limit=50');
  return (await res.json()).items
    .filter((v: { isActive: number }) => v.isActive === 1)
    .map((v: { id: string }) => v.id);
}

async function openEdit(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(title);
  // A table row on a laptop, a card on a phone.
  const row = page.locator('[data-testid="job-row"], [data-testid="job-card"]').filter({ hasText: title });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Job' });
}

test('the save button says whom it offers; the driver sees the offer on Available Jobs and a count', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const manager = await apiAs(baseURL!, DEMO.manager.email, DEMO.manager.password);
  const title = `Offer shown ${Date.now().toString(36)}`;
  const [bus] = await vehicleIds(manager);
  const created = await manager.post('/api/jobs', {
    data: {
      title,
      status: 'confirmed',
      serviceDate: sydneyDate(3),
      legs: [
        { originAddress: 'Central', destinationAddress: 'Zoo', departureTime: '07:10', arrivalTime: '08:00' },
      ],
      vehicles: [{ vehicleId: bus }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/');
  let form = await openEdit(page, title);
  await expect(form.getByRole('button', { name: 'Update Job' })).toBeVisible();
  await form.getByTestId('job-slot').first().getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: 'James Wilson' }).click();
  await expect(form.getByRole('button', { name: 'Save and offer to 1 driver' })).toBeVisible();
  await screenshotBothThemes(page, `/?search=${encodeURIComponent(title)}`, 'job-form-save-offers', {
    prepare: async (p) => {
      const again = await openEdit(p, title);
      await again.getByTestId('job-slot').first().getByRole('combobox', { name: 'Driver' }).click();
      await p.getByRole('option', { name: 'James Wilson' }).click();
      await again.getByRole('button', { name: 'Save and offer to 1 driver' }).scrollIntoViewIfNeeded();
    },
    fullPage: false,
  });
  await page.goto('/');
  form = await openEdit(page, title);
  await form.getByTestId('job-slot').first().getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: 'James Wilson' }).click();
  await form.getByRole('button', { name: 'Save and offer to 1 driver' }).click();
  await expect(toast(page, 'Job updated successfully')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText(
    'Offered to James Wilson; they have 48 hours to answer.',
  );

  // Taken off the slot on the board, James still holds the offer: Available Jobs shows it, not Request.
  const stored = await (await manager.get(`/api/jobs/${job.id}`)).json();
  const slot = stored.vehicles[0];
  const moved = await manager.patch(`/api/jobs/${job.id}/slots/${slot.id}`, {
    data: {
      vehicleId: slot.vehicleId,
      driverId: null,
      was: { vehicleId: slot.vehicleId, driverId: await jamesId(manager) },
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await signInViaApi(driver, DEMO.driver.email, DEMO.driver.password);
  await driver.goto('/available-jobs');
  const card = driver.getByTestId('available-job-card').filter({ hasText: title });
  await expect(card.getByTestId('held-offer')).toContainText('This job is offered to you');
  await expect(card.getByRole('button', { name: 'Request This Job' })).toHaveCount(0);
  await expect(driver.getByTestId('offers-badge')).toBeVisible();
  const pending = (await (await driver.request.get('/api/job-offers/pending-count')).json()).pending;
  await expect(
    driver.getByRole('link', { name: new RegExp(`Job Offers.*${pending} pending`) }),
  ).toBeVisible();
  await screenshotBothThemes(driver, '/available-jobs', 'available-jobs-held-offer', {
    prepare: async (p) => {
      await p.getByTestId('available-job-card').filter({ hasText: title }).scrollIntoViewIfNeeded();
    },
    fullPage: false,
  });
  await card.getByRole('link', { name: 'Answer Your Offer' }).click();
  await expect(driver).toHaveURL(/\/job-offers$/);
  await driverContext.close();
  await manager.delete(`/api/jobs/${job.id}`);
  await manager.dispose();
});

test("the manager's home: attention list live with Acknowledge, Start Time, and cards on a phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const manager = await apiAs(baseURL!, DEMO.manager.email, DEMO.manager.password);
  const driver = await apiAs(baseURL!, DEMO.driver.email, DEMO.driver.password);
  // A job of today whose first departure passed ten minutes ago, James on it, not clocked in: Late.
  const title = `Start time ${Date.now().toString(36)}`;
  const departed = sydneyClock(-10);
  const [, bus] = await vehicleIds(manager);
  const lateJob =
    departed < sydneyClock(0)
      ? await (
          await manager.post('/api/jobs', {
            data: {
              title,
              status: 'confirmed',
              serviceDate: sydneyDate(0),
              legs: [{ originAddress: 'Depot', destinationAddress: 'Airport', departureTime: departed }],
              vehicles: [{ vehicleId: bus, driverId: await jamesId(manager) }],
              hoursOverrideReason: 'Journey test',
            },
          })
        ).json()
      : null;

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/');
  const panel = page.getByTestId('attention-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Needs attention' })).toBeVisible();

  // A driver raises an emergency: it appears on the manager's list without a reload.
  const types = await (await driver.get('/api/emergency-types')).json();
  const raised = await driver.post('/api/emergency-alerts', {
    data: { emergencyTypeId: types[0].id, location: 'M4 westbound, near Exit 12' },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const item = panel.getByTestId('attention-item').filter({ hasText: 'M4 westbound' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`${types[0].name} raised by James Wilson`);
  await expect(page.getByTestId('attention-badge')).toBeVisible();

  if (lateJob) {
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(title);
    const row = page.getByTestId('job-row').filter({ hasText: title });
    await expect(row.getByTestId('start-time')).toContainText('Late');
  }
  await screenshotBothThemes(page, '/', 'home-attention-start-time');
  // At phone width the job list is cards, not a cut-off table.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await expect(page.getByTestId('jobs-table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (lateJob) {
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(title);
    await expect(
      page.getByTestId('job-card').filter({ hasText: title }).getByTestId('start-time'),
    ).toContainText('Late');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');

  // Acknowledged by this manager: gone from the list.
  await panel
    .getByTestId('attention-item')
    .filter({ hasText: 'M4 westbound' })
    .getByRole('button', { name: `Acknowledge: ${types[0].name} raised by James Wilson` })
    .click();
  await expect(toast(page, 'Acknowledged')).toBeVisible();
  await expect(panel.getByTestId('attention-item').filter({ hasText: 'M4 westbound' })).toHaveCount(0);

  if (lateJob) await manager.delete(`/api/jobs/${lateJob.id}`);
  await manager.dispose();
  await driver.dispose();
});

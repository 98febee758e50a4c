import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Compliance records (issue 26): a driver's and a vehicle's Compliance tabs in Settings, and the
// Compliance page of everything due soon or overdue. Each journey makes its own records.

let counter = 0;
function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

/** The operator's day (the demo runs in Australia/Sydney), moved by `days`. */
function day(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Australia/Sydney',
  });
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

// Vehicles made here carry lapsed records; later journeys pick vehicles by their place in the list, so
// each is deleted (deactivated, its records kept) when its journey ends.
const made: string[] = [];

test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) {
    await page.request.delete(`/api/vehicles/${id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  }
});

async function coachVehicle(page: Page, registration: string) {
  const categories = await api<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/vehicle-categories-new?search=Coach',
  );
  const coach = categories.items.find((c) => c.name === 'Coach') ?? categories.items[0]!;
  const vehicle = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: coach.id,
    registrationNumber: registration,
    nickname: `Comp ${registration}`,
    seatedCapacity: 57,
  });
  made.push(vehicle.id);
  return vehicle;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test("driver's Compliance tab: records an MR licence, medical and children check", async ({ page }) => {
  const email = `comp.${unique().toLowerCase()}@example.test`;
  await api(page, 'POST', '/api/drivers', { firstName: 'Casey', lastName: 'Licence', email });
  await page.goto('/settings/drivers');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(email);
  await page.getByRole('button', { name: 'Edit Casey Licence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Driver' });
  await dialog.getByRole('tab', { name: 'Compliance' }).click();
  const tab = dialog.getByTestId('driver-compliance');
  await expect(tab.getByText('Licence: not recorded')).toBeVisible();

  await tab.getByRole('textbox', { name: 'Licence number' }).fill('NSW 1234567');
  await tab.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'MR', exact: true }).click();
  await tab.getByLabel('Licence expiry').fill(day(400));
  await tab.getByLabel('Medical expiry').fill(day(10));
  await tab.getByLabel('Check expiry').fill(day(-3));
  await tab.getByRole('button', { name: 'Save record' }).click();
  await expect(toast(page, 'Compliance record saved')).toBeVisible();
  await expect(tab.getByText(/^Licence MR until/)).toBeVisible();
  await expect(tab.getByText(/^Medical due/)).toBeVisible();
  await expect(tab.getByText(/^Children check expired/)).toBeVisible();
  await expect(tab.getByText(/Earlier versions are kept/)).toBeVisible();

  await screenshotBothThemes(page, '/settings/drivers', 'compliance-driver-tab', {
    prepare: async (p) => {
      await p.getByRole('textbox', { name: 'Search drivers' }).fill(email);
      await p.getByRole('button', { name: 'Edit Casey Licence' }).click();
      await p.getByRole('dialog', { name: 'Edit Driver' }).getByRole('tab', { name: 'Compliance' }).click();
      await expect(p.getByTestId('driver-compliance')).toBeVisible();
    },
    fullPage: false,
  });
});

test("vehicle's Compliance tab: registration, service interval, and a service that restarts it", async ({
  page,
}) => {
  const registration = `CMP-${unique().slice(-6)}`;
  await coachVehicle(page, registration);
  await page.goto('/settings/vehicles/company');
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(registration);
  await page.getByRole('button', { name: new RegExp(`^Edit .*${registration}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await dialog.getByRole('tab', { name: 'Compliance' }).click();
  const tab = dialog.getByTestId('vehicle-compliance');
  await expect(tab.getByText('Registration: not recorded')).toBeVisible();

  await tab.getByLabel('Registration expiry').fill(day(-1));
  await tab.getByLabel('Insurance expiry').fill(day(200));
  await tab.getByLabel('Last inspection').fill(day(-170));
  await tab.getByRole('textbox', { name: 'Every (months)' }).first().fill('6');
  await tab.getByRole('textbox', { name: 'Every (km)' }).fill('20000');
  await tab.getByRole('button', { name: 'Save record' }).click();
  await expect(toast(page, 'Compliance record saved')).toBeVisible();
  await expect(tab.getByText(/^Registration expired/)).toBeVisible();
  await expect(tab.getByText(/^Inspection due/)).toBeVisible();

  const service = tab.getByRole('form', { name: 'Record a service' });
  await service.getByRole('button', { name: 'Record service' }).click();
  await expect(service.getByText('Say what work was done')).toBeVisible();
  await service.getByLabel('Service date').fill(day(-1));
  await service.getByRole('textbox', { name: 'Odometer (km)' }).fill('154200');
  await service.getByRole('textbox', { name: 'Work done' }).fill('A service: oil, filters, brake check');
  await service.getByRole('textbox', { name: 'Cost' }).fill('845.50');
  await service.getByRole('button', { name: 'Record service' }).click();
  await expect(toast(page, 'Service recorded: the interval starts again')).toBeVisible();
  const services = tab.getByRole('table', { name: 'Latest services' });
  await expect(services).toContainText('154,200 km');
  await expect(services).toContainText('$845.50');
  await expect(tab.getByText(/at 174,200 km/)).toBeVisible();

  await screenshotBothThemes(page, '/settings/vehicles/company', 'compliance-vehicle-tab', {
    prepare: async (p) => {
      await p.getByRole('textbox', { name: 'Search vehicles' }).fill(registration);
      await p.getByRole('button', { name: new RegExp(`^Edit .*${registration}`) }).click();
      await p.getByRole('dialog', { name: 'Edit Vehicle' }).getByRole('tab', { name: 'Compliance' }).click();
      await expect(p.getByTestId('vehicle-compliance')).toBeVisible();
    },
    fullPage: false,
  });
});

test('Compliance page: worst first, filters, CSV, and an empty filter', async ({ page }) => {
  const registration = `DUE-${unique().slice(-6)}`;
  const vehicle = await coachVehicle(page, registration);
  await api(page, 'PUT', `/api/vehicles/${vehicle.id}/compliance`, {
    registrationExpiry: day(-5),
    insuranceExpiry: day(12),
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(page.getByRole('heading', { name: 'Compliance' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Records due' });
  const rows = table.getByRole('row', { name: new RegExp(registration) });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Registration');
  await expect(rows.nth(0)).toContainText('Overdue');
  await expect(rows.nth(0)).toContainText('5 days ago');
  await expect(rows.nth(1)).toContainText('Insurance');
  await expect(rows.nth(1)).toContainText('in 12 days');

  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /\/api\/compliance\/due\/export\?days=30/,
  );
  await page.getByRole('combobox', { name: 'Record' }).click();
  await page.getByRole('option', { name: 'Insurance', exact: true }).click();
  await expect(table.getByRole('row', { name: new RegExp(registration) })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /kind=insurance/);

  await page.locator('.mantine-SegmentedControl-root').getByText('Drivers', { exact: true }).click();
  await expect(page.getByTestId('compliance-empty')).toBeVisible();

  await screenshotBothThemes(page, '/compliance', 'compliance-page');
});

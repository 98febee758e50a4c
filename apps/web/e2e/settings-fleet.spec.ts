import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Settings, fleet (spec 2 §2.7): vehicle categories, company and partner vehicles, depots and
// subcontractors. Every journey makes its own records, named uniquely for this run.

let counter = 0;
function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

/** A state-changing call as the signed-in manager (the page's cookies). */
async function api<T>(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function pickOption(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('vehicle categories: add, edit and delete', async ({ page }) => {
  const name = `Category ${unique()}`;
  await page.goto('/settings/vehicles/categories');
  await expect(page.getByRole('heading', { name: 'Vehicle Categories' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  const add = page.getByRole('dialog', { name: 'Add Category' });
  await expect(add.getByRole('textbox', { name: 'Colour' })).toHaveValue('#3b82f6');
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(add.getByText('Category name is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'Colour' }).fill('#ff8800');
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, 'Category created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  const table = page.getByRole('table', { name: 'Vehicle categories' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('#ff8800');
  await expect(row).toContainText('0 vehicles');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} Renamed`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Category updated successfully')).toBeVisible();
  const renamed = table.getByRole('row', { name: new RegExp(`${name} Renamed`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Delete ${name} Renamed` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete category?' });
  await expect(confirm).toContainText(`Delete "${name} Renamed"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Category deleted successfully')).toBeVisible();
  await expect(renamed).toBeHidden();
});

test('a category that vehicles use cannot be deleted, and the dialog says why', async ({ page }) => {
  const name = `In Use ${unique()}`;
  const category = await api<{ id: string }>(page, 'POST', '/api/vehicle-categories-new', {
    name,
    color: '#16a34a',
  });
  await api(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: category.id,
    registrationNumber: `IU-${unique()}`,
  });

  await page.goto('/settings/vehicles/categories');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('1 vehicle');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete category?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The toast has the fixed text (spec 2 §8); the reason stays in the dialog.
  await expect(toast(page, 'Failed to delete category')).toBeVisible();
  await expect(confirm.getByTestId('confirm-error')).toHaveText(
    'This category is used by 1 vehicle. Move it to another category first.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
});

test('company vehicles: add with validation, search, edit and delete', async ({ page }) => {
  const id = unique();
  const registration = `E2E-${id}`;
  const nickname = `Nick ${id}`;
  await page.goto('/settings/vehicles/company');
  await expect(page.getByRole('heading', { name: 'Company Vehicles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Company vehicles' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add Vehicle' });
  await add.getByRole('textbox', { name: 'Registration Number' }).fill(registration);
  await add.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await add.getByRole('textbox', { name: 'Make' }).fill('Volvo');
  await add.getByRole('textbox', { name: 'Model' }).fill('B8R');
  await add.getByRole('textbox', { name: 'Seated Capacity' }).fill('45');
  await add.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(add.getByText('Category is required')).toBeVisible();

  await pickOption(page, add, 'Category', 'Coach');
  await expect(add.getByText('Category is required')).toBeHidden();
  await pickOption(page, add, 'Default Depot', 'Granville Depot');
  await add.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(toast(page, 'Vehicle created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  // Search finds it by registration.
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(registration);
  const table = page.getByRole('table', { name: 'Company vehicles' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.getByRole('row', { name: new RegExp(registration) });
  await expect(row).toContainText(nickname);
  await expect(row).toContainText('Coach');
  await expect(row).toContainText('Volvo B8R');
  await expect(row).toContainText('45 seated');
  await expect(row).toContainText('Granville Depot');

  // Edit: standing capacity, empty seated capacity becomes 0.
  await row.getByRole('button', { name: `Edit ${nickname} (${registration})` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await expect(edit.getByRole('textbox', { name: 'Registration Number' })).toHaveValue(registration);
  await edit.getByRole('textbox', { name: 'Seated Capacity' }).fill('');
  await edit.getByRole('textbox', { name: 'Standing Capacity' }).fill('12');
  await edit.getByRole('textbox', { name: 'Nickname' }).fill(`${nickname} II`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Vehicle updated successfully')).toBeVisible();
  await expect(row).toContainText(`${nickname} II`);
  await expect(row).toContainText('0 seated');
  await expect(row).toContainText('+ 12 standing');

  await row.getByRole('button', { name: `Delete ${nickname} II (${registration})` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete vehicle?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Vehicle deleted successfully')).toBeVisible();
  await expect(page.getByText('No vehicles match your search.')).toBeVisible();
});

test('a duplicate registration is refused on the field', async ({ page }) => {
  const listed = await (await page.request.get('/api/vehicles?type=company_owned&limit=1')).json();
  const existing: string = listed.items[0].registrationNumber;
  await page.goto('/settings/vehicles/company');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add Vehicle' });
  await add.getByRole('textbox', { name: 'Registration Number' }).fill(existing);
  await pickOption(page, add, 'Category', 'Coach');
  await add.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(toast(page, 'A vehicle with this registration already exists')).toBeVisible();
  await expect(add.getByText('A vehicle with this registration already exists')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
});

test('partner vehicles: added through the subcontractor, listed as partner vehicles, deleted', async ({
  page,
}) => {
  const id = unique();
  const company = `Partner Coaches ${id}`;
  const registration = `PV-${id}`;
  await api(page, 'POST', '/api/subcontractors', { companyName: company, contactName: 'Pat Partner' });

  await page.goto('/settings/subcontractors');
  await page.getByRole('textbox', { name: 'Search subcontractors' }).fill(company);
  const card = page.getByRole('article', { name: company });
  await expect(card.getByTestId('vehicle-count')).toHaveText('0 vehicles');
  await card.getByRole('button', { name: `Manage vehicles of ${company}` }).click();
  const manage = page.getByRole('dialog', { name: `Vehicles: ${company}` });
  await expect(manage.getByText('No vehicles yet.')).toBeVisible();

  await manage.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add Partner Vehicle' });
  // The subcontractor is fixed by the dialog it was opened from.
  await expect(add.getByRole('combobox', { name: 'Subcontractor' })).toHaveCount(0);
  await add.getByRole('textbox', { name: 'Registration Number' }).fill(registration);
  await add.getByRole('textbox', { name: 'Seated Capacity' }).fill('22');
  await pickOption(page, add, 'Category', 'Minibus');
  await add.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(toast(page, 'Vehicle created successfully')).toBeVisible();
  await expect(add).toBeHidden();
  const row = manage.getByRole('row', { name: new RegExp(registration) });
  await expect(row).toContainText('Minibus');
  await manage.getByRole('button', { name: 'Close' }).last().click();
  await expect(manage).toBeHidden();
  await expect(card.getByTestId('vehicle-count')).toHaveText('1 vehicle');

  // The partner vehicle panel lists it with its subcontractor.
  await page.goto('/settings/vehicles/partner');
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(registration);
  const partnerRow = page.getByRole('table', { name: 'Partner vehicles' }).getByRole('row', {
    name: new RegExp(registration),
  });
  await expect(partnerRow).toContainText(company);

  // Back in the subcontractor's dialog: delete it.
  await page.goto('/settings/subcontractors');
  await page.getByRole('textbox', { name: 'Search subcontractors' }).fill(company);
  await page
    .getByRole('article', { name: company })
    .getByRole('button', { name: `Manage vehicles of ${company}` })
    .click();
  const deleteButton = manage
    .getByRole('row', { name: new RegExp(registration) })
    .getByRole('button', { name: /^Delete / });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete vehicle?' });
  // Escape closes only the dialog on top.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(manage).toBeVisible();
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Vehicle deleted successfully')).toBeVisible();
  await expect(manage.getByText('No vehicles yet.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();
});

test('depots: add, edit and delete', async ({ page }) => {
  const name = `Depot ${unique()}`;
  await page.goto('/settings/depots');
  await page.getByRole('button', { name: 'Add Depot' }).click();
  const add = page.getByRole('dialog', { name: 'Add Depot' });
  await add.getByRole('button', { name: 'Add Depot' }).click();
  await expect(add.getByText('Depot name is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'Address' }).fill('1 Test Street, Sydney NSW 2000');
  await add.getByRole('button', { name: 'Add Depot' }).click();
  await expect(toast(page, 'Depot created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search depots' }).fill(name);
  const row = page.getByRole('table', { name: 'Depots' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('1 Test Street, Sydney NSW 2000');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Depot' });
  await edit.getByRole('textbox', { name: 'Address' }).fill('2 Other Road, Parramatta NSW 2150');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Depot updated successfully')).toBeVisible();
  await expect(row).toContainText('2 Other Road, Parramatta NSW 2150');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete depot?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Depot deleted successfully')).toBeVisible();
  await expect(page.getByText('No depots match your search.')).toBeVisible();
});

test('subcontractors: add, edit, delete; one with vehicles is deactivated instead', async ({ page }) => {
  const id = unique();
  const company = `Subbie ${id}`;
  await page.goto('/settings/subcontractors');
  await page.getByRole('button', { name: 'Add Subcontractor' }).click();
  const add = page.getByRole('dialog', { name: 'Add Subcontractor' });
  await add.getByRole('textbox', { name: 'Company Name' }).fill(company);
  await add.getByRole('textbox', { name: 'Contact Name' }).fill('Sam Subbie');
  await add.getByRole('textbox', { name: 'Phone' }).fill('123');
  await add.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await add.getByRole('button', { name: 'Add Subcontractor' }).click();
  await expect(add.getByText('Phone number must be at least 10 characters')).toBeVisible();
  await expect(add.getByText('Please enter a valid email address')).toBeVisible();
  await add.getByRole('textbox', { name: 'Phone' }).fill('02 9555 0199');
  await add.getByRole('textbox', { name: 'Email' }).fill(`ops.${id.toLowerCase()}@example.test`);
  await add.getByRole('button', { name: 'Add Subcontractor' }).click();
  await expect(toast(page, 'Subcontractor created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search subcontractors' }).fill(company);
  const card = page.getByRole('article', { name: company });
  await expect(card).toContainText('Sam Subbie');
  await expect(card).toContainText('02 9555 0199');

  await card.getByRole('button', { name: `Edit ${company}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subcontractor' });
  await edit.getByRole('textbox', { name: 'Contact Name' }).fill('Alex Subbie');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Subcontractor updated successfully')).toBeVisible();
  await expect(card).toContainText('Alex Subbie');

  await card.getByRole('button', { name: `Delete ${company}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete subcontractor?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Subcontractor deleted successfully')).toBeVisible();
  await expect(card).toBeHidden();

  // With a vehicle, it and its vehicles are deactivated.
  const other = `Subbie With Bus ${id}`;
  const created = await api<{ id: string }>(page, 'POST', '/api/subcontractors', { companyName: other });
  const categories = await (await page.request.get('/api/vehicle-categories-new')).json();
  await api(page, 'POST', '/api/vehicles', {
    type: 'subcontracted',
    subcontractorId: created.id,
    categoryId: categories.items[0].id,
    registrationNumber: `SB-${id}`,
  });
  await page.getByRole('textbox', { name: 'Search subcontractors' }).fill(other);
  const busy = page.getByRole('article', { name: other });
  await busy.getByRole('button', { name: `Delete ${other}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate subcontractor?' });
  await expect(confirm).toContainText('deactivated together with its vehicles');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    toast(page, 'Subcontractor has 1 vehicle, so it and its vehicles were deactivated instead of deleted'),
  ).toBeVisible();
  await expect(busy).toBeHidden();
  await page.getByRole('switch', { name: 'Show inactive' }).check();
  await expect(busy).toContainText('Inactive');
  await busy.getByRole('button', { name: `Reactivate ${other}` }).click();
  await expect(toast(page, 'Subcontractor updated successfully').last()).toBeVisible();
  await expect(busy).not.toContainText('Inactive');
});

test('screenshots: fleet panels and dialogs', async ({ page }) => {
  await screenshotBothThemes(page, '/settings/vehicles/company', 'settings-company-vehicles');
  await screenshotBothThemes(page, '/settings/vehicles/company', 'settings-vehicle-dialog', {
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Add Vehicle' }).click();
      await p
        .getByRole('dialog', { name: 'Add Vehicle' })
        .getByRole('button', { name: 'Add Vehicle' })
        .click();
      await expect(p.getByText('Category is required')).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/settings/vehicles/partner', 'settings-partner-vehicles');
  await screenshotBothThemes(page, '/settings/vehicles/partner', 'settings-partner-vehicles-inactive', {
    prepare: async (p) => {
      await p.getByRole('switch', { name: 'Show inactive' }).check();
      await expect(p.getByTestId('list-summary')).toBeVisible();
    },
  });
  await screenshotBothThemes(page, '/settings/vehicles/categories', 'settings-vehicle-categories');
  await screenshotBothThemes(page, '/settings/vehicles/categories', 'settings-category-dialog', {
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Add Category' }).click();
      await expect(p.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/settings/depots', 'settings-depots');
  await screenshotBothThemes(page, '/settings/subcontractors', 'settings-subcontractors');
  await screenshotBothThemes(page, '/settings/subcontractors', 'settings-manage-vehicles-dialog', {
    prepare: async (p) => {
      await p
        .getByRole('button', { name: /^Manage vehicles of / })
        .first()
        .click();
      await expect(p.getByRole('dialog', { name: /^Vehicles: / })).toBeVisible();
      await expect(p.getByRole('dialog', { name: /^Vehicles: / }).getByTestId('list-loading')).toHaveCount(0);
    },
    fullPage: false,
  });
});

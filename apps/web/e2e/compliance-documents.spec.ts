import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, DEMO, newAccount, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Issue 26, the driver's side and the history: document types in Settings, the History of a record in
// the driver's Compliance tab, and My Documents in the driver portal. Everything is made here: a new
// driver (never a demo one, whose records later journeys rely on) and a document type, retired at the end.

/** The operator's day (the demo runs in Australia/Sydney), moved by `days`. */
function day(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Australia/Sydney',
  });
}

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: HEADERS });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function driverId(page: Page, email: string): Promise<string> {
  const list = await api<{ items: { id: string; email: string }[] }>(
    page.request,
    'GET',
    `/api/drivers?search=${encodeURIComponent(email)}`,
  );
  return list.items.find((d) => d.email === email)!.id;
}

test('document types, the history of a record, and My Documents', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const typeName = `First aid ${Date.now().toString(36)}`;
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);

  // Settings > Drivers > Document types: add one required for school work.
  await page.goto('/settings/drivers/document-types');
  await expect(page.getByRole('heading', { name: 'Document Types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Document Type' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Document Type' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await dialog.getByRole('checkbox', { name: 'Required for school work' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, /Document type created/i)).toBeVisible();
  const row = page.getByTestId('document-type-row').filter({ hasText: typeName });
  await expect(row.getByText('Required for school work')).toBeVisible();
  await screenshotBothThemes(page, '/settings/drivers/document-types', 'compliance-document-types');

  // A new driver, signed in in their own browser: nothing recorded yet.
  const account = newAccount('mydocs', { firstName: 'Robin', lastName: 'Papers' });
  const driverContext = await browser.newContext();
  await createVerifiedAccount(driverContext.request, account);
  const driverPage = await driverContext.newPage();
  await driverPage.goto('/my-documents');
  await expect(driverPage.getByTestId('my-documents-empty')).toBeVisible();
  await expect(driverPage.getByRole('link', { name: 'My Documents' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The office records them, then corrects the licence class: two versions of the licence.
  const id = await driverId(page, account.email);
  const types = await api<{ id: string; name: string }[]>(
    page.request,
    'GET',
    '/api/compliance/document-types',
  );
  const type = types.find((t) => t.name === typeName)!;
  const record = {
    licenceNumber: 'NSW 7654321',
    licenceClass: 'MR',
    licenceExpiry: day(500),
    medicalExpiry: day(12),
    childrenCheckNumber: 'WWC0099',
    childrenCheckExpiry: day(-2),
    documents: [{ typeId: type.id, number: 'FA-77', expiry: day(200) }],
  };
  await api(page.request, 'PUT', `/api/drivers/${id}/compliance`, record);
  await api(page.request, 'PUT', `/api/drivers/${id}/compliance`, { ...record, licenceClass: 'HR' });

  // The driver's Compliance tab: History shows who changed the licence and to what.
  await page.goto('/settings/drivers');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(account.email);
  await page.getByRole('button', { name: 'Edit Robin Papers' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Driver' });
  await edit.getByRole('tab', { name: 'Compliance' }).click();
  await expect(edit.getByRole('textbox', { name: `${typeName} number` })).toHaveValue('FA-77');
  await edit.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Record history' });
  const rows = history.getByRole('table', { name: 'History of the record' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('class HR');
  await expect(rows.nth(2)).toContainText('class MR');
  await expect(rows.nth(1)).toContainText('Sarah Mitchell');
  await history.getByRole('combobox', { name: 'Record' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await expect(history.getByRole('table', { name: 'History of the record' })).toContainText('no. FA-77');
  await page.keyboard.press('Escape');

  // My Documents: read only, each record with its state.
  await driverPage.goto('/my-documents');
  const mine = driverPage.getByTestId('my-documents');
  await expect(mine.getByRole('region', { name: 'Driver licence' })).toContainText('NSW 7654321');
  await expect(mine.getByRole('region', { name: 'Driver licence' })).toContainText('HR');
  await expect(mine.getByRole('region', { name: 'Medical certificate' })).toContainText('Medical due');
  await expect(mine.getByRole('region', { name: 'Working with children check' })).toContainText(
    'Check expired',
  );
  await expect(mine.getByRole('region', { name: typeName })).toContainText('FA-77');
  await expect(mine.getByRole('textbox')).toHaveCount(0);
  await screenshotBothThemes(driverPage, '/my-documents', 'compliance-my-documents');

  // The error state: the records cannot be read.
  await driverPage.route('**/api/compliance/mine', (route) => route.fulfill({ status: 500, body: '{}' }));
  await driverPage.goto('/my-documents');
  await expect(driverPage.getByText('Could not load your documents')).toBeVisible();
  await driverContext.close();

  // Deleting the type: a driver recorded it, so it is deactivated after the confirmation.
  await page.goto('/settings/drivers/document-types');
  await row.getByRole('button', { name: `Delete ${typeName}` }).click();
  await page.getByTestId('delete-document-type-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /deactivated instead of deleted/)).toBeVisible();
  await expect(row.getByTestId('inactive-badge')).toBeVisible();
});

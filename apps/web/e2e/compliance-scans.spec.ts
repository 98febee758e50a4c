import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, DEMO, newAccount, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Scans of compliance records (issue 26, ADR 35): the office attaches a scan of a driver's licence,
// opens it, is refused a text file dressed as a PDF, and the driver finds the scan in My Documents.

/** A small but whole PDF: the header, one empty page, the end marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Picks a file through the button's file chooser, as a person would. */
async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('a licence scan is attached, opened, a fake refused, and shown to the driver', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const account = newAccount('scans', { firstName: 'Kit', lastName: `Scanner${Date.now().toString(36)}` });
  const driverContext = await browser.newContext();
  await createVerifiedAccount(driverContext.request, account);
  const name = `${account.firstName} ${account.lastName}`;

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const openTab = async (p: Page) => {
    await p.getByRole('textbox', { name: 'Search drivers' }).fill(account.email);
    await p.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = p.getByRole('dialog', { name: 'Edit Driver' });
    await edit.getByRole('tab', { name: 'Compliance' }).click();
    const scans = edit.getByTestId('record-scans');
    await expect(scans.getByTestId('record-scan').first()).toBeVisible();
    return scans;
  };
  await page.goto('/settings/drivers');
  const scans = await openTab(page);
  const licence = scans.getByTestId('record-scan').filter({ hasText: 'Licence' });
  await expect(licence).toContainText('No scan');

  // The office attaches the licence scan and opens it.
  await chooseFile(page, 'Upload scan of Licence', {
    name: 'licence front.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(toast(page, 'Scan attached')).toBeVisible();
  const link = licence.getByRole('link', { name: 'View scan of Licence: licence front.pdf' });
  await expect(link).toBeVisible();
  await expect(licence).toContainText('by Sarah Mitchell');
  const href = await link.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // A text file named .pdf is refused by its bytes; the scan in force stays.
  await chooseFile(page, 'Replace scan of Licence', {
    name: 'not really.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('This is a text file, not a licence.'),
  });
  await expect(toast(page, 'The scan was not attached')).toContainText(
    'This file is not the PDF or picture it says it is',
  );
  await expect(link).toBeVisible();

  await screenshotBothThemes(page, '/settings/drivers', 'compliance-record-scans', {
    fullPage: false,
    prepare: async (p) => {
      const section = await openTab(p);
      await section.scrollIntoViewIfNeeded();
    },
  });

  // The driver sees the scan of their licence in My Documents, and may open it; nobody else may.
  const driverPage = await driverContext.newPage();
  await driverPage.goto('/my-documents');
  const mine = driverPage.getByTestId('my-documents');
  const theirs = mine.getByRole('link', { name: 'View scan of Driver licence: licence front.pdf' });
  await expect(theirs).toBeVisible();
  expect((await driverPage.request.get(href!)).status()).toBe(200);
  await screenshotBothThemes(driverPage, '/my-documents', 'compliance-my-documents-scan');
  await driverContext.close();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInViaApi(otherPage, DEMO.driver.email, DEMO.driver.password);
  expect((await otherPage.request.get(href!)).status()).toBe(404);
  await other.close();
});

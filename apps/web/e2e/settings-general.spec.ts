import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, dismissToasts, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Settings, General (spec 2 §2.7, §4): branding and the logo upload. Every journey puts the demo
// branding back, since the other journeys read the header.

interface Branding {
  appName: string;
  appDescription: string;
  tagline: string;
  logoUrl: string | null;
  logoBackground: string;
  currency: string;
  locale: string;
}

/** A valid 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const LOGO_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0a42b2"/><circle cx="32" cy="32" r="18" fill="#f08c00"/></svg>`,
);

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function readBranding(request: APIRequestContext): Promise<Branding> {
  const res = await request.get('/api/settings');
  expect(res.status()).toBe(200);
  return res.json();
}

/** Puts the branding back as it was (no version: the restore wins over anything left behind). */
async function restoreBranding(request: APIRequestContext, original: Branding): Promise<void> {
  const res = await request.put('/api/settings', {
    data: {
      appName: original.appName,
      appDescription: original.appDescription,
      tagline: original.tagline,
      logoUrl: original.logoUrl,
      logoBackground: original.logoBackground,
      currency: original.currency,
      locale: original.locale,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function headerLogo(page: Page) {
  return page.getByTestId('app-home-link').getByTestId('app-logo');
}

async function openGeneral(page: Page) {
  await page.goto('/settings/general');
  await expect(page.getByRole('form', { name: 'App settings' })).toBeVisible();
}

test('general: a new app name and tagline show in the header and on the sign-in card after saving', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readBranding(page.request);
  const name = `E2E Coaches ${stamp()}`;
  const tagline = `Charters that run on time ${stamp()}`;
  try {
    await openGeneral(page);
    const form = page.getByRole('form', { name: 'App settings' });
    await expect(form.getByRole('textbox', { name: 'App Name' })).toHaveValue(original.appName);

    // The name is required.
    await form.getByRole('textbox', { name: 'App Name' }).fill('   ');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByText('App name is required')).toBeVisible();

    await form.getByRole('textbox', { name: 'App Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Tagline' }).fill(tagline);
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'App settings updated successfully')).toBeVisible();
    await expect(page.getByTestId('app-name')).toHaveText(name);
    await expect(page).toHaveTitle(name);

    await page.reload();
    await expect(page.getByTestId('app-name')).toHaveText(name);
    await expect(page.getByRole('textbox', { name: 'Tagline' })).toHaveValue(tagline);

    // The sign-in card (anonymous) shows the new name and tagline.
    const anonymous = await browser.newContext();
    try {
      const guest = await anonymous.newPage();
      await guest.goto('/login');
      await expect(guest.getByTestId('app-name').first()).toHaveText(name);
      await expect(guest.getByText(tagline)).toBeVisible();
    } finally {
      await anonymous.close();
    }
  } finally {
    await restoreBranding(page.request, original);
  }
});

test('general: the operator currency and locale decide how revenue and dates read', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readBranding(page.request);
  expect(original).toMatchObject({ currency: 'AUD', locale: 'en-AU' });
  const coastline = () => page.getByRole('article', { name: 'Coastline Events Pty Ltd' });
  try {
    // The demo operator is in Sydney: revenue in Australian dollars.
    await page.goto('/settings/customers');
    await expect(coastline()).toContainText('$31,620.00');
    await expect(coastline()).not.toContainText('£');

    await openGeneral(page);
    const form = page.getByRole('form', { name: 'App settings' });
    await expect(form.getByTestId('format-example')).toContainText('$31,620.00');
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await form.getByRole('combobox', { name: 'Currency' }).fill('GBP');
    await page.getByRole('option', { name: /^GBP · British Pound/ }).click();
    await form.getByRole('combobox', { name: 'Locale' }).click();
    await page.getByRole('option', { name: /en-GB$/ }).click();
    await expect(form.getByTestId('format-example')).toContainText('£31,620.00');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'App settings updated successfully')).toBeVisible();

    await page.goto('/settings/customers');
    await page.reload();
    await expect(coastline()).toContainText('£31,620.00');
    await screenshotBothThemes(page, '/settings/customers', 'settings-customers-gbp');
  } finally {
    await restoreBranding(page.request, original);
  }
  await page.goto('/settings/customers');
  await expect(coastline()).toContainText('$31,620.00');
});

test('general: a PNG and then an SVG logo show in the header; removing the logo brings the icon back', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readBranding(page.request);
  try {
    await openGeneral(page);
    const upload = page.getByTestId('app-logo-upload');
    await expect(headerLogo(page)).toHaveAttribute('data-logo-kind', 'icon');

    // PNG: previewed first, uploaded when the settings are saved.
    await upload.getByTestId('app-logo-upload-file-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(upload.getByTestId('app-logo-upload-pending')).toContainText('logo.png');
    await expect(upload.getByTestId('app-logo-upload-preview').getByRole('img')).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await upload.getByTestId('app-logo-upload-background').getByText('White', { exact: true }).click();
    await expect(upload.getByRole('radio', { name: 'White' })).toBeChecked();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'App settings updated successfully')).toBeVisible();
    const pngImage = headerLogo(page).getByRole('img');
    await expect(pngImage).toHaveAttribute('src', /\/api\/uploads\/logo-[0-9a-f-]+\.png$/);
    await expect(headerLogo(page)).toHaveAttribute('data-logo-kind', 'image');
    await expect(pngImage).toHaveJSProperty('naturalWidth', 1);
    const pngSrc = await pngImage.getAttribute('src');
    await dismissToasts(page);
    expect((await readBranding(page.request)).logoBackground).toBe('white');

    // SVG replaces it.
    await upload.getByTestId('app-logo-upload-file-input').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: LOGO_SVG,
    });
    await expect(upload.getByTestId('app-logo-upload-pending')).toContainText('logo.svg');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'App settings updated successfully')).toBeVisible();
    const svgImage = headerLogo(page).getByRole('img');
    await expect(svgImage).toHaveAttribute('src', /\/api\/uploads\/logo-[0-9a-f-]+\.svg$/);
    await expect(svgImage).toHaveJSProperty('complete', true);
    await expect(headerLogo(page)).toHaveAttribute('data-logo-kind', 'image');
    expect(await svgImage.getAttribute('src')).not.toBe(pngSrc);

    // Remove, after a confirmation.
    await upload.getByRole('button', { name: 'Remove Logo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Logo' });
    await expect(confirm).toContainText('Are you sure you want to remove the logo?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Logo deleted successfully')).toBeVisible();
    await expect(headerLogo(page)).toHaveAttribute('data-logo-kind', 'icon');
    expect((await readBranding(page.request)).logoUrl).toBeNull();
    await expect(upload.getByRole('button', { name: 'Upload Logo' })).toBeVisible();
  } finally {
    await restoreBranding(page.request, original);
  }
});

test('general: a file over 5MB and a text file are refused in the browser, without an upload', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await openGeneral(page);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/logos/')) uploads.push(request.url());
  });
  const upload = page.getByTestId('app-logo-upload');
  const input = upload.getByTestId('app-logo-upload-file-input');

  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(upload.getByRole('alert')).toHaveText('File size must be less than 5MB');
  await expect(upload.getByTestId('app-logo-upload-pending')).toHaveCount(0);

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(upload.getByRole('alert')).toHaveText(
    'Please select a valid image file (PNG, JPG, JPEG, SVG, WebP)',
  );
  await expect(upload.getByTestId('app-logo-upload-pending')).toHaveCount(0);

  // Nothing was saved either: Save Settings with no pending file does not upload.
  expect(uploads).toEqual([]);
  await expect(headerLogo(page)).toHaveAttribute('data-logo-kind', 'icon');
});

test('screenshots: settings, general', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await screenshotBothThemes(page, '/settings/general', 'settings-general', {
    prepare: async (p) => {
      await expect(p.getByRole('form', { name: 'App settings' })).toBeVisible();
    },
  });
});

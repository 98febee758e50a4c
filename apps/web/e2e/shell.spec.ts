import { expect, test } from '@playwright/test';
import { screenshotBothThemes } from './support/screenshots';

test('the app loads with the operator branding from the server', async ({ page, request }) => {
  const branding = await (await request.get('/api/settings')).json();
  await page.goto('/login');
  await expect(page).toHaveTitle(branding.appName);
  await expect(page.getByTestId('app-name').first()).toHaveText(branding.appName);
  await expect(page.getByText(branding.tagline).first()).toBeVisible();
});

test('an unknown path while signed out lands on /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected path while signed out lands on /login', async ({ page }) => {
  await page.goto('/settings/general');
  await expect(page).toHaveURL(/\/login$/);
});

test('the theme toggles and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the first theme follows the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('deep links are served the app and its assets are cacheable', async ({ request }) => {
  const res = await request.get('/reports');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const api404 = await request.get('/api/no-such-thing');
  expect(api404.status()).toBe(404);
  expect(await api404.json()).toEqual({ message: 'Not found' });
});

test('screenshots of the sign-in shell', async ({ page }) => {
  await screenshotBothThemes(page, '/login', 'login');
});

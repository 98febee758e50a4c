import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi, signInViaUi, toast } from './support/accounts';

test('a multi-role user switches portals and the choice survives a reload', async ({ page }) => {
  await signInViaApi(page, DEMO.multiRole.email, DEMO.multiRole.password);
  await page.goto('/');
  // Manager is the default portal of a user holding it, and it is stored.
  await expect(page.getByTestId('page-title')).toHaveText('Job Management');
  await expect(page.getByTestId('page-description')).toHaveText('Create, assign, and manage driving jobs');
  expect(await page.evaluate(() => localStorage.getItem('preferredPortal'))).toBe('manager');
  await expect(page.getByRole('navigation', { name: 'Manager navigation' })).toBeVisible();

  await page.getByTestId('portal-switcher').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Manager Portal/ })).toContainText('Current');
  await expect(menu.getByRole('menuitem', { name: /Driver Portal/ })).not.toContainText('Current');
  await menu.getByRole('menuitem', { name: /Driver Portal/ }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(page.getByRole('navigation', { name: 'Driver navigation' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('preferredPortal'))).toBe('driver');

  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(page.getByTestId('portal-switcher')).toHaveText('Driver Portal');

  // On a driver page the back button goes to the driver dashboard.
  await page.getByRole('link', { name: 'Job Offers' }).click();
  await expect(page).toHaveURL(/\/job-offers$/);
  await expect(page.getByRole('link', { name: 'Job Offers' })).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('back-to-dashboard').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');

  await page.getByTestId('portal-switcher').click();
  await page.getByRole('menuitem', { name: /Manager Portal/ }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Job Management');
  expect(await page.evaluate(() => localStorage.getItem('preferredPortal'))).toBe('manager');
});

test('a stored portal the user does not hold is replaced by the default', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('preferredPortal', 'manager');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await signInViaApi(page, DEMO.driver.email, DEMO.driver.password);
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(page.getByTestId('portal-badge')).toHaveText('Driver Portal');
  await expect(page.getByTestId('portal-switcher')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('preferredPortal'))).toBe('driver');
});

test('the manager navigation and route guards', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/settings/general');
  const nav = page.getByRole('navigation', { name: 'Manager navigation' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('page-title')).toHaveText('Settings');
  await expect(page.getByTestId('portal-badge')).toHaveText('Manager Portal');
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current', 'page');
  await page.getByTestId('back-to-dashboard').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('back-to-dashboard')).toHaveCount(0);

  // Driver-only screens are closed to a manager-only user (to /login, which sends a signed-in user home).
  await page.goto('/job-offers');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('Job Management');

  // The user's name leads to account settings.
  await page.getByTestId('user-link').click();
  await expect(page).toHaveURL(/\/user-settings$/);
});

test('a driver cannot open reports and sees the managers-only settings notice', async ({ page }) => {
  await signInViaApi(page, DEMO.driver.email, DEMO.driver.password);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await page.goto('/settings/general');
  await expect(page.getByText('Settings page is only available to managers.')).toBeVisible();
  await page.goto('/available-jobs');
  await expect(page.getByTestId('page-title')).toHaveText('Available Jobs');
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('sign out asks for confirmation, then ends the session', async ({ page }) => {
  await signInViaUi(page, DEMO.manager.email, DEMO.manager.password);
  await expect(page.getByTestId('page-title')).toHaveText('Job Management');

  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toContainText(
    "Are you sure you want to log out? You'll need to sign in again to access your dashboard.",
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('page-title')).toHaveText('Job Management');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('preferredPortal'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone the menu drawer holds the name, portal and Logout', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, DEMO.multiRole.email, DEMO.multiRole.password);
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByTestId('user-link')).toContainText('David Chen');
  await drawer.getByTestId('portal-switcher').click();
  await page.getByRole('menuitem', { name: /Driver Portal/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  // Nothing spills sideways at 390 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an unauthorised answer toasts and sends the browser to /api/login', async ({ page }) => {
  await signInViaApi(page, DEMO.driver.email, DEMO.driver.password);
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  // The session ends behind the app's back; the next call answers 401.
  await page.request.post('/api/logout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  await page.getByTestId('user-link').click();
  await expect(toast(page, 'Unauthorized')).toBeVisible();
  await expect(toast(page, 'You are logged out. Logging in again...')).toBeVisible();
  await page.waitForURL(/\/api\/login|\/login/);
});

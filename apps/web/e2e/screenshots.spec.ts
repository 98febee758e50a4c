import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Screenshots for review (.tmp/screenshots/): desktop 1280×800 and phone 390×844, light and dark.

test('screenshots: sign-in, sign-up, verification and reset screens', async ({ page }) => {
  await screenshotBothThemes(page, '/login', 'auth-login');
  await screenshotBothThemes(page, '/login', 'auth-sign-up', {
    prepare: async (p) => {
      await p.getByRole('tab', { name: 'Sign Up' }).click();
      await p.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Create Account' }).click();
    },
  });
  await screenshotBothThemes(page, '/verify-email?email=robin%40example.test', 'auth-verify-email');
  await screenshotBothThemes(page, '/reset-password?token=example', 'auth-reset-password');
  await screenshotBothThemes(page, '/reset-password', 'auth-reset-password-invalid');
});

test('screenshots: the manager shell, portal switcher and logout dialog', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await screenshotBothThemes(page, '/', 'shell-manager');
  await screenshotBothThemes(page, '/', 'shell-logout-dialog', {
    prepare: async (p) => {
      const visibleLogout = p.getByRole('button', { name: 'Logout' });
      if (await visibleLogout.isVisible()) {
        await visibleLogout.click();
      } else {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
      }
      await expect(p.getByRole('dialog', { name: 'Confirm Logout' })).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/user-settings', 'account-user-settings', {
    prepare: async (p) => {
      await expect(p.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    },
  });
});

test('screenshots: the driver shell and the multi-role portal switcher', async ({ page, context }) => {
  await signInViaApi(page, DEMO.driver.email, DEMO.driver.password);
  await screenshotBothThemes(page, '/', 'shell-driver');
  await screenshotBothThemes(page, '/settings/general', 'shell-driver-settings');

  await context.clearCookies();
  await signInViaApi(page, DEMO.multiRole.email, DEMO.multiRole.password);
  await screenshotBothThemes(page, '/', 'shell-portal-switcher', {
    prepare: async (p) => {
      if (await p.getByRole('button', { name: 'Open menu' }).isVisible()) {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p.getByRole('dialog', { name: 'Menu' }).getByTestId('portal-switcher').click();
      } else {
        await p.getByTestId('portal-switcher').click();
      }
      await expect(p.getByRole('menu')).toBeVisible();
    },
    fullPage: false,
  });
});

import { expect, test } from '@playwright/test';
import { createVerifiedAccount, newAccount, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { waitForResetLink } from './support/outbox';

test('account settings: saved notification preferences are there after a reload', async ({ page }) => {
  const account = newAccount('prefs', { firstName: 'Pat', lastName: 'Prefers' });
  // Verifying signs the page's context in.
  await createVerifiedAccount(page.request, account);
  await page.goto('/user-settings');

  await expect(page.getByTestId('page-title')).toHaveText('Account Settings');
  const profile = page.getByTestId('profile-card');
  await expect(profile.getByLabel('First Name')).toHaveValue(account.firstName);
  await expect(profile.getByLabel('Last Name')).toHaveValue(account.lastName);
  await expect(profile.getByLabel('Email')).toHaveValue(account.email);
  await expect(profile.getByText('Driver', { exact: true })).toBeVisible();
  await expect(page.getByTestId('verification-badge')).toHaveText('Verified');

  const prefs = page.getByTestId('preferences-card');
  const jobUpdates = prefs.getByRole('switch', { name: /Job updates/ });
  const reminders = prefs.getByRole('switch', { name: /Job reminders/ });
  const reminderTime = prefs.getByRole('combobox', { name: 'Reminder time' });
  // Defaults: everything on, 24 hours.
  await expect(jobUpdates).toBeChecked();
  await expect(reminders).toBeChecked();
  await expect(reminderTime).toHaveValue('24 hours before');
  const save = prefs.getByRole('button', { name: 'Save Preferences' });
  await expect(save).toBeDisabled();
  await scan(page, "a new driver's account page");

  await jobUpdates.click({ force: true });
  await expect(jobUpdates).not.toBeChecked();
  await reminderTime.click();
  await page.getByRole('option', { name: '48 hours before' }).click();
  await expect(reminderTime).toHaveValue('48 hours before');
  await save.click();
  await expect(toast(page, 'Preferences saved')).toBeVisible();

  await page.reload();
  await expect(prefs.getByRole('switch', { name: /Job updates/ })).not.toBeChecked();
  await expect(prefs.getByRole('switch', { name: /New job assignments/ })).toBeChecked();
  await expect(prefs.getByRole('combobox', { name: 'Reminder time' })).toHaveValue('48 hours before');
});

test('account settings: Reset Password sends the reset email', async ({ page }) => {
  const account = newAccount('secreset');
  await createVerifiedAccount(page.request, account);
  await page.goto('/user-settings');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Password reset email sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await waitForResetLink(account.email, { since })).toContain('/reset-password?token=');
});

import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi, toast, uniqueEmail } from './support/accounts';
import { waitForMail } from './support/outbox';
import { screenshotBothThemes } from './support/screenshots';

// Settings, drivers (spec 2 §2.7): add (the driver is mailed a set-password link), edit with the
// PIN rule, deactivate with confirmation, activate, and the manager role.

/**
 * A 4-digit PIN outside the demo's (1111 … 5555, 1234): PINs are not readable any more (ADR 26), and
 * another journey's random one is as unlikely to collide as a driver's own choice.
 */
function freePin(): string {
  return String(6000 + Math.floor(Math.random() * 4000));
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('drivers: add a driver, who is mailed a set-password link', async ({ page }) => {
  const email = uniqueEmail('new.driver');
  await page.goto('/settings/drivers');
  await expect(page.getByRole('heading', { name: 'Drivers' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Driver' }).click();
  const add = page.getByRole('dialog', { name: 'Add Driver' });
  await add.getByRole('button', { name: 'Add Driver' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('Last name is required')).toBeVisible();
  await expect(add.getByText('Please enter a valid email address')).toBeVisible();

  await add.getByRole('textbox', { name: 'First Name' }).fill('Robin');
  await add.getByRole('textbox', { name: 'Last Name' }).fill('Newcombe');
  await add.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now();
  await add.getByRole('button', { name: 'Add Driver' }).click();
  await expect(toast(page, `A set-password email was sent to ${email}`)).toBeVisible();
  await expect(add).toBeHidden();

  const mail = await waitForMail(email, { since });
  expect(mail.subject).toContain('driver account');
  expect(mail.text).toMatch(/\/reset-password\?token=\S+/);

  await page.getByRole('textbox', { name: 'Search drivers' }).fill(email);
  const row = page.getByRole('table', { name: 'Drivers' }).getByRole('row', { name: /Robin Newcombe/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText('No PIN');
  await expect(row.getByTestId('driver-status')).toHaveText('Active');
});

test('drivers: edit the PIN, deactivate with confirmation, activate, give and take the manager role', async ({
  page,
}) => {
  const email = uniqueEmail('pin.driver');
  const created = await page.request.post('/api/drivers', {
    data: { firstName: 'Pat', lastName: `Pinner`, email },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/settings/drivers');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(email);
  const table = page.getByRole('table', { name: 'Drivers' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.getByRole('row', { name: /Pat Pinner/ });

  // A bad PIN, then a good one.
  await row.getByRole('button', { name: 'Edit Pat Pinner' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Driver' });
  await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await edit.getByRole('textbox', { name: 'Driver PIN' }).fill('12a');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Driver PIN must be exactly 4 digits')).toBeVisible();
  // A PIN another driver holds is refused on the field.
  await edit.getByRole('textbox', { name: 'Driver PIN' }).fill('1111');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('This PIN is already used by another driver')).toBeVisible();
  await expect(toast(page, 'This PIN is already used by another driver')).toBeVisible();
  const pin = freePin();
  await edit.getByRole('textbox', { name: 'Driver PIN' }).fill(pin);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Driver updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  // Once set, a PIN is not shown again, nor found by a search (ADR 26).
  await expect(row).toContainText('Set');
  await expect(row).not.toContainText(pin);
  await row.getByRole('button', { name: 'Edit Pat Pinner' }).click();
  const again = page.getByRole('dialog', { name: 'Edit Driver' });
  await expect(again.getByRole('textbox', { name: 'New Driver PIN' })).toHaveValue('');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(pin);
  await expect(page.getByText('No drivers match your search.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(email);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Deactivate asks first.
  await row.getByRole('button', { name: 'Deactivate Pat Pinner' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Pat Pinner?' });
  await expect(confirm).toContainText('The driver will be signed out and cannot use the terminal.');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  // The toast of the PIN change may still be fading out: take the newest.
  await expect(toast(page, 'Driver updated successfully').last()).toBeVisible();
  await expect(row.getByTestId('driver-status')).toHaveText('Inactive');

  await row.getByRole('button', { name: 'Activate Pat Pinner' }).click();
  await expect(row.getByTestId('driver-status')).toHaveText('Active');

  // The manager role, with confirmation both ways.
  await row.getByRole('button', { name: 'More actions for Pat Pinner' }).click();
  await page.getByRole('menuitem', { name: 'Make manager' }).click();
  await page
    .getByRole('dialog', { name: 'Make Pat Pinner a manager?' })
    .getByRole('button', { name: 'Make manager' })
    .click();
  await expect(row).toContainText('Manager');
  await row.getByRole('button', { name: 'More actions for Pat Pinner' }).click();
  await page.getByRole('menuitem', { name: 'Remove manager role' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the manager role from Pat Pinner?' })
    .getByRole('button', { name: 'Remove manager role' })
    .click();
  await expect(toast(page, 'Driver updated successfully').last()).toBeVisible();
  await expect(row).not.toContainText('Manager');
});

test('screenshots: drivers panel and dialog', async ({ page }) => {
  await screenshotBothThemes(page, '/settings/drivers', 'settings-drivers');
  await screenshotBothThemes(page, '/settings/drivers', 'settings-driver-dialog', {
    prepare: async (p) => {
      await p
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const dialog = p.getByRole('dialog', { name: 'Edit Driver' });
      await dialog.getByRole('textbox', { name: 'Driver PIN' }).fill('12');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByText('Driver PIN must be exactly 4 digits')).toBeVisible();
    },
    fullPage: false,
  });
});

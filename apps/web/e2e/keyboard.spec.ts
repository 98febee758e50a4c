import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';

// Issue 17: the manager's day with the keyboard alone. After the first page load nothing is clicked:
// Tab, Shift+Tab, Enter, Escape and typing only. Dialogs keep focus inside and give it back to the
// button that opened them; a field with an error says so to a screen reader.

/** Presses Tab (or Shift+Tab) until the target has focus: the keyboard can reach it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach it`).toBeFocused();
}

/** The element that has focus is inside the container. */
async function expectFocusWithin(container: Locator): Promise<void> {
  await expect(container.locator(':focus')).toHaveCount(1);
}

test('keyboard only: sign in, add a depot in a settings dialog, sign out', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Keyboard depot ${Date.now().toString(36)}`;

  // Sign in.
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  await tabTo(page, email);
  await page.keyboard.type(DEMO.manager.email);
  await tabTo(page, form.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(DEMO.manager.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toBeVisible();

  // Settings > Depots through the navigation.
  await tabTo(page, page.getByRole('link', { name: 'Settings', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings/);
  await tabTo(page, page.getByRole('link', { name: 'Depots' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/depots$/);

  // The dialog opens with focus on its first field.
  const add = page.getByRole('button', { name: 'Add Depot' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Depot' });
  const nameField = dialog.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toBeFocused();

  // Sent empty, the name's error is tied to the field.
  await tabTo(page, dialog.getByRole('button', { name: 'Add Depot' }));
  await page.keyboard.press('Enter');
  const error = dialog.getByText('Depot name is required');
  await expect(error).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  const errorId = await error.getAttribute('id');
  expect(errorId).toBeTruthy();
  await expect(nameField).toHaveAttribute('aria-describedby', new RegExp(`(^| )${errorId}( |$)`));
  await scan(page, 'depot dialog with an error');

  // Focus stays in the dialog however far Tab goes, forwards and back.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    await expectFocusWithin(dialog);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusWithin(dialog);
  }

  // Escape closes it and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Open again, fill and save.
  await page.keyboard.press('Enter');
  await expect(nameField).toBeFocused();
  await page.keyboard.type(name);
  await tabTo(page, dialog.getByRole('textbox', { name: 'Address' }));
  await page.keyboard.type('1 Bus Way, Granville NSW 2142');
  await tabTo(page, dialog.getByRole('button', { name: 'Add Depot' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Depot created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // The new depot is in the list.
  await tabTo(page, page.getByRole('textbox', { name: 'Search depots' }));
  await page.keyboard.type(name);
  await expect(
    page.getByRole('table', { name: 'Depots' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();

  // Sign out: Escape first keeps the session and gives focus back, then Logout for real.
  const logout = page.getByRole('button', { name: 'Logout' });
  await tabTo(page, logout, { backwards: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, confirm.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';

// Quoting faster (issue 29): the Return Journey brings the whole trip back, last leg first.

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('Return Journey adds the whole trip back in reverse order', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New Job' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Job' });
  const legs = form.getByTestId('job-leg');
  const back = form.getByRole('button', { name: 'Return Journey' });
  await expect(back).toBeDisabled();
  await legs.nth(0).getByRole('textbox', { name: 'From' }).fill('Central Depot, Alexandria');
  await legs.nth(0).getByRole('textbox', { name: 'To' }).fill('Northside PS, Hornsby');
  await legs.nth(0).getByLabel('Departure').fill('07:30');
  await form.getByRole('button', { name: 'Add Leg' }).click();
  await legs.nth(1).getByRole('textbox', { name: 'From' }).fill('Northside PS, Hornsby');
  await legs.nth(1).getByRole('textbox', { name: 'To' }).fill('Australian Museum, Sydney');
  await back.click();

  await expect(legs).toHaveCount(4);
  const ends = async (i: number) => [
    await legs.nth(i).getByRole('textbox', { name: 'From' }).inputValue(),
    await legs.nth(i).getByRole('textbox', { name: 'To' }).inputValue(),
  ];
  expect(await ends(2)).toEqual(['Australian Museum, Sydney', 'Northside PS, Hornsby']);
  expect(await ends(3)).toEqual(['Northside PS, Hornsby', 'Central Depot, Alexandria']);
  await expect(legs.nth(2).getByLabel('Departure')).toHaveValue('');
  await expect(legs.nth(3).getByText('Leg 4')).toBeVisible();
});

import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Quoting faster (issue 29): the Return Journey brings the whole trip back, last leg first; leg
// addresses are suggested by the server (depots, the customer, earlier jobs); a depot picker sets the
// trip's first pickup and last drop-off.

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
  await legs.nth(0).getByRole('combobox', { name: 'From' }).fill('Central Depot, Alexandria');
  await legs.nth(0).getByRole('combobox', { name: 'To' }).fill('Northside PS, Hornsby');
  await legs.nth(0).getByLabel('Departure').fill('07:30');
  await form.getByRole('button', { name: 'Add Leg' }).click();
  await legs.nth(1).getByRole('combobox', { name: 'From' }).fill('Northside PS, Hornsby');
  await legs.nth(1).getByRole('combobox', { name: 'To' }).fill('Australian Museum, Sydney');
  await back.click();

  await expect(legs).toHaveCount(4);
  const ends = async (i: number) => [
    await legs.nth(i).getByRole('combobox', { name: 'From' }).inputValue(),
    await legs.nth(i).getByRole('combobox', { name: 'To' }).inputValue(),
  ];
  expect(await ends(2)).toEqual(['Australian Museum, Sydney', 'Northside PS, Hornsby']);
  expect(await ends(3)).toEqual(['Northside PS, Hornsby', 'Central Depot, Alexandria']);
  await expect(legs.nth(2).getByLabel('Departure')).toHaveValue('');
  await expect(legs.nth(3).getByText('Leg 4')).toBeVisible();
});

async function openNewJobFor(page: Page, customer: string) {
  await page.getByRole('button', { name: 'New Job' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Job' });
  await form.getByRole('textbox', { name: 'Search customers' }).fill(customer);
  await form.getByRole('button', { name: new RegExp(`^Choose ${customer}`) }).click();
  return form;
}

test("leg addresses suggest depots, the customer's address and earlier jobs; the depot picker sets both ends", async ({
  page,
}) => {
  await page.goto('/');
  const form = await openNewJobFor(page, 'Harbourview Public School');
  const legs = form.getByTestId('job-leg');
  await form.getByRole('button', { name: 'Add Leg' }).click();

  // The depot picker: the first pickup and the last drop-off.
  await form.getByRole('combobox', { name: 'Depot', exact: true }).click();
  await page.getByRole('option', { name: /^Granville Depot/ }).click();
  await expect(legs.nth(0).getByRole('combobox', { name: 'From' })).toHaveValue(
    '42 Parramatta Road, Granville NSW 2142',
  );
  await expect(legs.nth(1).getByRole('combobox', { name: 'To' })).toHaveValue(
    '42 Parramatta Road, Granville NSW 2142',
  );
  await expect(legs.nth(0).getByRole('combobox', { name: 'To' })).toHaveValue('');

  // Suggestions, searched on the server: the school's own address, then its earlier jobs.
  const to = legs.nth(0).getByRole('combobox', { name: 'To' });
  await to.click();
  const list = page.getByRole('listbox');
  await expect(list.getByText('Depots')).toBeVisible();
  await expect(list.getByRole('option', { name: /Brookvale Depot/ })).toBeVisible();
  await expect(
    list.getByRole('option', { name: '12 Kirribilli Avenue, Kirribilli NSW 2061', exact: true }),
  ).toBeVisible();
  await to.fill('taronga');
  await expect(list.getByText("This customer's earlier jobs")).toBeVisible();
  await list.getByRole('option', { name: /Taronga Zoo, Bradleys Head Road/ }).click();
  await expect(to).toHaveValue('Taronga Zoo, Bradleys Head Road, Mosman NSW 2088');

  // By keyboard: arrow down to a suggestion and Enter.
  const from = legs.nth(1).getByRole('combobox', { name: 'From' });
  await from.fill('taronga zoo');
  // The list answers the search once the typing pauses: the zoo is then the first suggestion.
  await expect(list.getByRole('option').first()).toHaveText(/Taronga Zoo, Bradleys Head Road/);
  await from.press('ArrowDown');
  await from.press('Enter');
  await expect(from).toHaveValue('Taronga Zoo, Bradleys Head Road, Mosman NSW 2088');

  // A typed address that nothing matches stays as typed.
  await from.fill('Gate 3, Nowhere Lane');
  await expect(list).toBeHidden();
  await expect(from).toHaveValue('Gate 3, Nowhere Lane');
});

test('screenshots: the legs with address suggestions and the depot picker', async ({ page }) => {
  test.setTimeout(300_000);
  await screenshotBothThemes(page, '/', 'quoting-leg-suggestions', {
    fullPage: false,
    prepare: async (p) => {
      const form = await openNewJobFor(p, 'Harbourview Public School');
      await form.getByRole('combobox', { name: 'Depot', exact: true }).click();
      await p.getByRole('option', { name: /^Granville Depot/ }).click();
      const to = form.getByTestId('job-leg').nth(0).getByRole('combobox', { name: 'To' });
      await to.scrollIntoViewIfNeeded();
      await to.fill('ta');
      await expect(p.getByRole('listbox').getByRole('option').first()).toBeVisible();
    },
  });
  await screenshotBothThemes(page, '/', 'quoting-depot-picker', {
    fullPage: false,
    prepare: async (p) => {
      const form = await openNewJobFor(p, 'Harbourview Public School');
      const picker = form.getByRole('combobox', { name: 'Depot', exact: true });
      await picker.scrollIntoViewIfNeeded();
      await picker.click();
      await expect(p.getByRole('option', { name: /^Granville Depot/ })).toBeVisible();
    },
  });
});

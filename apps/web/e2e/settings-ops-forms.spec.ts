import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Settings, Ops Forms (spec 2 §2.7): the inspection question editors, emergency types and the
// informational pages.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Closes the toasts on screen (they sit over the bottom-right buttons for 5 s). */
async function dismissToasts(page: Page) {
  for (const button of await page.getByTestId('toast').getByRole('button').all()) {
    await button.click({ timeout: 2000 }).catch(() => {});
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

function questionRow(page: Page, text: string) {
  return page.getByTestId('question-row').filter({ has: page.getByText(text, { exact: true }) });
}

const EDITORS = [
  {
    type: 'pre_departure',
    path: '/settings/ops-forms/inspections',
    title: 'Pre-Departure Inspection Questions',
  },
  {
    type: 'end_of_shift',
    path: '/settings/ops-forms/end-of-shift',
    title: 'End of Shift Inspection Questions',
  },
] as const;

for (const editor of EDITORS) {
  test(`inspection questions (${editor.type}): add, edit and delete with confirm`, async ({ page }) => {
    await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
    const existing = (await (
      await page.request.get(`/api/inspection-questions?type=${editor.type}&includeInactive=1`)
    ).json()) as { sortOrder: number }[];
    const next = existing.length === 0 ? 0 : Math.max(...existing.map((q) => q.sortOrder)) + 1;
    const text = `E2E check ${stamp()}: wheel nuts tight`;
    const edited = `${text} and indicators marked`;

    await page.goto(editor.path);
    await expect(page.getByRole('heading', { name: editor.title })).toBeVisible();
    await expect(page.getByTestId('question-row').first()).toBeVisible();

    // Add: Save is disabled while the question is empty; the sort order is prefilled.
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Sort Order' })).toHaveValue(String(next));
    await dialog.getByRole('textbox', { name: 'Question' }).fill('   ');
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Question' }).fill(text);
    await expect(save).toBeEnabled();
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Mechanical' }).click();
    await dialog.getByRole('switch', { name: /Requires photo/ }).click({ force: true });
    await save.click();
    await expect(toast(page, 'Inspection question created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = questionRow(page, text);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Mechanical');
    await expect(row).toContainText('Photo');
    await expect(row).toContainText(String(next));

    const stored = (
      (await (await page.request.get(`/api/inspection-questions?type=${editor.type}`)).json()) as {
        question: string;
        category: string;
        requiresPhoto: number;
        sortOrder: number;
      }[]
    ).find((q) => q.question === text);
    expect(stored).toMatchObject({ category: 'Mechanical', requiresPhoto: 1, sortOrder: next });

    // Edit.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Question' });
    await expect(editDialog.getByRole('textbox', { name: 'Question' })).toHaveValue(text);
    await expect(editDialog.getByRole('textbox', { name: 'Sort Order' })).toHaveValue(String(next));
    await editDialog.getByRole('textbox', { name: 'Question' }).fill('');
    await expect(editDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await editDialog.getByRole('textbox', { name: 'Question' }).fill(edited);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Inspection question updated successfully')).toBeVisible();
    const editedRow = questionRow(page, edited);
    await expect(editedRow).toBeVisible();

    // Delete, after the confirmation.
    await dismissToasts(page);
    await editedRow.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Question' });
    await expect(confirm).toContainText('Are you sure you want to delete this inspection question?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Inspection question deleted successfully')).toBeVisible();
    await expect(questionRow(page, edited)).toHaveCount(0);
  });
}

test('emergency types: add a critical type (red badge), edit it, delete it with confirm', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const name = `E2E Flood ${stamp()}`;
  const edited = `${name} (road closed)`;
  const rowOf = (n: string) => page.getByTestId('emergency-type-row').and(page.locator(`[data-name="${n}"]`));

  await page.goto('/settings/ops-forms/emergency-alerts');
  await expect(page.getByRole('heading', { name: 'Emergency Types' })).toBeVisible();
  await expect(page.getByTestId('emergency-type-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Emergency Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Emergency Type' });
  await expect(dialog.getByRole('combobox', { name: 'Severity' })).toHaveValue('Medium');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Water over the road on the route.');
  await dialog.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Critical' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Emergency type created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = rowOf(name);
  await expect(row).toContainText('Water over the road on the route.');
  const badge = row.getByTestId('severity-badge');
  await expect(badge).toHaveText('Critical');
  await expect(badge).toHaveAttribute('data-color', 'red');
  // Filled red (destructive): the badge's background is red.
  await expect
    .poll(async () => badge.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toMatch(/^rgb\((2[0-5]\d|1[6-9]\d), \d{1,2}, \d{1,2}\)$/);

  // Edit: the name and a low severity (gray).
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Emergency Type' });
  await expect(editDialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(editDialog.getByRole('combobox', { name: 'Severity' })).toHaveValue('Critical');
  await editDialog.getByRole('textbox', { name: 'Name' }).fill(edited);
  await editDialog.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Low' }).click();
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Emergency type updated successfully')).toBeVisible();
  const editedRow = rowOf(edited);
  await expect(editedRow.getByTestId('severity-badge')).toHaveText('Low');
  await expect(editedRow.getByTestId('severity-badge')).toHaveAttribute('data-color', 'gray');

  // Delete, after the confirmation.
  await dismissToasts(page);
  await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Emergency Type' });
  await expect(confirm).toContainText('Are you sure you want to delete this emergency type?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Emergency type deleted successfully')).toBeVisible();
  await expect(rowOf(edited)).toHaveCount(0);
});

test('fuel logs and incident reports: the informational pages', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/settings/ops-forms/fuel-logs');
  await expect(page.getByRole('heading', { name: 'Fuel Logs' })).toBeVisible();
  for (const text of [
    'Odometer reading',
    'Litres added',
    'Fuel type',
    'Location',
    'Receipt photo',
    'Notes',
  ]) {
    await expect(page.getByRole('cell', { name: text })).toBeVisible();
  }
  await expect(page.getByText(/Only during an active shift/)).toBeVisible();

  await page.goto('/settings/ops-forms/incident-reports');
  const types = page.getByTestId('incident-types');
  for (const type of [
    'Collision',
    'Property Damage',
    'Passenger Incident',
    'Near Miss',
    'Road Hazard',
    'Vehicle Defect',
    'Other',
  ]) {
    await expect(types.getByText(type, { exact: true })).toBeVisible();
  }
  const statuses = page.getByTestId('incident-statuses');
  for (const status of ['Submitted', 'Under Review', 'Resolved']) {
    await expect(statuses.getByText(status, { exact: true })).toBeVisible();
  }

  // The older address still opens the pre-departure editor.
  await page.goto('/settings/operations/inspections');
  await expect(page.getByRole('heading', { name: 'Pre-Departure Inspection Questions' })).toBeVisible();
});

test('screenshots: settings, ops forms', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const ready = async (p: Page) => {
    await expect(p.getByTestId('list-loading')).toHaveCount(0);
  };
  await screenshotBothThemes(page, '/settings/ops-forms/inspections', 'settings-pre-departure', {
    prepare: ready,
  });
  await screenshotBothThemes(page, '/settings/ops-forms/end-of-shift', 'settings-end-of-shift', {
    prepare: ready,
  });
  await screenshotBothThemes(page, '/settings/ops-forms/inspections', 'settings-question-dialog', {
    prepare: async (p) => {
      await ready(p);
      await p.getByTestId('question-row').first().getByRole('button', { name: /^Edit/ }).click();
      await expect(p.getByRole('dialog', { name: 'Edit Question' })).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/settings/ops-forms/emergency-alerts', 'settings-emergency-types', {
    prepare: ready,
  });
  await screenshotBothThemes(page, '/settings/ops-forms/fuel-logs', 'settings-fuel-logs');
  await screenshotBothThemes(page, '/settings/ops-forms/incident-reports', 'settings-incident-reports');
});

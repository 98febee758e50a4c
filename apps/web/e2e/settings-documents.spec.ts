import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, dismissToasts, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Settings, Documents (spec 2 §2.7): quote template settings, the colour preview page and the
// terms & conditions templates with the rich text editor.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

type DocumentSettings = Record<string, unknown> & { version: number };

async function readDocumentSettings(request: APIRequestContext): Promise<DocumentSettings> {
  const res = await request.get('/api/document-settings');
  expect(res.status()).toBe(200);
  return res.json();
}

/** Puts the quote settings back as they were (no version: the restore wins). */
async function restoreDocumentSettings(
  request: APIRequestContext,
  original: DocumentSettings,
): Promise<void> {
  const { updatedAt, jobSheetHeaderText, jobSheetFooterText, version, ...input } = original;
  const res = await request.put('/api/document-settings', { data: input });
  expect(res.status(), await res.text()).toBe(200);
}

function templateRow(page: Page, name: string) {
  return page.getByTestId('terms-template').filter({ has: page.getByText(name, { exact: true }) });
}

test('quotes: validation messages show on the fields, then the fixed settings save', async ({
  page,
  context,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readDocumentSettings(page.request);
  const company = `E2E Coachlines ${stamp()} Pty Ltd`;
  try {
    await page.goto('/settings/documents/quotes');
    const form = page.getByRole('form', { name: 'Quote template settings' });
    await expect(form.getByRole('textbox', { name: 'Company Name' })).toHaveValue(
      String(original.companyName),
    );

    // Errors first: empty ABN, a bad colour, a bad email.
    await form.getByRole('textbox', { name: 'ABN' }).fill('');
    await form.getByRole('textbox', { name: 'Primary Color' }).fill('not-a-color');
    await form.getByRole('textbox', { name: 'Email' }).fill('bookings-at-example');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByText('ABN is required')).toBeVisible();
    await expect(form.getByText('Invalid hex color')).toBeVisible();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'ABN' })).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Quote template settings updated successfully')).toHaveCount(0);

    // Fixed.
    await form.getByRole('textbox', { name: 'ABN' }).fill('12 345 678 901');
    await form.getByRole('textbox', { name: 'Primary Color' }).fill('#0f766e');
    await form.getByRole('textbox', { name: 'Email' }).fill('quotes@example.test');
    await form.getByRole('textbox', { name: 'Company Name' }).fill(company);
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Quote template settings updated successfully')).toBeVisible();
    await expect(form.getByText('ABN is required')).toHaveCount(0);
    await expect(form.getByText('Invalid hex color')).toHaveCount(0);

    const saved = await readDocumentSettings(page.request);
    expect(saved).toMatchObject({
      companyName: company,
      companyABN: '12 345 678 901',
      companyEmail: 'quotes@example.test',
      primaryColor: '#0f766e',
    });

    await page.reload();
    await expect(form.getByRole('textbox', { name: 'Company Name' })).toHaveValue(company);
    await expect(form.getByRole('textbox', { name: 'Primary Color' })).toHaveValue('#0f766e');

    // The colour preview opens in a new tab with the colours being edited.
    await form.getByRole('textbox', { name: 'Accent Color' }).fill('#b45309');
    const previewLink = form.getByRole('link', { name: 'Preview Color Options' });
    await expect(previewLink).toHaveAttribute('target', '_blank');
    const [preview] = await Promise.all([context.waitForEvent('page'), previewLink.click()]);
    await preview.waitForLoadState();
    await expect(preview).toHaveURL(/\/settings\/documents\/quotes\/preview\?/);
    await expect(preview.getByRole('heading', { name: 'Preview Color Options' })).toBeVisible();
    await expect(preview.getByTestId('preview-primaryColor')).toHaveText('#0f766e');
    await expect(preview.getByTestId('preview-accentColor')).toHaveText('#b45309');
    await expect(preview.getByTestId('quote-sample-header')).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await expect(preview.getByTestId('quote-sample-footer')).toHaveCSS('background-color', 'rgb(180, 83, 9)');
    await expect(preview.getByTestId('quote-sample')).toContainText(company);
    await preview.close();
  } finally {
    await restoreDocumentSettings(page.request, original);
  }
});

test('quotes: the loyalty footer toggle hides and shows the footer text', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readDocumentSettings(page.request);
  try {
    await page.goto('/settings/documents/quotes');
    const form = page.getByRole('form', { name: 'Quote template settings' });
    const toggle = form.getByRole('switch', { name: /Show loyalty footer/ });
    const footer = form.getByRole('textbox', { name: 'Footer Text' });
    await expect(toggle).toBeChecked();
    await expect(footer).toBeVisible();

    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    await expect(footer).toHaveCount(0);
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Quote template settings updated successfully')).toBeVisible();
    expect((await readDocumentSettings(page.request)).showLoyaltyFooter).toBe(false);

    await page.reload();
    await expect(form.getByRole('switch', { name: /Show loyalty footer/ })).not.toBeChecked();
    await expect(footer).toHaveCount(0);
    await form.getByRole('switch', { name: /Show loyalty footer/ }).click({ force: true });
    await expect(footer).toBeVisible();
    // The text was kept while hidden.
    await expect(footer).toHaveValue(String(original.quoteFooterText));
  } finally {
    await restoreDocumentSettings(page.request, original);
  }
});

test('quotes: how long a quote holds and the name of the tax (issue 29)', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const original = await readDocumentSettings(page.request);
  try {
    await page.goto('/settings/documents/quotes');
    const form = page.getByRole('form', { name: 'Quote template settings' });
    const days = form.getByRole('textbox', { name: 'Quote valid for (days)' });
    const tax = form.getByRole('textbox', { name: 'Tax label' });
    await expect(days).toHaveValue(String(original.quoteValidDays));
    // Blank means the name of the tax in the operator's locale (the demo's is en-AU).
    await expect(tax).toHaveAttribute('placeholder', 'GST');
    await expect(tax).toHaveAccessibleDescription(/“GST \(10%\)”/);

    await days.fill('0');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByText('Valid for must be a whole number of days from 1 to 365')).toBeVisible();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    expect((await readDocumentSettings(page.request)).quoteValidDays).toBe(original.quoteValidDays);

    await days.fill('21');
    await tax.fill('GST');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Quote template settings updated successfully')).toBeVisible();
    expect(await readDocumentSettings(page.request)).toMatchObject({ quoteValidDays: 21, taxLabel: 'GST' });
    await page.reload();
    await expect(days).toHaveValue('21');
    await expect(tax).toHaveValue('GST');
  } finally {
    await restoreDocumentSettings(page.request, original);
  }
});

test('terms templates: create with bold text, make default, edit, delete with confirm', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const before = (await (await page.request.get('/api/terms-templates')).json()) as {
    id: string;
    name: string;
    isDefault: 0 | 1;
  }[];
  const originalDefault = before.find((t) => t.isDefault === 1);
  const name = `E2E Terms ${stamp()}`;
  const edited = `${name} (edited)`;
  try {
    await page.goto('/settings/documents/quotes');
    const section = page.getByTestId('terms-templates');
    await expect(section.getByTestId('terms-template').first()).toBeVisible();

    // Create, with bold text through the editor's toolbar.
    await section.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByText('Template name is required')).toBeVisible();
    await expect(dialog.getByText('Template content is required')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Template Name' }).fill(name);
    const editor = dialog.getByRole('textbox', { name: 'Terms and Conditions' });
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type('Deposits are ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('non-refundable');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' within 7 days.');
    await expect(editor.locator('strong')).toHaveText('non-refundable');
    // Pasted HTML keeps its formatting.
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>Read <em>carefully</em> before booking.</p>');
      data.setData('text/plain', 'Read carefully before booking.');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(editor.locator('em')).toHaveText('carefully');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, 'Template created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = templateRow(page, name);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('default-badge')).toHaveCount(0);
    const created = (
      (await (await page.request.get('/api/terms-templates')).json()) as {
        name: string;
        content: string;
      }[]
    ).find((t) => t.name === name);
    expect(created?.content).toContain('<strong>non-refundable</strong>');

    // Make it the default: the badge moves.
    await row.getByRole('button', { name: `Make "${name}" the default` }).click();
    await expect(toast(page, 'Template updated successfully')).toBeVisible();
    await expect(row.getByTestId('default-badge')).toHaveText('Default');
    if (originalDefault) {
      await expect(templateRow(page, originalDefault.name).getByTestId('default-badge')).toHaveCount(0);
    }
    await expect(section.getByTestId('default-badge')).toHaveCount(1);
    // The default is listed first.
    await expect(section.getByTestId('terms-template').first()).toHaveAttribute('data-name', name);

    // Edit the name and add coloured text.
    await dismissToasts(page);
    await row.getByRole('button', { name: `Edit "${name}"` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(editDialog.getByRole('textbox', { name: 'Template Name' })).toHaveValue(name);
    await expect(
      editDialog.getByRole('textbox', { name: 'Terms and Conditions' }).locator('strong'),
    ).toHaveText('non-refundable');
    await editDialog.getByRole('textbox', { name: 'Template Name' }).fill(edited);
    await editDialog.getByRole('textbox', { name: 'Terms and Conditions' }).click();
    await page.keyboard.press('End');
    await editDialog.getByRole('button', { name: 'Text colour' }).click();
    await page.getByRole('menuitem', { name: 'Red' }).click();
    // Picking a colour hands the keyboard back to the text, so typing carries on there.
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(editDialog.getByRole('textbox', { name: 'Terms and Conditions' })).toBeFocused();
    await page.keyboard.type(' Late fees apply.');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Template updated successfully')).toBeVisible();
    const editedRow = templateRow(page, edited);
    await expect(editedRow).toBeVisible();
    const saved = (
      (await (await page.request.get('/api/terms-templates')).json()) as {
        name: string;
        content: string;
      }[]
    ).find((t) => t.name === edited);
    // The browser may write the colour as rgb(): #e03131 is rgb(224, 49, 49).
    expect(saved?.content).toMatch(
      /<span style="color:\s*(#e03131|rgb\(224, 49, 49\));?">\s*Late fees apply\.<\/span>/,
    );

    // Delete, after the confirmation.
    await dismissToasts(page);
    await editedRow.getByRole('button', { name: `Delete "${edited}"` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Template' });
    await expect(confirm).toContainText(`Are you sure you want to delete "${edited}"?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(editedRow).toBeVisible();
    await editedRow.getByRole('button', { name: `Delete "${edited}"` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Template deleted successfully')).toBeVisible();
    await expect(templateRow(page, edited)).toHaveCount(0);
  } finally {
    const after = (await (await page.request.get('/api/terms-templates')).json()) as {
      id: string;
      name: string;
    }[];
    for (const t of after.filter((t) => t.name.startsWith(name))) {
      await page.request.delete(`/api/terms-templates/${t.id}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
    }
    if (originalDefault) {
      const res = await page.request.patch(`/api/terms-templates/${originalDefault.id}`, {
        data: { isDefault: 1 },
      });
      expect(res.status()).toBe(200);
    }
  }
});

test('screenshots: settings, documents', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await screenshotBothThemes(page, '/settings/documents/quotes', 'settings-quotes', {
    prepare: async (p) => {
      await expect(p.getByRole('form', { name: 'Quote template settings' })).toBeVisible();
      await expect(p.getByTestId('terms-template').first()).toBeVisible();
    },
  });
  await screenshotBothThemes(page, '/settings/documents/quotes', 'settings-terms-dialog', {
    prepare: async (p) => {
      await p.getByTestId('terms-template').first().getByRole('button', { name: /^Edit/ }).click();
      await expect(p.getByRole('dialog', { name: 'Edit Template' }).locator('.ProseMirror')).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/settings/documents/job-sheets', 'settings-job-sheets');
  await screenshotBothThemes(page, '/settings/documents/quotes/preview', 'settings-quote-preview', {
    prepare: async (p) => {
      await expect(p.getByTestId('quote-sample')).toBeVisible();
    },
    a11yExceptions: [
      {
        // The sample quote is a picture of the PDF: its total is printed in the accent colour the
        // operator chose (the demo's #0891b2 is 3.68:1 on the white page). Showing it any other way
        // would hide from the operator what their quote will look like, which is what the page is for.
        selector: '[data-testid="quote-sample-total"]',
        reason: "the operator's chosen accent colour, shown exactly as the PDF prints it",
      },
    ],
  });
});

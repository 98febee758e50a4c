import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Settings, customers (spec 2 §2.7, §5): cards, the school name label, validation, contacts with
// suggested and custom roles, and archiving.

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('customers: create a school with validation, edit, contacts, archive', async ({ page }) => {
  const name = `Test Primary ${unique()}`;
  await page.goto('/settings/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();

  // Create: the name is labelled 'School Name' for a school.
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const add = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(add.getByRole('textbox', { name: 'Company Name' })).toBeVisible();
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'School', exact: true }).click();
  const nameField = add.getByRole('textbox', { name: 'School Name' });
  await expect(nameField).toBeVisible();

  // Validation: empty name (on the field and as a 'Validation Error' toast), short phone.
  await add.getByRole('textbox', { name: 'Phone' }).fill('12345');
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(add.getByText('Company name is required')).toBeVisible();
  await expect(toast(page, 'Validation Error')).toContainText('Company name is required');
  await expect(add.getByText('Phone number must be at least 10 characters')).toBeVisible();
  await nameField.fill(name);
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(add.getByText('Phone number must be at least 10 characters')).toBeVisible();
  await add.getByRole('textbox', { name: 'Phone' }).fill('02 9555 0123');
  await add.getByRole('textbox', { name: 'Email', exact: true }).fill('office@test-primary.example.edu.au');
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(toast(page, 'Customer created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  // Found by search, with its figures in the operator's currency (AUD for the demo operator).
  await page.getByRole('textbox', { name: 'Search customers' }).fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('School');
  await expect(card).toContainText('02 9555 0123');
  await expect(card).toContainText('$0.00');
  await expect(card).toContainText('Contacts (0)');

  // Type filter.
  await page.getByRole('combobox', { name: 'Filter by type' }).click();
  await page.getByRole('option', { name: 'Corporate', exact: true }).click();
  await expect(card).toBeHidden();
  await page.getByRole('combobox', { name: 'Filter by type' }).click();
  await page.getByRole('option', { name: 'School', exact: true }).click();
  await expect(card).toBeVisible();

  // Edit.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByRole('textbox', { name: 'School Name' })).toHaveValue(name);
  await edit.getByRole('textbox', { name: 'Address' }).fill('10 School Lane, Ryde NSW 2112');
  // Where its invoices go and when they fall due (issue 25).
  await edit.getByRole('textbox', { name: 'Billing email' }).fill('accounts@');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Please enter a valid email address')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Billing email' }).fill('accounts@ryde-school.example');
  await edit.getByRole('textbox', { name: 'Payment terms (days)' }).fill('30');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Customer updated successfully')).toBeVisible();
  await expect(card).toContainText('10 School Lane, Ryde NSW 2112');
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByRole('textbox', { name: 'Billing email' })).toHaveValue(
    'accounts@ryde-school.example',
  );
  await expect(edit.getByRole('textbox', { name: 'Payment terms (days)' })).toHaveValue('30');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Contacts: a suggested role and a custom one.
  await card.getByRole('button', { name: `Contacts of ${name} (0)` }).click();
  const contacts = page.getByRole('dialog', { name: `Contacts: ${name}` });
  await expect(contacts.getByText('No contacts yet.')).toBeVisible();
  await contacts.getByRole('button', { name: 'Add Contact' }).click();
  const contactForm = contacts.getByRole('form', { name: 'Add contact' });
  await contactForm.getByRole('button', { name: 'Add Contact' }).click();
  await expect(contactForm.getByText('Contact name is required')).toBeVisible();
  await contactForm.getByRole('textbox', { name: 'Name' }).fill('Margaret Principal');
  await contactForm.getByRole('combobox', { name: 'Role' }).click();
  await contactForm.getByRole('combobox', { name: 'Role' }).fill('Princ');
  // Only the school suggestions that match.
  await expect(page.getByRole('option', { name: 'CEO' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Principal', exact: true }).click();
  await expect(contactForm.getByRole('combobox', { name: 'Role' })).toHaveValue('Principal');
  await contactForm.getByRole('textbox', { name: 'Email' }).fill('m.principal@test-primary.example.edu.au');
  await contactForm.getByRole('button', { name: 'Add Contact' }).click();
  await expect(toast(page, 'Contact created successfully')).toBeVisible();
  const first = contacts.getByRole('listitem', { name: 'Margaret Principal' });
  await expect(first).toContainText('Principal');

  await contacts.getByRole('button', { name: 'Add Contact' }).click();
  const second = contacts.getByRole('form', { name: 'Add contact' });
  await second.getByRole('textbox', { name: 'Name' }).fill('Barry Buses');
  await second.getByRole('combobox', { name: 'Role' }).fill('Excursion Lead');
  await second.getByRole('textbox', { name: 'Phone' }).fill('0400 111 222');
  await second.getByRole('button', { name: 'Add Contact' }).click();
  await expect(toast(page, 'Contact created successfully').last()).toBeVisible();
  const custom = contacts.getByRole('listitem', { name: 'Barry Buses' });
  await expect(custom).toContainText('Excursion Lead');
  await expect(custom).toContainText('0400 111 222');

  // Edit a contact.
  await first.getByRole('button', { name: 'Edit Margaret Principal' }).click();
  const editContact = contacts.getByRole('form', { name: 'Edit contact' });
  await editContact.getByRole('textbox', { name: 'Phone' }).fill('02 9555 0124');
  await editContact.getByRole('button', { name: 'Save Contact' }).click();
  await expect(toast(page, 'Contact updated successfully')).toBeVisible();
  await expect(first).toContainText('02 9555 0124');

  // Delete a contact, with confirmation; Escape closes only the confirmation.
  await custom.getByRole('button', { name: 'Delete Barry Buses' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete contact?' });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(contacts).toBeVisible();
  await custom.getByRole('button', { name: 'Delete Barry Buses' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contact deleted successfully')).toBeVisible();
  await expect(custom).toBeHidden();
  await contacts.getByRole('button', { name: 'Close' }).last().click();
  await expect(contacts).toBeHidden();
  await expect(card).toContainText('Contacts (1)');

  // Archive, with confirmation: gone from the list, back with 'Show archived'.
  await card.getByRole('button', { name: `Archive ${name}` }).click();
  const archive = page.getByRole('dialog', { name: 'Archive customer?' });
  await expect(archive).toContainText('job history is kept');
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Customer archived successfully')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText('No customers match your search.')).toBeVisible();
  await page.getByRole('switch', { name: 'Show archived' }).check();
  await expect(card).toContainText('Archived');
});

test('screenshots: customers panel and dialogs', async ({ page }) => {
  await screenshotBothThemes(page, '/settings/customers', 'settings-customers');
  await screenshotBothThemes(page, '/settings/customers', 'settings-customer-dialog', {
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Add Customer' }).click();
      const dialog = p.getByRole('dialog', { name: 'Add Customer' });
      await dialog.getByRole('textbox', { name: 'Phone' }).fill('123');
      await dialog.getByRole('button', { name: 'Add Customer' }).click();
      await expect(dialog.getByText('Company name is required')).toBeVisible();
    },
    fullPage: false,
  });
  await screenshotBothThemes(page, '/settings/customers', 'settings-contacts-dialog', {
    prepare: async (p) => {
      await p.getByRole('textbox', { name: 'Search customers' }).fill('Harbourview');
      await p.getByRole('button', { name: /^Contacts of Harbourview Public School/ }).click();
      const dialog = p.getByRole('dialog', { name: 'Contacts: Harbourview Public School' });
      await expect(dialog.getByRole('listitem').first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByRole('combobox', { name: 'Role' }).click();
    },
    fullPage: false,
  });
});

import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotBothThemes } from './support/screenshots';

// Compliance checked at allocation (issue 26, ADR 33): a driver with an MR licence put on a coach
// whose category needs HR is refused, by name; the manager overrides with a reason and finds it in
// Reports > Overrides and on the job.

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const headers = { 'X-Requested-With': 'e2e' };

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, data, headers });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('a licence class that does not cover the coach is refused by name, overridden with a reason, and audited', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const day = sydneyDate(61);
  const email = `mr.${stamp.toLowerCase()}@example.test`;
  const driver = await api<{ id: string }>(page, 'POST', '/api/drivers', {
    firstName: 'Morgan',
    lastName: `Rees${stamp}`,
    email,
  });
  const driverName = `Morgan Rees${stamp}`;

  // The manager records the MR licence in Settings > Drivers > Compliance.
  await page.goto('/settings/drivers');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill(email);
  await page.getByRole('button', { name: `Edit ${driverName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Driver' });
  await edit.getByRole('tab', { name: 'Compliance' }).click();
  const tab = edit.getByTestId('driver-compliance');
  await tab.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'MR', exact: true }).click();
  await tab.getByLabel('Licence expiry').fill(sydneyDate(800));
  await tab.getByRole('button', { name: 'Save record' }).click();
  await expect(toast(page, 'Compliance record saved')).toBeVisible();

  // A coach category that needs HR, and a coach of it.
  const category = await api<{ id: string; name: string; color: string }>(
    page,
    'POST',
    '/api/vehicle-categories-new',
    {
      name: `Coach ${stamp}`,
      requiredLicenceClass: 'HR',
    },
  );
  const registration = `HR${stamp.slice(-5)}`;
  const coach = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: category.id,
    registrationNumber: registration,
    nickname: `Big ${stamp}`,
    seatedCapacity: 57,
  });
  const title = `Coach charter ${stamp}`;
  const problem = `Licence MR does not cover Coach ${stamp} (needs HR)`;
  const reason = `HR driver off sick; MR driver cleared by the ops manager (${stamp})`;

  /** The job form filled with the MR driver on the HR coach, saved: the refusal dialog opens. */
  const refuse = async (p: Page) => {
    await p.getByRole('button', { name: 'New Job' }).click();
    const form = p.getByRole('dialog', { name: 'Create New Job' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByLabel('Service date').fill(day);
    await form.getByRole('button', { name: 'Add Vehicle' }).click();
    const slot = form.getByTestId('job-slot').first();
    await slot.getByRole('combobox', { name: 'Vehicle type', exact: true }).click();
    await p
      .getByRole('option', { name: `Coach ${stamp}` })
      .first()
      .click();
    await slot.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(registration);
    await p
      .getByRole('option', { name: new RegExp(registration) })
      .first()
      .click();
    await slot.getByRole('combobox', { name: 'Driver', exact: true }).fill(`Rees${stamp}`);
    await p.getByRole('option', { name: driverName }).first().click();
    const leg = form.getByTestId('job-leg').first();
    await leg.getByRole('combobox', { name: 'From' }).fill('Depot');
    await leg.getByRole('combobox', { name: 'To' }).fill('Hunter Valley');
    await leg.getByLabel('Departure').fill('09:00');
    await leg.getByLabel('Arrival').fill('11:30');
    await form.getByRole('button', { name: 'Save Draft' }).click();
    const dialog = p.getByRole('dialog', { name: 'Compliance check failed' });
    await expect(dialog.getByTestId('compliance-refusal')).toContainText(problem);
    return dialog;
  };

  try {
    await page.goto('/');
    const dialog = await refuse(page);
    // No reason, no save.
    await dialog.getByRole('button', { name: 'Allocate Anyway' }).click();
    await expect(dialog.getByText('A reason is needed')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason to allocate anyway' }).fill(reason);
    await dialog.getByRole('button', { name: 'Allocate Anyway' }).click();
    // The save records the overrides too: on a loaded machine it takes longer than a toast's usual wait.
    await expect(toast(page, 'Draft saved successfully')).toBeVisible({ timeout: 30_000 });

    // Reports > Overrides lists it, with the problem and the reason.
    await page.goto('/reports?tab=overrides');
    const panel = page.getByRole('tabpanel', { name: 'Overrides' });
    await panel.getByRole('combobox', { name: 'Kind', exact: true }).click();
    await page.getByRole('option', { name: 'Compliance' }).first().click();
    const row = page.getByTestId('report-row').filter({ hasText: reason });
    await expect(row).toContainText(problem);
    await expect(row).toContainText(title);

    // And the job's detail shows it.
    await row.getByRole('link', { name: /^Open job/ }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByTestId('job-override')).toContainText(reason);

    await screenshotBothThemes(page, '/', 'compliance-refusal-dialog', {
      // The phone's list has no rows to mark; the board (desktop) shows the tooltip.
      prepare: async (p) => {
        const m = p.getByTestId('dispatch-row').filter({ hasText: registration }).getByTestId('lapse-marker');
        if (await m.count()) await m.focus();
      },
    });
  } finally {
    const saved = (await (await page.request.get(`/api/jobs?search=${stamp}&limit=10`)).json()).items;
    for (const j of saved) await page.request.delete(`/api/jobs/${j.id}`, { headers });
    // The HR coach would refuse the demo drivers of later journeys that pick a vehicle by its place in
    // the list: it is deleted (deactivated, its records kept).
    await page.request.delete(`/api/vehicles/${coach.id}`, { headers });
    const cleared = await page.request.put(`/api/vehicle-categories-new/${category.id}`, {
      headers,
      data: { name: category.name, color: category.color, requiredLicenceClass: null },
    });
    expect(cleared.ok(), await cleared.text()).toBeTruthy();
    void driver;
  }
});

test('the terminal refuses clock-in with a vehicle whose registration has lapsed, saying why', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const registration = `LAP${stamp.slice(-5)}`;
  const categories = await api<{ items: { id: string }[] }>(page, 'GET', '/api/vehicle-categories-new');
  const vehicle = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: categories.items[0]!.id,
    registrationNumber: registration,
    nickname: `Lapsed ${stamp}`,
    seatedCapacity: 22,
  });
  await api(page, 'PUT', `/api/vehicles/${vehicle.id}/compliance`, { registrationExpiry: sydneyDate(-2) });

  await page.goto('/settings/terminals');
  await page.getByRole('button', { name: 'Add Terminal' }).click();
  const add = page.getByRole('dialog', { name: 'Add Terminal' });
  await add.getByRole('textbox', { name: 'Name' }).fill(`Depot kiosk ${stamp}`);
  await add.getByRole('button', { name: 'Add Terminal' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Enrolment code' });
  const code = (await codeDialog.getByTestId('enrolment-code').textContent()) ?? '';
  await codeDialog.getByRole('button', { name: 'Done' }).click();

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const device = await context.newPage();
    await device.goto('/terminal');
    await device.getByRole('textbox', { name: 'Enrolment code' }).fill(code);
    await device.getByRole('button', { name: 'Enrol This Device' }).click();
    await expect(device.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    // Noah Brown's PIN (the demo's).
    await device.keyboard.type('5555');
    await expect(device).toHaveURL(/\/terminal\/dashboard$/);
    await device.getByRole('button', { name: 'Clock In' }).click();
    const choose = device.getByTestId('vehicle-dialog');
    const lapsedOption = choose.getByTestId('vehicle-option').filter({ hasText: registration });
    // Marked in the list before anyone chooses it, with the reason.
    await expect(lapsedOption).toHaveAttribute('data-lapsed', 'true');
    await expect(lapsedOption).toContainText('Cannot be taken out');
    await expect(lapsedOption).toContainText(`Registration of ${registration} expired`);
    await lapsedOption.click();
    // Choosing it says why beside the list, and Confirm stays off: no inspection, no toast over Submit.
    const refusal = choose.getByTestId('vehicle-refusal');
    await expect(refusal).toContainText(
      `This vehicle cannot be taken out: Registration of ${registration} expired`,
    );
    await expect(choose.getByRole('button', { name: 'Confirm & Clock In' })).toBeDisabled();
    await expect(device.getByRole('dialog', { name: 'Pre-Departure Inspection' })).toBeHidden();
    await device.waitForTimeout(500);
    await device.screenshot({ path: '.tmp/screenshots/terminal-clock-in-lapsed-tablet-light.png' });
    await expectNoSeriousA11yViolations(device, 'terminal vehicle picker with a lapsed vehicle');

    // (The server's own refusal at clock-in is the API test's: driver-forms.test.ts.)
    const active = await device.request.get('/api/shifts/active', { headers });
    expect(await active.json()).toBeNull();

    // The manager's board marks the vehicle on the day, naming the record and its date.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dispatch');
    const row = page.getByTestId('dispatch-row').filter({ hasText: registration });
    const marker = row.getByTestId('lapse-marker');
    await expect(marker).toContainText(`Registration of ${registration} expired`);
    await marker.focus();
    await expect(page.getByRole('tooltip')).toContainText(`Registration of ${registration} expired`);
    await screenshotBothThemes(page, '/dispatch', 'dispatch-lapsed-vehicle', {
      // The phone's list has no rows to mark; the board (desktop) shows the tooltip.
      prepare: async (p) => {
        const m = p.getByTestId('dispatch-row').filter({ hasText: registration }).getByTestId('lapse-marker');
        if (await m.count()) await m.focus();
      },
    });
  } finally {
    await context.close();
    // Later journeys clock in and allocate with the demo's vehicles: the lapsed one leaves the list.
    await page.request.delete(`/api/vehicles/${vehicle.id}`, { headers });
  }
});

import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { api, E2E_HEADERS, sydneyDate } from './support/api';
import { screenshotBothThemes } from './support/screenshots';

// One reason for both checks (issue 26, ADR 33): offering a slot to a driver whose licence does not
// cover the coach, on a run too long without a break, is refused once, naming the hours and the
// licence together; one reason allocates, and both overrides are recorded with it.

test('a slot offer that breaks the hours and the licence class asks one reason for both', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const stamp = Date.now().toString(36).toUpperCase();
  const day = sydneyDate(67);
  const driver = await api<{ id: string }>(page, 'POST', '/api/drivers', {
    firstName: 'Robin',
    lastName: `Long${stamp}`,
    email: `long.${stamp.toLowerCase()}@example.test`,
  });
  const driverName = `Robin Long${stamp}`;
  await api(page, 'PUT', `/api/drivers/${driver.id}/compliance`, {
    licenceClass: 'MR',
    licenceExpiry: sydneyDate(800),
    medicalExpiry: sydneyDate(800),
  });
  const category = await api<{ id: string; name: string; color: string }>(
    page,
    'POST',
    '/api/vehicle-categories-new',
    { name: `Coach ${stamp}`, requiredLicenceClass: 'HR' },
  );
  const registration = `LR${stamp.slice(-5)}`;
  const coach = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: category.id,
    registrationNumber: registration,
    nickname: `Long ${stamp}`,
    seatedCapacity: 57,
  });
  // Six and a half hours at the wheel without a break: over 5 h 15 min in any 5 h 30 min.
  const job = await api<{ id: string }>(page, 'POST', '/api/jobs', {
    title: `Outback tour ${stamp}`,
    serviceDate: day,
    status: 'confirmed',
    newCustomer: { companyName: `Outback ${stamp}`, companyType: 'corporate' },
    legs: [
      {
        originAddress: 'Depot',
        destinationAddress: 'Broken Hill',
        departureTime: '07:00',
        arrivalTime: '13:30',
      },
    ],
    vehicles: [{ vehicleId: coach.id }],
  });

  /** The job's staffing panel: the coach's open slot offered to the MR driver; the dialog opens. */
  const offer = async (p: Page) => {
    const detail = p.getByRole('dialog', { name: `Outback tour ${stamp}` });
    const staffing = detail.getByTestId('job-staffing');
    await staffing.getByRole('combobox', { name: 'Open slot' }).click();
    await p
      .getByRole('option', { name: new RegExp(registration) })
      .first()
      .click();
    await staffing.getByRole('combobox', { name: 'Offer to driver' }).fill(`Long${stamp}`);
    await p.getByRole('option', { name: driverName }).first().click();
    await staffing.getByRole('button', { name: 'Send Offer' }).click();
    const dialog = p.getByRole('dialog', { name: 'Driver hours and compliance checks failed' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  try {
    await page.goto(`/?job=${job.id}`);
    const dialog = await offer(page);
    await expect(dialog.getByTestId('hours-refusal')).toContainText('5 h 15 min');
    await expect(dialog.getByTestId('compliance-refusal')).toContainText(
      `Licence MR does not cover Coach ${stamp} (needs HR)`,
    );
    await screenshotBothThemes(page, `/?job=${job.id}`, 'allocation-reason-dialog', {
      fullPage: false,
      prepare: async (p) => {
        await offer(p);
      },
    });

    await page.goto(`/?job=${job.id}`);
    const again = await offer(page);
    await again.getByRole('button', { name: 'Allocate Anyway' }).click();
    await expect(again.getByText('A reason is needed')).toBeVisible();
    const reason = `Relief driver joins at Wilcannia (${stamp})`;
    await again.getByRole('textbox', { name: 'Reason to allocate anyway' }).fill(reason);
    await again.getByRole('button', { name: 'Allocate Anyway' }).click();
    await expect(toast(page, 'Offer sent')).toBeVisible({ timeout: 30_000 });
    await expect(again).toBeHidden();

    // Both overrides are on the job, each with the one reason.
    const overrides = await api<{ items: { kind: string; reason: string }[] }>(
      page,
      'GET',
      `/api/jobs/${job.id}/overrides`,
    );
    expect(overrides.items.map((o) => o.kind).sort()).toEqual(['compliance', 'hours']);
    expect(overrides.items.every((o) => o.reason === reason)).toBe(true);
  } finally {
    await page.request.delete(`/api/jobs/${job.id}`, { headers: E2E_HEADERS });
    // The HR coach would refuse later journeys' demo drivers: deleted (deactivated, records kept).
    await page.request.delete(`/api/vehicles/${coach.id}`, { headers: E2E_HEADERS });
    await page.request.put(`/api/vehicle-categories-new/${category.id}`, {
      headers: E2E_HEADERS,
      data: { name: category.name, color: category.color, requiredLicenceClass: null },
    });
  }
});

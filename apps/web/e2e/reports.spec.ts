import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { screenshotBothThemes } from './support/screenshots';

// Reports and timesheets (issue 10): forms submitted by a driver appear in each tab; Pre-Departure
// filtered by Fail; an incident reviewed to Resolved; a tab exported as CSV; the four timesheet views
// over a week with an active and a completed shift; a correction with the original kept.

async function driverApi(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'e2e' } });
  expect((await api.post('/api/login', { data: { email, password: 'driver1234' } })).status()).toBe(200);
  return api;
}

async function clockIn(api: APIRequestContext, fail: boolean) {
  const vehicles = (await (await api.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  const questions = await (await api.get('/api/inspection-questions?type=pre_departure')).json();
  const res = await api.post('/api/shifts/start', {
    data: {
      vehicleId: vehicles[0].id,
      inspection: {
        responses: questions.map((q: { id: string }, i: number) => ({
          questionId: q.id,
          passed: !(fail && i === 0),
          notes: fail && i === 0 ? 'Reports journey: failed check' : '',
        })),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { shiftId: (await res.json()).shift.id as string, vehicleId: vehicles[0].id as string };
}

/** Clock out with the end-of-shift inspection (a driver with a job today may not skip it, ADR 27). */
async function clockOut(api: APIRequestContext, shiftId: string) {
  const questions = await (await api.get('/api/inspection-questions?type=end_of_shift')).json();
  return api.post(`/api/shifts/end/${shiftId}`, {
    data: {
      endOfShift: {
        responses: questions.map((q: { id: string }) => ({ questionId: q.id, passed: true })),
        clearOfBus: 'confirmed',
      },
    },
  });
}

test('forms from a shift show in every tab, are filtered, reviewed and exported', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const james = await driverApi(baseURL!, DEMO.driver.email);
  const open = await (await james.get('/api/shifts/active')).json();
  if (open) await clockOut(james, open.id);
  const { shiftId, vehicleId } = await clockIn(james, true);
  // A believable reading: past the vehicle's last one (ADR 27 refuses implausible ones).
  const active = await (await james.get('/api/shifts/active')).json();
  const odometer = (active.fuelBaseline?.previous?.odometerReading ?? 123_000) + 150;
  expect(
    (
      await james.post('/api/fuel-logs', {
        data: { odometerReading: odometer, litersAdded: 99.5, location: `Bay ${stamp}` },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await james.post('/api/incident-reports', {
        data: {
          incidentType: 'near_miss',
          location: `Gate ${stamp}`,
          description: 'A cyclist swerved in front of the bus.',
        },
      })
    ).status(),
  ).toBe(201);
  const endQuestions = await (await james.get('/api/inspection-questions?type=end_of_shift')).json();
  expect(
    (
      await james.post('/api/inspections/end-of-shift', {
        data: {
          responses: endQuestions.map((q: { id: string }) => ({ questionId: q.id, passed: true })),
          busClean: 1,
          clearOfBus: 'confirmed',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await james.post(`/api/shifts/end/${shiftId}`)).status()).toBe(200);

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  // The failed check opened a defect on the vehicle: clear it, the other journeys take it out. Only
  // that vehicle's: the demo's open defect is the Fleet Overview's.
  for (const d of (await (await page.request.get(`/api/vehicle-defects?vehicleId=${vehicleId}`)).json())
    .items) {
    await page.request.post(`/api/vehicle-defects/${d.id}/clear`, {
      headers: { 'X-Requested-With': 'e2e' },
      data: { repairNote: 'Checked' },
    });
  }
  await page.goto('/reports');
  await expect(page.getByRole('tab', { name: 'Pre-Departure' })).toHaveAttribute('aria-selected', 'true');
  // Filter by Fail: James's inspection is there, every row is a Fail.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Fail', exact: true }).click();
  const rows = page.getByTestId('report-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Fail' })).toHaveCount(0);
  const jamesRow = rows.filter({ hasText: 'James Wilson' }).first();
  await jamesRow.getByRole('button', { name: /View details/ }).click();
  const detail = page.getByRole('dialog', { name: 'Details' });
  await expect(detail).toContainText('Reports journey: failed check');
  // The answers load when the dialog opens (ADR 37): the list rows do not carry them.
  await expect(
    detail.getByTestId('inspection-answers').getByText('Fail', { exact: true }).first(),
  ).toBeVisible();
  await scan(page, 'report detail dialog');
  // The last: the footer's Close, after the dialog's × (also named Close).
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await screenshotBothThemes(page, '/reports', 'reports-pre-departure');

  await page.getByRole('tab', { name: 'End of Shift' }).click();
  await expect(page.getByTestId('report-row').filter({ hasText: 'James Wilson' }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Fuel Logs' }).click();
  await expect(page.getByTestId('report-row').filter({ hasText: `Bay ${stamp}` })).toContainText('99.50');

  // Export the fuel logs the filter shows, and read the file.
  await page.getByRole('textbox', { name: 'Driver' }).fill('James');
  await expect(page.getByTestId('report-row').first()).toContainText('James Wilson');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fuel-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe(
    'Date (ISO),Date,Driver,Vehicle,Odometer (km),Litres,Fuel Type,Location,Notes,Flagged,Confirmed because',
  );
  expect(csv).toContain(`Bay ${stamp}`);
  expect(csv).not.toMatch(/\r\n[^\r\n]*,(?!James Wilson)[A-Z][a-z]+ [A-Z][a-z]+,[^\r\n]*Bay/);

  // Review the incident: Under Review, then Resolved.
  await page.getByRole('tab', { name: 'Incidents' }).click();
  const incident = page.getByTestId('report-row').filter({ hasText: `Gate ${stamp}` });
  await expect(incident).toContainText('Near miss');
  await incident.getByRole('button', { name: /View details/ }).click();
  const review = page.getByRole('dialog', { name: 'Details' });
  await review.getByRole('textbox', { name: 'Review notes' }).fill('Spoke to the driver; no damage.');
  await scan(page, 'incident review dialog');
  await review.getByRole('button', { name: 'Move to Under Review' }).click();
  await expect(toast(page, 'Review saved')).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).last().click();
  await expect(incident).toContainText('Under Review');
  await incident.getByRole('button', { name: /View details/ }).click();
  await review.getByRole('button', { name: 'Resolve' }).click();
  // The last: the first review's toast of the same text may still be fading out.
  await expect(toast(page, 'Review saved').last()).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).last().click();
  await expect(incident).toContainText('Resolved');
  await screenshotBothThemes(page, '/reports?tab=incidents', 'reports-incidents');
  await james.dispose();
});

test('timesheets: four views over a week with an active and a completed shift, and a correction', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const liam = await driverApi(baseURL!, 'liam@demo.local');
  const open = await (await liam.get('/api/shifts/active')).json();
  if (open) await clockOut(liam, open.id);
  const { shiftId: completed } = await clockIn(liam, false);
  expect((await clockOut(liam, completed)).status()).toBe(200);
  const { shiftId: active } = await clockIn(liam, false);

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/settings/timesheets');
  await page.getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: /Liam/ }).click();
  // It opens on the hours per driver and day; the shifts of a day load when its cell opens.
  const liamRow = page
    .getByTestId('timesheet-grid')
    .getByTestId('timesheet-grid-row')
    .filter({ hasText: 'Liam' });
  await expect(liamRow.getByText('Active')).toBeVisible();
  await expect(page.getByTestId('timesheet-totals')).toContainText('Liam');
  const openToday = async (p: Page) => {
    await p
      .getByTestId('timesheet-grid-row')
      .filter({ hasText: 'Liam' })
      .getByRole('button', { name: /one still active\. Open the shifts/ })
      .click();
    await expect(
      p
        .getByRole('dialog', { name: /Liam O'Connor/ })
        .getByText('Completed')
        .first(),
    ).toBeVisible();
  };
  await openToday(page);
  const dayDialog = page.getByRole('dialog', { name: /Liam O'Connor/ });
  await expect(dayDialog.getByText('Active', { exact: true })).toBeVisible();
  await dayDialog.getByRole('button', { name: 'Close' }).click();
  await expect(dayDialog).toBeHidden();
  await screenshotBothThemes(page, '/settings/timesheets', 'settings-timesheets-day', {
    prepare: openToday,
    fullPage: false,
  });

  await page.goto('/settings/timesheets');
  await page.getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: /Liam/ }).click();
  await page.getByText('Table', { exact: true }).click();
  const table = page.getByTestId('timesheet-table');
  await expect(table.getByTestId('timesheet-row').filter({ hasText: 'Active' }).first()).toBeVisible();
  await expect(table.getByTestId('timesheet-row').filter({ hasText: 'In Progress' }).first()).toBeVisible();
  await expect(table.getByTestId('timesheet-row').filter({ hasText: 'Completed' }).first()).toBeVisible();
  await expect(page.getByTestId('timesheet-totals')).toContainText('Liam');

  for (const view of ['Daily', 'Weekly', 'Monthly'] as const) {
    await page.getByText(view, { exact: true }).click();
    if (view === 'Monthly') await expect(page.getByTestId('timesheet-month')).toBeVisible();
    else await expect(page.getByText(/Liam O'Connor · \d{2}:\d{2}/).first()).toBeVisible();
  }

  // Correct the completed shift: the original stays beside it.
  await page.getByText('Table', { exact: true }).click();
  const row = table.getByTestId('timesheet-row').filter({ hasText: 'Completed' }).first();
  await row.getByRole('button', { name: /Correct/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct shift' });
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(dialog.getByText('Give the reason for the correction')).toBeVisible();
  await scan(page, 'shift correction dialog with an error');
  // The shift lasted seconds: the correction gives it its real length.
  const start = await dialog.getByLabel('Start').inputValue();
  const startAt = new Date(start);
  startAt.setMinutes(startAt.getMinutes() + 45);
  const pad = (n: number) => String(n).padStart(2, '0');
  const end = `${startAt.getFullYear()}-${pad(startAt.getMonth() + 1)}-${pad(startAt.getDate())}T${pad(startAt.getHours())}:${pad(startAt.getMinutes())}`;
  await dialog.getByLabel('End').fill(end);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Clocked out late at the depot');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(toast(page, 'Shift corrected')).toBeVisible();
  const corrected = table.getByTestId('timesheet-row').filter({ hasText: 'Corrected' }).first();
  await corrected.getByRole('button', { name: /Correct/ }).click();
  await expect(dialog.getByTestId('correction-history')).toContainText('Clocked out late at the depot');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(corrected).toContainText('0.75');
  await screenshotBothThemes(page, '/settings/timesheets', 'settings-timesheets');

  await clockOut(liam, active);
  await liam.dispose();
});

test('an inspection is reviewed like an incident, and its defect is cleared from the form that raised it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const emma = await driverApi(baseURL!, 'emma@demo.local');
  const open = await (await emma.get('/api/shifts/active')).json();
  if (open) await clockOut(emma, open.id);
  const vehicles = (await (await emma.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  const questions = await (await emma.get('/api/inspection-questions?type=pre_departure')).json();
  let shiftId = '';
  for (const vehicle of vehicles.filter((v: { openDefect: unknown }) => !v.openDefect)) {
    const res = await emma.post('/api/shifts/start', {
      data: {
        vehicleId: vehicle.id,
        inspection: {
          responses: questions.map((q: { id: string }, i: number) => ({
            questionId: q.id,
            passed: i !== 0,
            notes: i === 0 ? 'Review journey: wipers smeared' : '',
          })),
        },
      },
    });
    if (res.status() === 201) {
      shiftId = (await res.json()).shift.id;
      break;
    }
  }
  expect(shiftId).not.toBe('');
  expect((await emma.post(`/api/shifts/end/${shiftId}`)).status()).toBe(200);

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/reports');
  const row = page
    .getByTestId('report-row')
    .filter({ hasText: 'Emma Taylor' })
    .filter({ hasText: 'Fail' })
    .first();
  await expect(row).toContainText('Submitted');
  const openDetail = async (p: typeof page) => {
    await p
      .getByTestId('report-row')
      .filter({ hasText: 'Emma Taylor' })
      .filter({ hasText: 'Fail' })
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    return p.getByRole('dialog', { name: 'Details' });
  };
  const detail = await openDetail(page);
  const review = detail.getByTestId('inspection-review');
  await expect(review.getByTestId('review-status')).toHaveText('Submitted');
  const defect = review.getByTestId('form-defect');
  await expect(defect).toContainText('Open defect');
  await screenshotBothThemes(page, '/reports', 'reports-inspection-review', {
    fullPage: false,
    prepare: async (p) => {
      const dialog = await openDetail(p);
      await dialog.getByTestId('inspection-review').scrollIntoViewIfNeeded();
    },
  });
  await page.goto('/reports');
  const again = await openDetail(page);
  const form = again.getByTestId('form-defect');
  await form.getByRole('button', { name: 'Clear Defect' }).click();
  await expect(form.getByText('Please describe the repair')).toBeVisible();
  await scan(page, 'inspection review with an open defect');
  await form.getByRole('textbox', { name: 'Repair note' }).fill('Wiper blades replaced');
  await form.getByRole('button', { name: 'Clear Defect' }).click();
  await expect(toast(page, 'Defect cleared')).toBeVisible();
  await expect(again.getByTestId('form-defect')).toContainText('Defect cleared');
  await expect(again.getByTestId('form-defect')).toContainText('Wiper blades replaced');
  await again
    .getByRole('textbox', { name: 'Review notes' })
    .fill('Driver told; blades stocked in the depot.');
  await again.getByRole('button', { name: 'Move to Under Review' }).click();
  await expect(toast(page, 'Review saved')).toBeVisible();
  await expect(again.getByTestId('review-status')).toHaveText('Under Review');
  await expect(again.getByTestId('review-notes')).toContainText('blades stocked');
  await again.getByRole('button', { name: 'Resolve' }).click();
  await expect(again.getByTestId('review-status')).toHaveText('Resolved');
  await expect(again.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await scan(page, 'inspection review resolved');
  await again.getByRole('button', { name: 'Close' }).last().click();
  await expect(row).toContainText('Resolved');
  await emma.dispose();
});

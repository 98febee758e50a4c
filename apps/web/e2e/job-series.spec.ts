import { expect, test } from '@playwright/test';
import { createVerifiedAccount, DEMO, newAccount, signInViaApi, toast } from './support/accounts';
import { api, E2E_HEADERS, sydneyDate } from './support/api';
import { screenshotBothThemes } from './support/screenshots';

// Recurring jobs on screen (issue 27, ADR 36): a series' occurrences carry a badge in the job list and
// narrow it to the series; they are on the dispatch board; the detail says the rule and lists its
// dates; a driver answers the whole series once and finds every date in My Jobs; one day is
// cancelled without touching the rest; ending the series cancels the dates still to come.

test('a series is badged and filtered in the list, on the board, answered once by its driver, and ended', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Swim squad run ${stamp}`;

  // The driver: an account of their own, so no other journey's offers are in the way.
  const driverContext = await browser.newContext();
  const driverPage = await driverContext.newPage();
  const account = newAccount('series', { firstName: 'Sam', lastName: `Series${stamp}` });
  await createVerifiedAccount(driverPage.request, account);

  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const driver = (
    await api<{ items: { id: string }[] }>(
      page,
      'GET',
      `/api/drivers?search=${encodeURIComponent(account.email)}`,
    )
  ).items[0];
  expect(driver, 'the new driver is listed').toBeTruthy();
  const category = await api<{ id: string }>(page, 'POST', '/api/vehicle-categories-new', {
    name: `Series bus ${stamp}`,
  });
  const bus = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: category.id,
    registrationNumber: `SR${stamp.slice(-5)}`,
    nickname: `Series ${stamp}`,
    seatedCapacity: 24,
  });
  const stored = await api<{ horizonWeeks: number; holidaysRegion: string }>(
    page,
    'GET',
    '/api/settings/recurring-jobs',
  );
  const settings = { horizonWeeks: stored.horizonWeeks, holidaysRegion: stored.holidaysRegion };
  await api(page, 'PUT', '/api/settings/recurring-jobs', { ...settings, horizonWeeks: 8 });

  // Six dates, Monday, Wednesday and Friday from ten days on: all within the horizon.
  const created = await api<{
    series: { id: string };
    jobs: { id: string; jobNumber: string; serviceDate: string }[];
  }>(page, 'POST', '/api/job-series', {
    job: {
      title,
      status: 'confirmed',
      newCustomer: { companyName: `Swim club ${stamp}`, companyType: 'other' },
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Aquatic Centre',
          departureTime: '06:30',
          arrivalTime: '07:15',
        },
      ],
      vehicles: [{ vehicleId: bus.id, driverId: driver!.id }],
    },
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', start: sydneyDate(10), count: 6 },
    exclude: { holidaysRegion: null },
    // The new driver holds no licence records yet: the office vouches for the run.
    overrideReason: `Licence sighted by the office (${stamp})`,
  });
  const seriesId = created.series.id;
  const jobs = [...created.jobs].sort((a, b) => a.serviceDate.localeCompare(b.serviceDate));
  expect(jobs).toHaveLength(6);
  const first = jobs[0]!;

  try {
    // The list: every occurrence carries the badge; "Show series" narrows the list to them.
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    const rows = page.getByTestId('job-row');
    await expect(rows).toHaveCount(6);
    await expect(rows.getByTestId('series-badge')).toHaveCount(6);
    await rows
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Show series' }).click();
    const chip = page.getByTestId('series-filter');
    await expect(chip).toContainText('Series: Every Mon, Wed and Fri');
    await expect(page).toHaveURL(new RegExp(`series=${seriesId}`));
    await expect(rows).toHaveCount(6);
    await chip.getByRole('button', { name: 'Show all jobs, not only this series' }).click();
    await expect(chip).toBeHidden();
    await expect(page).not.toHaveURL(/series=/);
    await screenshotBothThemes(page, `/?series=${seriesId}`, 'job-series-list');

    // The board of the first date shows it.
    await page.goto(`/dispatch?date=${first.serviceDate}`);
    await expect(page.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }).first()).toBeVisible();

    // The driver answers the series once: one card for six dates.
    await driverPage.goto('/job-offers');
    const card = driverPage.getByTestId('series-offer-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('series-dates')).toContainText('6 dates');
    await expect(driverPage.getByTestId('offer-card').filter({ hasText: title })).toHaveCount(0);
    await screenshotBothThemes(driverPage, '/job-offers', 'job-series-driver-offer');
    await card.getByRole('button', { name: 'Accept all 6' }).click();
    const accept = driverPage.getByRole('dialog', { name: 'Accept the whole series?' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(driverPage, 'Offer Accepted')).toBeVisible();
    await driverPage.goto('/');
    await driverPage.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(driverPage.getByTestId('driver-job-card').filter({ hasText: title })).toHaveCount(6);

    // One day is cancelled in its form, "this job only"; the series and its other dates stay as they were.
    const second = jobs[1]!;
    await page.goto(`/?job=${second.id}`);
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Job' });
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await edit.getByRole('button', { name: /^Update/ }).click();
    const scope = page.getByRole('dialog', { name: 'Save a recurring job' });
    await scope.getByRole('button', { name: 'This job only' }).click();
    await expect(edit).toBeHidden();
    await page.goto(`/?job=${first.id}`);
    const detail = page.getByRole('dialog', { name: title });
    const panel = detail.getByTestId('job-series');
    await expect(panel.getByTestId('series-rule')).toContainText('Every Mon, Wed and Fri');
    await panel.getByRole('button', { name: 'Show all dates' }).click();
    const dates = panel.getByTestId('series-date');
    await expect(dates).toHaveCount(6);
    await expect(dates.nth(1)).toContainText('Cancelled');
    await expect(dates.nth(2)).toContainText('Assigned');
    await screenshotBothThemes(page, `/?job=${first.id}`, 'job-series-detail', {
      fullPage: false,
      prepare: async (p) => {
        const section = p.getByRole('dialog', { name: title }).getByTestId('job-series');
        await section.getByRole('button', { name: 'Show all dates' }).click();
        await section.scrollIntoViewIfNeeded();
      },
    });

    // Ending the series asks first, then cancels the dates to come.
    await panel.getByRole('button', { name: 'End series' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this series?' });
    await expect(confirm).toContainText('the 5 jobs after today');
    await confirm.getByRole('button', { name: 'End series' }).click();
    await expect(toast(page, 'Series ended')).toBeVisible();
    await expect(panel.getByText('Ended')).toBeVisible();
    const after = await api<{ jobs: { status: string }[] }>(page, 'GET', `/api/job-series/${seriesId}`);
    expect(after.jobs.every((j) => j.status === 'cancelled')).toBe(true);
  } finally {
    await page.request.post(`/api/job-series/${seriesId}/end`, { headers: E2E_HEADERS });
    for (const j of jobs) await page.request.delete(`/api/jobs/${j.id}`, { headers: E2E_HEADERS });
    await page.request.delete(`/api/vehicles/${bus.id}`, { headers: E2E_HEADERS });
    await page.request.delete(`/api/vehicle-categories-new/${category.id}`, { headers: E2E_HEADERS });
    await page.request.put('/api/settings/recurring-jobs', { headers: E2E_HEADERS, data: settings });
    await driverContext.close();
  }
});

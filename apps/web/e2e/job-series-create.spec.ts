import { expect, type Page, test } from '@playwright/test';
import { DEMO, dismissToasts, signInViaApi, toast } from './support/accounts';
import { api, E2E_HEADERS } from './support/api';
import { screenshotBothThemes } from './support/screenshots';

// Recurring jobs (issue 27, ADR 36), the manager's half: school terms and the holiday region in
// Settings > Recurring Jobs, a school run on every school day of Term 1 made with "Repeats" (Australia
// Day left out by the NSW holidays), the per-date checks answered with a reason, the occurrences in
// the job list, and an edit of "this and following" from week 3.

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

interface JobRow {
  id: string;
  title: string;
  serviceDate: string;
  seriesId: string | null;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
});

test('a school run on every school day of Term 1, its dates checked, edited "this and following" from week 3', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36).toUpperCase();
  // Next year's Term 1 (always ahead of today): 20 January to 2 April, around Australia Day.
  const year =
    Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric' }).format(new Date()),
    ) + 1;
  const termStart = `${year}-01-20`;
  const termEnd = `${year}-04-02`;
  const title = `School run ${stamp}`;
  const before = await api<{ horizonWeeks: number; holidaysRegion: string }>(
    page,
    'GET',
    '/api/settings/recurring-jobs',
  );
  // A term of that year left by an earlier run of this journey would overlap.
  for (const t of await api<{ id: string; year: number; name: string }[]>(
    page,
    'GET',
    '/api/settings/school-terms',
  )) {
    if (t.year === year && t.name === 'Term 1')
      await api(page, 'DELETE', `/api/settings/school-terms/${t.id}`);
  }
  // A driver whose medical certificate lapses a week before the term ends: the last dates fail.
  const driver = await api<{ id: string }>(page, 'POST', '/api/drivers', {
    firstName: 'Sasha',
    lastName: `Term${stamp}`,
    email: `sasha.${stamp.toLowerCase()}@example.test`,
  });
  const driverName = `Sasha Term${stamp}`;
  // A bus of its own, so no other journey's job clashes with it.
  const categories = await api<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/vehicle-categories-new',
  );
  const category = categories.items[0]!;
  const registration = `SR${stamp.slice(-5)}`;
  const bus = await api<{ id: string }>(page, 'POST', '/api/vehicles', {
    type: 'company_owned',
    categoryId: category.id,
    registrationNumber: registration,
    nickname: `School ${stamp}`,
    seatedCapacity: 45,
  });
  await api(page, 'PUT', `/api/drivers/${driver.id}/compliance`, {
    licenceClass: 'HR',
    licenceExpiry: `${year + 3}-01-01`,
    medicalExpiry: addDays(termEnd, -7),
  });

  /** The job form with the school run and its repeat, as far as the preview. */
  const fillSeries = async (p: Page) => {
    await p.getByRole('button', { name: 'New Job' }).click();
    const form = p.getByRole('dialog', { name: 'Create New Job' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByLabel('Service date').fill(termStart);
    await form.getByRole('button', { name: 'Add Vehicle' }).click();
    const slot = form.getByTestId('job-slot').first();
    await slot.getByRole('combobox', { name: 'Vehicle type', exact: true }).click();
    await p.getByRole('option', { name: category.name }).first().click();
    await slot.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(registration);
    await p
      .getByRole('option', { name: new RegExp(registration) })
      .first()
      .click();
    await slot.getByRole('combobox', { name: 'Driver', exact: true }).fill(`Term${stamp}`);
    await p.getByRole('option', { name: driverName }).first().click();
    const leg = form.getByTestId('job-leg').first();
    await leg.getByRole('combobox', { name: 'From' }).fill('Depot');
    await leg.getByRole('combobox', { name: 'To' }).fill('Hillside Public School');
    await leg.getByLabel('Departure').fill('07:30');
    await leg.getByLabel('Arrival').fill('08:30');
    const repeats = form.getByRole('region', { name: 'Repeats' });
    await repeats.getByRole('switch', { name: /Repeats/ }).check();
    // Weekdays are chosen by default.
    await expect(repeats.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await expect(repeats.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await repeats.getByLabel('Last date').fill(termEnd);
    await repeats.getByRole('combobox', { name: 'School terms' }).click();
    await p.getByRole('option', { name: 'Only school days in term' }).click();
    await expect(repeats.getByTestId('series-preview-summary')).toBeVisible({ timeout: 15_000 });
    return { form, repeats };
  };

  try {
    // Settings > Recurring Jobs: no horizon (every date at once), NSW holidays, and Term 1.
    await page.goto('/settings/recurring-jobs');
    const settings = page.getByRole('form', { name: 'Recurring job settings' });
    await settings.getByRole('textbox', { name: 'Create jobs ahead (weeks)' }).fill('0');
    await expect(settings.getByText('No horizon: every job of a series is created at once')).toBeVisible();
    await settings.getByRole('combobox', { name: 'Public holidays of' }).click();
    await page.getByRole('option', { name: 'New South Wales' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Recurring job settings saved')).toBeVisible();

    const terms = page.getByRole('region', { name: 'School terms' });
    await terms.getByRole('button', { name: 'Add School Term' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add School Term' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Term 1');
    await dialog.getByLabel('First day').fill(termStart);
    await dialog.getByLabel('Last day').fill(termEnd);
    await expect(dialog.getByRole('textbox', { name: 'Year' })).toHaveValue(String(year));
    await dialog.getByRole('button', { name: 'Add Term' }).click();
    await expect(toast(page, 'School term created successfully')).toBeVisible();
    await expect(terms.getByTestId('school-term-row').filter({ hasText: 'Term 1' })).toContainText(
      String(year),
    );
    // An overlapping term is refused on its field, and nothing is added.
    await terms.getByRole('button', { name: 'Add School Term' }).click();
    dialog = page.getByRole('dialog', { name: 'Add School Term' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Overlap');
    await dialog.getByLabel('First day').fill(addDays(termEnd, -3));
    await dialog.getByLabel('Last day').fill(addDays(termEnd, 30));
    await dialog.getByRole('button', { name: 'Add Term' }).click();
    await expect(dialog.getByText('This term overlaps another term')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(terms.getByTestId('school-term-row').filter({ hasText: 'Overlap' })).toHaveCount(0);
    await screenshotBothThemes(page, '/settings/recurring-jobs', 'recurring-jobs-settings');

    // The job form: a weekday school run, only in term; the preview counts the dates.
    const expected = await api<{ dates: string[] }>(page, 'POST', '/api/job-series/preview', {
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', start: termStart, until: termEnd },
      exclude: { dates: [], holidaysRegion: 'AU-NSW', schoolTerms: 'in' },
    });
    const australiaDay = `${year}-01-26`;
    const australiaDayOff = weekday(australiaDay) >= 1 && weekday(australiaDay) <= 5;
    if (australiaDayOff) expect(expected.dates).not.toContain(australiaDay);
    await page.goto('/');
    const { form, repeats } = await fillSeries(page);
    const count = expected.dates.length;
    await expect(repeats.getByTestId('series-preview-summary')).toHaveText(
      new RegExp(`^${count} dates from \\w+ 20 Jan ${year} to \\w+ \\d+ \\w+ ${year}$`),
    );
    if (australiaDayOff) await expect(repeats.getByTestId('series-left-out')).toContainText(`26 Jan ${year}`);
    await repeats.getByRole('button', { name: 'Show dates' }).click();
    await expect(repeats.getByTestId('series-preview-dates').getByRole('listitem')).toHaveCount(count);

    // The driver's lapsed medical refuses the last dates: each is listed; one reason answers them all.
    await form.getByRole('button', { name: 'Create Series' }).click();
    const problems = page.getByRole('dialog', { name: 'Some dates fail the checks' });
    const rows = problems.getByTestId('series-problem-row');
    await expect(rows.first()).toContainText(`Medical certificate of ${driverName}`);
    const failing = expected.dates.filter((d) => d > addDays(termEnd, -7)).length;
    await expect(rows).toHaveCount(failing);
    await problems.getByRole('button', { name: 'Override with a reason' }).click();
    await problems.getByRole('button', { name: 'Allocate Anyway' }).click();
    await expect(problems.getByText('A reason is needed')).toBeVisible();
    await problems
      .getByRole('textbox', { name: 'Reason to allocate anyway' })
      .fill(`Medical booked for renewal (${stamp})`);
    await problems.getByRole('button', { name: 'Allocate Anyway' }).click();
    await expect(toast(page, `Series created: ${count} jobs`)).toBeVisible({ timeout: 60_000 });
    await expect(form).toBeHidden();

    // The occurrences are ordinary jobs in the list.
    await dismissToasts(page);
    await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
    await expect(page.getByTestId('job-row').filter({ hasText: title }).first()).toBeVisible();
    const jobs = (
      await api<{ items: JobRow[] }>(page, 'GET', `/api/jobs?search=${stamp}&limit=100`)
    ).items.sort((a, b) => a.serviceDate.localeCompare(b.serviceDate));
    expect(jobs.map((j) => j.serviceDate)).toEqual(expected.dates);
    const seriesId = jobs[0]?.seriesId;
    expect(seriesId).toBeTruthy();

    // Week 3: edit its title "this and following".
    const week3 = jobs.find((j) => j.serviceDate >= addDays(termStart, 14))!;
    const edited = `${title} late start`;
    const openEdit = async (p: Page) => {
      await p.goto(`/?job=${week3.id}`);
      await p
        .getByRole('dialog', { name: new RegExp(title) })
        .getByRole('button', { name: 'Edit' })
        .click();
      const edit = p.getByRole('dialog', { name: 'Edit Job' });
      await expect(edit.getByRole('region', { name: 'Repeats' })).toHaveCount(0);
      await edit.getByRole('textbox', { name: 'Title' }).fill(edited);
      await edit.getByRole('button', { name: 'Update Job' }).click();
      return { edit, scope: p.getByRole('dialog', { name: 'Save a recurring job' }) };
    };
    let { edit, scope } = await openEdit(page);
    // Cancel goes back to the form, unsaved.
    await scope.getByRole('button', { name: 'Cancel' }).click();
    await expect(scope).toBeHidden();
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(edited);
    await edit.getByRole('button', { name: 'Update Job' }).click();
    await expect(scope.getByRole('button', { name: 'This job only' })).toBeFocused();
    await scope.getByRole('button', { name: 'This and following' }).click();
    await expect(toast(page, 'This and the following jobs were updated')).toBeVisible({ timeout: 60_000 });

    const after = new Map(
      (await api<{ items: JobRow[] }>(page, 'GET', `/api/jobs?search=${stamp}&limit=100`)).items.map((j) => [
        j.id,
        j.title,
      ]),
    );
    for (const j of jobs)
      expect(after.get(j.id), j.serviceDate).toBe(j.serviceDate >= week3.serviceDate ? edited : title);

    await screenshotBothThemes(page, '/', 'job-series-repeats', {
      fullPage: false,
      prepare: async (p) => {
        const { repeats: r } = await fillSeries(p);
        await r.getByTestId('series-preview').scrollIntoViewIfNeeded();
      },
    });
    await screenshotBothThemes(page, '/', 'job-series-date-problems', {
      fullPage: false,
      prepare: async (p) => {
        const { form: f } = await fillSeries(p);
        await f.getByRole('button', { name: 'Create Series' }).click();
        await expect(p.getByTestId('series-problem-row').first()).toBeVisible({ timeout: 30_000 });
      },
    });
    await screenshotBothThemes(page, '/', 'job-series-scope', {
      fullPage: false,
      prepare: async (p) => {
        ({ edit, scope } = await openEdit(p));
        await expect(scope).toBeVisible();
      },
    });
  } finally {
    // End the series (and its successor after the split), delete its jobs, the term, and the settings.
    const left = (await (await page.request.get(`/api/jobs?search=${stamp}&limit=100`)).json())
      .items as JobRow[];
    for (const id of new Set(left.map((j) => j.seriesId).filter(Boolean))) {
      await page.request.post(`/api/job-series/${id}/end`, { headers: E2E_HEADERS });
    }
    for (const j of left) await page.request.delete(`/api/jobs/${j.id}`, { headers: E2E_HEADERS });
    const terms = (await (await page.request.get('/api/settings/school-terms')).json()) as {
      id: string;
      year: number;
      name: string;
    }[];
    for (const t of terms.filter((t) => t.year === year && t.name === 'Term 1')) {
      await page.request.delete(`/api/settings/school-terms/${t.id}`, { headers: E2E_HEADERS });
    }
    await page.request.put('/api/settings/recurring-jobs', { headers: E2E_HEADERS, data: before });
    await page.request.delete(`/api/vehicles/${bus.id}`, { headers: E2E_HEADERS });
  }
});

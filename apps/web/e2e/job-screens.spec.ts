import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';
import { settled } from './support/screenshots';

// Screenshots for review of the job screens (.tmp/screenshots/job-screens-*): the job form when
// creating and when editing (a customer, two legs, a vehicle with its driver, a discount), the job
// list (with jobs, with none found, and when it cannot be read), and the job detail with an offer
// and an open slot; at desktop and phone width, light and dark. The dialogs are taller than a
// screen, so they are shot a screen at a time as they scroll. Hover, animations and the times that
// change from run to run are left out, so that two runs of the same screens match pixel for pixel
// (a refactoring is checked that way).

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SHOTS = path.join(process.cwd(), '.tmp/screenshots');
// A day no other journey books: the one clash the new job's form shows is with this journey's job.
const SERVICE_DATE = '2031-03-14';
const TITLE = 'Screenshot excursion';

async function chooseOption(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

// Hidden in every shot: the list's 'Updated' column says how long ago, which changes from run to run
// (and, being as wide as its text, would move the other columns).
const HIDE = `[data-testid="job-row"] td:nth-child(10) > * { display: none; }
  [data-testid="job-row"] td:nth-child(10) { width: 110px; min-width: 110px; }`;

/** A shot without hover, animation or the times that change from run to run. */
async function shoot(page: Page, file: string, { fullPage = false, mask = [] as Locator[] } = {}) {
  await page.mouse.move(0, 0);
  await page.screenshot({
    path: path.join(SHOTS, `${file}.png`),
    fullPage,
    mask,
    style: HIDE,
    animations: 'disabled',
  });
}

/** Shoots the open dialog from its top to its bottom, one viewport at a time. */
async function shootDialog(page: Page, name: string, mask: Locator[] = []) {
  await page.waitForTimeout(400);
  const pages = await page.evaluate(() => {
    const scroller = [
      ...document.querySelectorAll<HTMLElement>('.mantine-Modal-content, .mantine-Modal-inner'),
    ].find((e) => e.scrollHeight > e.clientHeight + 1);
    const w = window as unknown as { __scroller?: HTMLElement; __step?: number };
    w.__scroller = scroller;
    if (!scroller) return 1;
    scroller.scrollTop = 0;
    // The dialog's title bar stays at the top as it scrolls: step by what shows below it.
    const header = scroller.querySelector<HTMLElement>('.mantine-Modal-header')?.offsetHeight ?? 0;
    w.__step = scroller.clientHeight - header - 24;
    return 1 + Math.ceil((scroller.scrollHeight - scroller.clientHeight) / w.__step);
  });
  for (let i = 0; i < pages; i++) {
    await page.evaluate((n) => {
      const w = window as unknown as { __scroller?: HTMLElement; __step?: number };
      if (w.__scroller) w.__scroller.scrollTop = n * (w.__step ?? 0);
    }, i);
    await page.waitForTimeout(150);
    await shoot(page, `${name}-${i + 1}`, { mask });
  }
}

async function fillNewJob(page: Page, form: Locator) {
  await form.getByRole('textbox', { name: 'Search customers' }).fill('Harbourview');
  await form.getByRole('button', { name: 'Choose Harbourview Public School' }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await form.getByLabel('Service date').fill(SERVICE_DATE);
  await form.getByRole('textbox', { name: 'Passengers' }).fill('45');
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  const slot = form.getByTestId('job-slot').first();
  await slot.getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await page.getByRole('option').first().click();
  await chooseOption(page, slot, 'Driver', 'James Wilson');
  const legs = form.getByTestId('job-leg');
  await legs.nth(0).getByRole('combobox', { name: 'From' }).fill('Harbourview PS, Balmain');
  await legs.nth(0).getByRole('combobox', { name: 'To' }).fill('Taronga Zoo, Mosman');
  await legs.nth(0).getByLabel('Departure').fill('08:30');
  await legs.nth(0).getByLabel('Arrival').fill('09:15');
  await form.getByRole('button', { name: 'Return Journey' }).click();
  await legs.nth(1).getByLabel('Departure').fill('14:00');
  await legs.nth(1).getByLabel('Arrival').fill('14:45');
  await form.getByRole('textbox', { name: /Base price/ }).fill('1000');
  await chooseOption(page, form, 'Tax', 'Exclusive');
  await form.getByRole('button', { name: 'Add discount' }).click();
  await form.getByRole('textbox', { name: 'Description' }).last().fill('Loyalty');
  await form
    .getByRole('textbox', { name: /Amount|Percent/ })
    .last()
    .fill('10');
  await chooseOption(page, form.getByRole('region', { name: 'Pricing' }), 'Type', 'Percentage');
  await expect(form.getByTestId('price-total')).toHaveText('$990.00');
  // Let the debounced clash check answer before the shots.
  await page.waitForTimeout(800);
}

test('screenshots: the job form (create and edit), the job list and its empty and error states, the job detail', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const headers = { 'X-Requested-With': 'e2e' };
  const customer = (await (await page.request.get('/api/customers/search?search=Harbourview&limit=1')).json())
    .items[0];
  const vehicles = (await (await page.request.get('/api/vehicles?type=company_owned&limit=50')).json()).items;
  const james = (await (await page.request.get('/api/drivers?search=James')).json()).items[0];
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title: TITLE,
      serviceDate: SERVICE_DATE,
      paxCount: 45,
      customerId: customer.customer.id,
      contactId: customer.contacts[0]?.id ?? '',
      vehicles: [
        { vehicleId: vehicles[0].id, driverId: james.id, vehicleNotes: 'Wheelchair lift' },
        { vehicleId: vehicles[1].id },
      ],
      legs: [
        {
          originAddress: 'Harbourview PS, Balmain',
          destinationAddress: 'Taronga Zoo, Mosman',
          departureTime: '08:30',
          arrivalTime: '09:15',
        },
        {
          originAddress: 'Taronga Zoo, Mosman',
          destinationAddress: 'Harbourview PS, Balmain',
          departureTime: '14:00',
          arrivalTime: '14:45',
        },
      ],
      basePrice: 1000,
      discounts: [{ description: 'Loyalty', amount: 10, type: 'percentage' }],
      taxMode: 'exclusive',
      taxRate: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();
  // Published: the detail shows James's offer and the open second slot to offer.
  expect((await page.request.post(`/api/jobs/${job.id}/publish`, { headers })).status()).toBe(200);

  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const [label, size] of Object.entries(VIEWPORTS)) {
        const name = (screen: string) => `job-screens-${screen}-${label}-${theme}`;
        await page.setViewportSize(size);
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);

        // The job list, found by its title so that only this job shows.
        await page.goto(`/?search=${encodeURIComponent(TITLE)}`);
        await settled(page);
        // A table row on a desktop, a card at phone width.
        const row = page
          .locator('[data-testid="job-row"], [data-testid="job-card"]')
          .filter({ hasText: TITLE });
        await expect(row).toBeVisible();
        await shoot(page, name('list'), { fullPage: true });

        // The job detail.
        await row.getByRole('button', { name: TITLE }).click();
        const detail = page.getByRole('dialog', { name: TITLE });
        await expect(detail.getByTestId('job-staffing')).toContainText('Pending');
        await shootDialog(page, name('detail'), [detail.getByTestId('job-staffing').getByText(/^until /)]);
        await page.keyboard.press('Escape');
        await expect(detail).toBeHidden();

        // The form, editing.
        await row.getByRole('button', { name: /Actions for/ }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Job' });
        await expect(edit.getByTestId('price-total')).toHaveText('$990.00');
        await shootDialog(page, name('form-edit'), [edit.getByText(/^Created .* last edited/)]);
        await edit.getByRole('button', { name: 'Cancel' }).click();
        await expect(edit).toBeHidden();

        // The form, creating: the same job entered by hand.
        await page.getByRole('button', { name: 'New Job' }).click();
        const form = page.getByRole('dialog', { name: 'Create New Job' });
        await fillNewJob(page, form);
        await shootDialog(page, name('form-create'));
        await form.getByRole('button', { name: 'Cancel' }).click();
        await expect(form).toBeHidden();

        // The list with nothing found, and when the jobs cannot be read.
        await page.goto('/?search=no-such-job-anywhere');
        await settled(page);
        await expect(page.getByText('No jobs found matching your filters.')).toBeVisible();
        await shoot(page, name('list-empty'), { fullPage: true });
        const jobList = (url: URL) => url.pathname === '/api/jobs';
        await page.route(jobList, (route) => route.fulfill({ status: 500, body: '{"message":"Down"}' }));
        await page.goto('/');
        await expect(page.getByText('Could not load the jobs')).toBeVisible();
        await settled(page);
        await shoot(page, name('list-error'), { fullPage: true });
        await page.unroute(jobList);
      }
    }
  } finally {
    await page.request.delete(`/api/jobs/${job.id}`, { headers });
  }
});

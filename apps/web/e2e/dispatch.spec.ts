import { expect, type Page, test } from '@playwright/test';
import { bigDispatchDay } from '../../../bench/big-dispatch-day';
import { DEMO, signInViaApi } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Dispatch board, slice 1 (issue 16): the manager opens the board from the navigation and sees
// today's demo jobs as bars; the day changes with the buttons and stays in the address; drivers are
// refused. A busy day (a clash, an open slot, a partner vehicle, a job past midnight) is shot too.

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface VehicleRow {
  id: string;
  registrationNumber: string | null;
  type: string;
  categoryId: string | null;
  categoryName: string | null;
}

/** A few jobs on a quiet day far ahead, so the shot shows every kind of bar. */
async function seedBusyDay(page: Page, date: string): Promise<void> {
  const res = await page.request.get('/api/vehicles?limit=100');
  expect(res.status()).toBe(200);
  const vehicles = ((await res.json()) as { items: VehicleRow[] }).items;
  const company = vehicles.filter((v) => v.type === 'company_owned');
  const partner = vehicles.find((v) => v.type === 'subcontracted');
  const [a, b] = company;
  if (!a || !b || !partner) throw new Error('the demo fleet has company and partner vehicles');
  const job = async (title: string, legs: [string, string][], slots: object[], customer: string) => {
    const created = await page.request.post('/api/jobs', {
      data: {
        title,
        serviceDate: date,
        status: 'confirmed',
        newCustomer: { companyName: `${customer} ${Date.now().toString(36)}`, companyType: 'corporate' },
        legs: legs.map(([departureTime, arrivalTime], i) => ({
          originAddress: `Stop ${i + 1}`,
          destinationAddress: `Stop ${i + 2}`,
          departureTime,
          arrivalTime,
        })),
        vehicles: slots,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  };
  await job(
    'Wedding shuttle',
    [
      ['08:00', '09:00'],
      ['11:00', '12:00'],
    ],
    [{ vehicleId: a.id }],
    'Rossi Wedding',
  );
  await job('Airport run', [['10:30', '13:30']], [{ vehicleId: a.id }], 'Coastline Travel');
  await job('Concert return', [['21:30', '01:15']], [{ vehicleId: b.id }], 'Opera Nights');
  await job('Partner coach tour', [['09:00', '17:00']], [{ vehicleId: partner.id }], 'Blue Tours');
  await job(
    'Open coach slot',
    [['13:00', '16:00']],
    [{ categoryId: a.categoryId, categoryName: a.categoryName ?? 'Coach' }],
    'Greenway Club',
  );
}

test('the manager opens the board from the navigation and moves between days', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const today = sydneyDate(0);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Manager navigation' });
  await nav.getByRole('link', { name: 'Dispatch' }).click();
  await expect(page).toHaveURL(/\/dispatch$/);
  await expect(nav.getByRole('link', { name: 'Dispatch' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('page-title')).toHaveText('Dispatch Board');

  // Today's demo jobs, each a bar on its vehicle's row with its driver.
  const board = page.getByTestId('dispatch-board');
  await expect(board).toBeVisible();
  const bars = board.getByTestId('dispatch-bar');
  await expect(bars).toHaveCount(3);
  await expect(
    board.getByRole('button', { name: /Meridian Financial Group.*, In Progress, 07:00 to 18:45/ }),
  ).toContainText('Noah');
  await expect(board.getByRole('button', { name: /Harbourview Public School.*Priya/ })).toBeVisible();
  await expect(
    board.getByRole('button', { name: /Sydney Harriers Rugby Club.*, Assigned, 15:00 to 16:00/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeDisabled();
  const todayHeading = await page.getByTestId('dispatch-date').textContent();

  // The next day and back: the address keeps the day.
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`/dispatch\\?date=${sydneyDate(1)}$`));
  await expect(page.getByTestId('dispatch-date')).not.toHaveText(todayHeading ?? '');
  await expect(
    board.getByRole('button', { name: /Year 7 Canberra Excursion|St Brigid/ }).first(),
  ).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`date=${sydneyDate(1)}$`));
  await expect(board.getByTestId('dispatch-bar').first()).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${today}$`));
  await expect(page.getByTestId('dispatch-date')).toHaveText(todayHeading ?? '');
  await expect(bars).toHaveCount(3);

  // A day typed in the date field, then Today.
  await page.getByTestId('dispatch-date-input').fill(sydneyDate(-1));
  await expect(page).toHaveURL(new RegExp(`date=${sydneyDate(-1)}$`));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${today}$`));

  await screenshotBothThemes(page, `/dispatch?date=${today}`, 'dispatch-board');
});

test('a busy day shows clashes, open slots, partner vehicles and jobs past midnight', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(45);
  await seedBusyDay(page, date);
  await page.goto(`/dispatch?date=${date}`);
  const board = page.getByTestId('dispatch-board');
  await expect(board.getByTestId('dispatch-bar')).toHaveCount(5);
  await expect(board.locator('[data-clash="true"]')).toHaveCount(2);
  await expect(board.getByRole('button', { name: /^Clash.*Wedding/ })).toContainText('Clash');
  await expect(
    board.getByRole('button', { name: /Opera Nights.*21:30 to 01:15 the next day/ }),
  ).toBeVisible();
  await expect(board.getByRole('button', { name: /Greenway Club.*No driver.*no vehicle$/ })).toContainText(
    'No driver',
  );
  await expect(board.getByRole('heading', { name: 'Partner vehicles' })).toBeVisible();
  await expect(page.getByText('No jobs on this day.')).toBeHidden();

  await page.goto(`/dispatch?date=${sydneyDate(400)}`);
  await expect(page.getByText('No jobs on this day.')).toBeVisible();

  await screenshotBothThemes(page, `/dispatch?date=${date}`, 'dispatch-board-busy');
});

// How fast it draws is measured by the bench (bench/dispatch-render.ts), not asserted here.
test('a day of 150 vehicles and 400 jobs draws from its one request', async ({ page }) => {
  // Four shots and axe scans of a 400-bar page: slow on a shared machine, whatever the draw time.
  test.slow();
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(300);
  const body = JSON.stringify(bigDispatchDay(date));
  let requests = 0;
  await page.route('**/api/dispatch?*', async (route) => {
    requests += 1;
    await route.fulfill({ contentType: 'application/json', body });
  });
  await page.goto(`/dispatch?date=${date}`);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="dispatch-bar"]').length === 400,
    null,
    {
      polling: 'raf',
    },
  );
  expect(requests).toBe(1);
  await expect(page.getByTestId('free-driver')).toHaveCount(40);
  // The viewport only: the whole page is 150 rows long.
  await screenshotBothThemes(page, `/dispatch?date=${date}`, 'dispatch-board-large', { fullPage: false });
});

test('a driver is refused the board', async ({ page }) => {
  await signInViaApi(page, DEMO.driver.email, DEMO.driver.password);
  await page.goto('/dispatch');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(
    page.getByRole('navigation', { name: 'Driver navigation' }).getByRole('link', { name: 'Dispatch' }),
  ).toHaveCount(0);
  expect((await page.request.get(`/api/dispatch?date=${sydneyDate(0)}`)).status()).toBe(403);
});

test('a job saved elsewhere shows on an open board without a reload', async ({ page, browser }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(47);
  await page.goto(`/dispatch?date=${date}`);
  await expect(page.getByText('No jobs on this day.')).toBeVisible();

  // A second manager's browser books a job on that day.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signInViaApi(second, DEMO.manager.email, DEMO.manager.password);
    const vehicles = (await (await second.request.get('/api/vehicles?type=company_owned&limit=5')).json())
      .items;
    const created = await second.request.post('/api/jobs', {
      headers: { 'X-Requested-With': 'e2e' },
      data: {
        title: 'Live board check',
        serviceDate: date,
        status: 'confirmed',
        legs: [
          {
            originAddress: 'Depot',
            destinationAddress: 'Cruise terminal',
            departureTime: '09:00',
            arrivalTime: '11:00',
          },
        ],
        vehicles: [{ vehicleId: vehicles[0].id }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const job = await created.json();

    // The first board shows it, live.
    await expect(page.getByTestId('dispatch-bar').filter({ hasText: job.jobNumber })).toBeVisible({
      timeout: 15_000,
    });
    await second.request.delete(`/api/jobs/${job.id}`, { headers: { 'X-Requested-With': 'e2e' } });
    await expect(page.getByTestId('dispatch-bar')).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await other.close();
  }
});

test('a job that breaks its driver hours is marked on the board', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(49);
  const headers = { 'X-Requested-With': 'e2e' };
  const noah = (await (await page.request.get('/api/drivers?search=Noah')).json()).items[0];
  const vehicles = (await (await page.request.get('/api/vehicles?type=company_owned&limit=5')).json()).items;
  // 05:30–17:00 without a break: more than 12 h in 24 h with the allowances, kept with a reason.
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title: 'Long day out',
      serviceDate: date,
      status: 'assigned',
      legs: [
        {
          originAddress: 'Depot',
          destinationAddress: 'Blue Mountains',
          departureTime: '05:30',
          arrivalTime: '17:00',
        },
      ],
      vehicles: [{ vehicleId: vehicles[0].id, driverId: noah.id }],
      hoursOverrideReason: 'Journey test',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();
  try {
    await page.goto(`/dispatch?date=${date}`);
    const bar = page.getByTestId('dispatch-bar').filter({ hasText: job.jobNumber });
    await expect(bar).toHaveAttribute('data-hours', 'true');
    await expect(page.getByTestId('dispatch-summary')).toContainText('1 driver hours warning');
    await expect(page.getByRole('button', { name: /driver hours broken: .*12 h/ })).toBeVisible();
  } finally {
    await page.request.delete(`/api/jobs/${job.id}`, { headers });
  }
});

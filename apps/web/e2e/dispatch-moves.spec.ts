import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { screenshotBothThemes } from './support/screenshots';

// Dispatch board, reallocating (issue 16): a bar dragged onto another vehicle's row moves the job
// there, with the clash it makes; a free driver dropped onto a bar is assigned; one undo puts the
// last change back; a second open board follows without a reload; the keyboard does the same from
// the bar's menu.

const headers = { 'X-Requested-With': 'e2e' };

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Vehicle {
  id: string;
  registrationNumber: string | null;
  nickname: string | null;
}

const label = (v: Vehicle) => [v.registrationNumber, v.nickname].filter(Boolean).join(' · ');

/** Two company vehicles with a job each on the day: 08:00–10:00 on the first, 09:00–11:00 on the second. */
async function seedDay(page: Page, date: string, tag: string) {
  const vehicles: Vehicle[] = (
    await (await page.request.get('/api/vehicles?type=company_owned&limit=100')).json()
  ).items;
  // The last two: the demo's first vehicles carry today's jobs and are shot elsewhere.
  const [a, b] = vehicles.slice(-2);
  if (!a || !b) throw new Error('the demo fleet has two company vehicles');
  const job = async (title: string, vehicle: Vehicle, from: string, to: string) => {
    const res = await page.request.post('/api/jobs', {
      headers,
      data: {
        title,
        serviceDate: date,
        status: 'confirmed',
        newCustomer: { companyName: `${title} ${tag}`, companyType: 'corporate' },
        legs: [{ originAddress: 'Depot', destinationAddress: 'Venue', departureTime: from, arrivalTime: to }],
        vehicles: [{ vehicleId: vehicle.id }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; jobNumber: string };
  };
  const first = await job('Gala dinner', a, '08:00', '10:00');
  const second = await job('School swim', b, '09:00', '11:00');
  return { a, b, first, second };
}

const rowOf = (page: Page, vehicle: Vehicle) =>
  page.getByTestId('dispatch-row').filter({ has: page.getByText(label(vehicle), { exact: true }) });

/** A mouse drag with pauses, as dnd-kit's pointer sensor needs a few pixels of travel to start. */
async function drag(page: Page, from: Locator, to: Locator, at: 'center' | 'track' = 'center') {
  // Both ends in the middle of the screen, away from the edges where dragging scrolls the page.
  await to.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('both ends of the drag are on screen');
  const sx = source.x + Math.min(30, source.width / 2);
  const sy = source.y + source.height / 2;
  // On a row, drop over its track (right of the vehicle's name), where the bars are.
  const tx = at === 'track' ? source.x + Math.min(30, source.width / 2) : target.x + target.width / 2;
  const ty = target.y + Math.min(target.height / 2, 20);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 12, sy + 4, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 20 });
  await page.mouse.move(tx + 2, ty + 1, { steps: 2 });
  await page.mouse.up();
}

test('dragging a bar to another vehicle moves it, warns of the clash, undoes, and shows on a second board', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(51);
  const { a, b, first, second } = await seedDay(page, date, Date.now().toString(36));
  try {
    await page.goto(`/dispatch?date=${date}`);
    const bar = page.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
    await expect(
      rowOf(page, a).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible();

    // A second manager has the same day open.
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await signInViaApi(watcher, DEMO.manager.email, DEMO.manager.password);
    await watcher.goto(`/dispatch?date=${date}`);
    await expect(
      rowOf(watcher, a).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible();

    await drag(page, bar, rowOf(page, b), 'track');
    await expect(toast(page, `${first.jobNumber} moved to ${label(b)}, with a warning`)).toBeVisible();
    await expect(
      toast(page, `${b.registrationNumber ?? b.nickname} is also on ${second.jobNumber} (09:00–11:00)`),
    ).toBeVisible();
    const moved = rowOf(page, b).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
    await expect(moved).toBeVisible();
    await expect(moved).toHaveAttribute('data-clash', 'true');
    const job = await (await page.request.get(`/api/jobs/${first.id}`)).json();
    expect(job.vehicles[0].vehicleId).toBe(b.id);

    // The other board follows without a reload.
    await expect(
      rowOf(watcher, b).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible({ timeout: 15_000 });
    await other.close();

    // One undo puts it back.
    await page.getByTestId('dispatch-undo').click();
    await expect(toast(page, `Undone: ${first.jobNumber} moved to ${label(b)}`)).toBeVisible();
    await expect(
      rowOf(page, a).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible();
    await expect(page.getByTestId('dispatch-undo')).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/jobs/${first.id}`, { headers });
    await page.request.delete(`/api/jobs/${second.id}`, { headers });
  }
});

test('dropping a free driver onto a bar assigns them', async ({ page }) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(53);
  const { first, second } = await seedDay(page, date, Date.now().toString(36));
  try {
    await page.goto(`/dispatch?date=${date}`);
    const free = page.getByTestId('free-drivers');
    await expect(free.getByRole('heading', { name: /Free drivers \(\d+\)/ })).toBeVisible();
    const chip = free.getByTestId('free-driver').first();
    const name = (await chip.textContent())?.trim() ?? '';
    // Other journeys may have made drivers of the same name: one fewer of them is free afterwards.
    const namesakes = await free.getByTestId('free-driver').filter({ hasText: name }).count();
    expect(name).not.toBe('');
    const bar = page.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
    await expect(bar).toContainText('No driver');

    await drag(page, chip, bar);
    await expect(toast(page, `${name} assigned to ${first.jobNumber}`)).toBeVisible();
    await expect(bar).toContainText(name);
    await expect(free.getByTestId('free-driver').filter({ hasText: name })).toHaveCount(namesakes - 1);
    const job = await (await page.request.get(`/api/jobs/${first.id}`)).json();
    expect(`${job.vehicles[0].driver.firstName} ${job.vehicles[0].driver.lastName}`).toBe(name);

    await screenshotBothThemes(page, `/dispatch?date=${date}`, 'dispatch-board-moves');
  } finally {
    await page.request.delete(`/api/jobs/${first.id}`, { headers });
    await page.request.delete(`/api/jobs/${second.id}`, { headers });
  }
});

/**
 * Mantine's Select, on opening, sets its keyboard position from a zero-delay timer. A key pressed
 * before that timer runs is undone by it (a loaded machine showed this). Timers of equal delay run
 * in order, so waiting for one of our own lets Mantine's run first.
 */
async function afterOpenTimers(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));
}

test('the keyboard moves a job and assigns a driver from the bar menu, and Ctrl+Z undoes', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const date = sydneyDate(55);
  const { a, b, first, second } = await seedDay(page, date, Date.now().toString(36));
  try {
    await page.goto(`/dispatch?date=${date}`);
    const bar = page.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
    await bar.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `${first.jobNumber} actions` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: `Open job ${first.jobNumber}` })).toBeVisible();

    // Move to another vehicle…: a dialog with the day's vehicles.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Move to another vehicle…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Vehicle for ${first.jobNumber}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.type(b.registrationNumber ?? b.nickname ?? '');
    await expect(page.getByRole('option').first()).toBeVisible();
    await afterOpenTimers(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, `${first.jobNumber} moved to ${label(b)}, with a warning`)).toBeVisible();
    await expect(
      rowOf(page, b).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible();

    // Ctrl+Z puts it back.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect(toast(page, `Undone: ${first.jobNumber} moved to ${label(b)}`)).toBeVisible();
    await expect(
      rowOf(page, a).getByTestId('dispatch-bar').filter({ hasText: first.jobNumber }),
    ).toBeVisible();

    // Assign a driver…: the drivers free that day.
    const back = page.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Assign a driver…' }).focus();
    await page.keyboard.press('Enter');
    const driverDialog = page.getByRole('dialog', { name: `Driver for ${first.jobNumber}` });
    await expect(driverDialog).toBeVisible();
    // The first arrow opens the list; the next one lands on a driver (any free one will do).
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').first()).toBeVisible();
    await afterOpenTimers(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const driverInput = driverDialog.getByLabel('Driver', { exact: true });
    await expect(driverInput).not.toHaveValue('');
    const chosen = await driverInput.inputValue();
    expect(chosen).not.toBe('');
    await driverDialog.getByRole('button', { name: 'Save' }).press('Enter');
    await expect(toast(page, `${chosen} assigned to ${first.jobNumber}`)).toBeVisible();
    await expect(back).toContainText(chosen);

    await screenshotBothThemes(page, `/dispatch?date=${date}`, 'dispatch-bar-menu', {
      fullPage: false,
      prepare: async (p) => {
        const target = p.getByTestId('dispatch-bar').filter({ hasText: first.jobNumber });
        if ((p.viewportSize()?.width ?? 0) < 700) return;
        await target.focus();
        await p.keyboard.press('Enter');
        await expect(p.getByRole('menu')).toBeVisible();
      },
    });
  } finally {
    await page.request.delete(`/api/jobs/${first.id}`, { headers });
    await page.request.delete(`/api/jobs/${second.id}`, { headers });
  }
});

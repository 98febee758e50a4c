import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { api, sydneyDate } from './support/api';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { screenshotBothThemes } from './support/screenshots';

// The depot terminal, first part (issue 9): a manager adds a terminal, the device enrols with its
// code, drivers sign in with their PIN; a wrong PIN clears; an unenrolled browser cannot use a PIN;
// a PIN hit right after repeated wrong PINs is locked (and answered as wrong), a manager resets the
// terminal and unlocks it; an idle or departed driver is signed out.

const TABLET = { width: 1024, height: 768 };

/** Adds a terminal through Settings > Terminals and answers the code the dialog shows. */
async function addTerminal(page: Page, name: string): Promise<string> {
  await page.goto('/settings/terminals');
  await page.getByRole('button', { name: 'Add Terminal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Terminal' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Add Terminal' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Enrolment code' });
  const code = (await codeDialog.getByTestId('enrolment-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await codeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('terminal-row').filter({ hasText: name })).toContainText(
    'Waiting for its code',
  );
  return code;
}

async function enrol(device: Page, code: string): Promise<void> {
  await device.goto('/terminal');
  await expect(device.getByRole('heading', { name: 'Set up this terminal' })).toBeVisible();
  await device.getByRole('textbox', { name: 'Enrolment code' }).fill(code);
  await device.getByRole('button', { name: 'Enrol This Device' }).click();
  await expect(device.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

async function typePin(device: Page, pin: string): Promise<void> {
  for (const digit of pin) await device.getByRole('button', { name: digit, exact: true }).click();
}

/** Wrong PINs through the device's own cookie, waiting out the device's growing delay. */
async function wrongPins(request: APIRequestContext, count: number): Promise<void> {
  for (let i = 0; i < count; ) {
    const res = await request.post('/api/terminal/login', { data: { driverNumber: '0009' } });
    if (res.status() === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers()['retry-after'] ?? '1') * 1000 + 100));
      continue;
    }
    expect(res.status()).toBe(401);
    i++;
  }
}

let deviceContext: BrowserContext;

test.afterEach(async () => {
  await deviceContext?.close();
});

test('a manager adds a terminal, the device enrols, a driver signs in with a PIN and logs out', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `Brookvale kiosk ${Date.now().toString(36)}`);
  await screenshotBothThemes(page, '/settings/terminals', 'settings-terminals');

  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);

  // A wrong PIN clears the entry and says so.
  await typePin(device, '0008');
  await expect(toast(device, 'Login Failed')).toContainText('Invalid PIN. Please try again.');
  await expect(device.getByTestId('pin-status')).toHaveText('0 of 4 digits entered');

  // A screen reader names every key; a key with focus is pressed with Enter or Space, Backspace
  // takes the last digit back.
  const keypad = device.getByRole('group', { name: 'PIN keypad' });
  for (const key of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'Clear', 'Enter']) {
    await expect(keypad.getByRole('button', { name: key, exact: true })).toBeVisible();
  }
  await keypad.getByRole('button', { name: '5', exact: true }).focus();
  await device.keyboard.press('Enter');
  await device.keyboard.press('Space');
  await expect(device.getByTestId('pin-status')).toHaveText('2 of 4 digits entered');
  await device.keyboard.press('Backspace');
  await expect(device.getByTestId('pin-status')).toHaveText('1 of 4 digits entered');
  await device.keyboard.press('Escape');
  await expect(device.getByTestId('pin-status')).toHaveText('0 of 4 digits entered');

  // The keyboard works as well as the keys: James's PIN is 1111.
  await device.keyboard.type('1111');
  await expect(device).toHaveURL(/\/terminal\/dashboard$/);
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('James Wilson');
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-dashboard-tablet-light.png'),
  });

  await device.getByRole('button', { name: 'Logout' }).click();
  const confirm = device.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(confirm).toContainText('Are you sure you want to log out of the terminal?');
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(device).toHaveURL(/\/terminal$/);
  await expect(device.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-keypad-tablet-light.png'),
  });
  await screenshotBothThemes(device, '/terminal', 'terminal-keypad');
});

test('a browser that is not enrolled cannot use a PIN', async ({ browser }) => {
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await device.goto('/terminal');
  await expect(device.getByRole('heading', { name: 'Set up this terminal' })).toBeVisible();
  await expect(device.getByRole('group', { name: 'PIN keypad' })).toHaveCount(0);
  const res = await device.request.post('/api/terminal/login', { data: { driverNumber: '1111' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toContain('not set up as a terminal');
  await screenshotBothThemes(device, '/terminal', 'terminal-enrol');
});

test('a PIN hit right after five wrong PINs is locked and answered as wrong; a manager resets the terminal and unlocks it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const name = `Lockout kiosk ${Date.now().toString(36)}`;
  const code = await addTerminal(page, name);
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);

  await wrongPins(device.request, 5);
  // The device asks for a few seconds' wait after the fifth wrong PIN; then Noah's PIN (5555) is
  // taken for a guess that hit: it is locked, and the terminal answers exactly as for a wrong PIN.
  await device.waitForTimeout(4500);
  await typePin(device, '5555');
  await expect(toast(device, 'Login Failed')).toContainText('Invalid PIN. Please try again.');
  await expect(device).toHaveURL(/\/terminal$/);

  // Settings > Terminals shows the wrong PINs; the manager resets the terminal.
  await page.goto('/settings/terminals');
  const terminal = page.getByTestId('terminal-row').filter({ hasText: name });
  await expect(terminal).toContainText('6 in the last hour');
  await screenshotBothThemes(page, '/settings/terminals', 'settings-terminals-wrong-pins');
  await terminal.getByRole('button', { name: `Reset wrong PINs on ${name}` }).click();
  await expect(toast(page, 'Terminal reset')).toBeVisible();
  await expect(terminal).toContainText('None');

  // The driver's card shows the lock; the manager unlocks it.
  await page.goto('/settings/drivers');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill('noah@demo.local');
  // The searched list has arrived (a row moving under an open menu closes it).
  await expect(page.getByRole('row', { name: /Emma Taylor/ })).toHaveCount(0);
  const row = page.getByRole('row', { name: /Noah Brown/ });
  await expect(row.getByTestId('pin-locked')).toBeVisible();
  // A refresh of the list (a live event) may close the menu under the pointer: open it again then.
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: 'Unlock PIN' });
    if (!(await item.isVisible()))
      await row.getByRole('button', { name: 'More actions for Noah Brown' }).click();
    await item.click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(toast(page, 'PIN unlocked')).toBeVisible();
  await expect(row.getByTestId('pin-locked')).toHaveCount(0);

  await typePin(device, '5555');
  await expect(device).toHaveURL(/\/terminal\/dashboard$/);
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('Noah Brown');
});

test('the terminal signs a driver out after the idle minutes, warning first, and when they leave the shift screen', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `Idle kiosk ${Date.now().toString(36)}`);
  await expect(page.getByTestId('terminal-idle-minutes')).toHaveValue('3 min');
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  // The device's clock is the test's, from its first page: three idle minutes pass in a moment.
  await device.clock.install();
  await enrol(device, code);
  await typePin(device, '1111');
  // The shift screen is up (its countdown starts when it shows), then nobody touches it.
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('James Wilson');
  await device.clock.runFor('02:35');
  const warning = device.getByRole('dialog', { name: 'Still there?' });
  await expect(warning).toContainText('signs you out in');
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-idle-warning-tablet-light.png'),
  });
  await warning.getByRole('button', { name: "I'm still here" }).click();
  await expect(warning).toBeHidden();
  await device.clock.runFor('02:00');
  await expect(device).toHaveURL(/\/terminal\/dashboard$/);
  await device.clock.runFor('01:02');
  await expect(device).toHaveURL(/\/terminal$/);
  await expect(toast(device, 'Signed out')).toBeVisible();
  expect((await device.request.get('/api/shifts/active')).status()).toBe(401);

  // Signed in again, the driver leaves the shift screen for another page: signed out as well.
  await typePin(device, '1111');
  await expect(device).toHaveURL(/\/terminal\/dashboard$/);
  expect((await device.request.get('/api/shifts/active')).status()).toBe(200);
  await device.goto('/login');
  await expect
    .poll(async () => (await device.request.get('/api/shifts/active')).status(), { timeout: 10_000 })
    .toBe(401);
});

test('a driver chooses a new PIN in Account settings and signs in with it at the terminal', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `PIN kiosk ${Date.now().toString(36)}`);
  // Liam (3333) chooses his own PIN; nobody, not even he, can read a PIN back (ADR 26).
  const liam = await browser.newContext();
  const account = await liam.newPage();
  await signInViaApi(account, 'liam@demo.local', 'driver1234');
  await account.goto('/user-settings');
  const card = account.getByTestId('terminal-pin-card');
  const pin = String(6000 + Math.floor(Math.random() * 4000));
  await card.getByLabel('New PIN', { exact: true }).fill(pin);
  await card.getByLabel('New PIN again').fill('0000');
  await card.getByRole('button', { name: 'Change PIN' }).click();
  await expect(card.getByText('The two PINs do not match')).toBeVisible();
  await card.getByLabel('New PIN again').fill(pin);
  await card.getByRole('button', { name: 'Change PIN' }).click();
  await expect(toast(account, 'Your terminal PIN is changed')).toBeVisible();
  await screenshotBothThemes(account, '/user-settings', 'user-settings-driver');

  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);
  await typePin(device, '3333');
  await expect(toast(device, 'Login Failed')).toContainText('Invalid PIN');
  await typePin(device, pin);
  await expect(device.getByTestId('terminal-driver-name')).toHaveText("Liam O'Connor");
  // The demo keeps its PIN for the next run.
  expect((await account.request.put('/api/user/pin', { data: { pin: '3333' } })).status()).toBe(200);
  await liam.close();
});

test('a shift at the terminal: clock in with a failed check, fuel, incident, emergency on the office screen, end of shift, clock out', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `Shift kiosk ${Date.now().toString(36)}`);
  // The manager keeps an office screen open.
  await page.goto('/');

  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);
  await typePin(device, '2222'); // Priya
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('Priya Sharma');
  await expect(device.getByRole('button', { name: 'Fuel/Odometer' })).toBeDisabled();
  await expect(device.getByRole('button', { name: 'Pre-Departure' })).toBeDisabled();
  await scan(device, 'terminal dashboard, off shift');

  // Clock in: a vehicle, then the pre-departure inspection with one Fail.
  await device.getByRole('button', { name: 'Clock In' }).click();
  const vehicles = device.getByRole('dialog', { name: 'Choose your vehicle' });
  await expect(vehicles.getByRole('button', { name: 'Confirm & Clock In' })).toBeDisabled();
  await scan(device, 'terminal vehicle dialog');
  const chosen = vehicles.getByTestId('vehicle-option').and(device.locator(':not([data-defective])')).first();
  const registration = ((await chosen.locator('p').first().textContent()) ?? '').split(' · ')[0]!;
  await chosen.click();
  await vehicles.getByRole('button', { name: 'Confirm & Clock In' }).click();
  const inspection = device.getByRole('dialog', { name: 'Pre-Departure Inspection' });
  const questions = inspection.getByTestId('inspection-question');
  await expect(questions.first()).toBeVisible();
  await inspection.getByRole('button', { name: 'Submit Inspection' }).click();
  await expect(
    toast(device, /Incomplete Inspection: Please answer all \d+ questions before submitting/),
  ).toBeVisible();
  const count = await questions.count();
  for (let i = 0; i < count; i++) {
    await questions
      .nth(i)
      .getByText(i === 0 ? 'Fail' : 'Pass', { exact: true })
      .click();
  }
  await questions.first().getByRole('textbox').fill('Nearside mirror cracked');
  await expect(inspection.getByTestId('inspection-banner')).toHaveText(
    'Vehicle has failed inspection. Please address all issues before departing.',
  );
  await scan(device, 'terminal pre-departure inspection, failed');
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-inspection-tablet-light.png'),
  });
  await inspection.getByRole('button', { name: 'Submit Inspection' }).click();
  await expect(toast(device, 'Shift Started')).toBeVisible();
  await expect(device.getByTestId('on-shift')).toContainText(/On shift since .* 0\.\d h/);

  // A fuel log, checked first, then sent.
  await device.getByRole('button', { name: 'Fuel/Odometer' }).click();
  const fuel = device.getByRole('dialog', { name: 'Fuel / Odometer' });
  await fuel.getByRole('button', { name: 'Submit Fuel Log' }).click();
  await expect(fuel.getByText('Odometer reading is required')).toBeVisible();
  await expect(fuel.getByText('Litres added is required')).toBeVisible();
  await scan(device, 'terminal fuel dialog with errors');
  // A believable reading: a little past the vehicle's last one (ADR 27 refuses implausible ones).
  const onShift = await (await device.request.get('/api/shifts/active')).json();
  const lastReading = onShift.fuelBaseline?.previous?.odometerReading ?? 184_000;
  await fuel.getByRole('textbox', { name: 'Odometer (km)' }).fill(String(lastReading + 220));
  await fuel.getByRole('textbox', { name: 'Litres added' }).fill('212.5');
  await fuel.getByRole('textbox', { name: 'Location' }).fill('Brookvale depot bowser');
  await fuel.getByRole('button', { name: 'Submit Fuel Log' }).click();
  await expect(toast(device, 'Fuel Log Submitted')).toBeVisible();

  // An incident with injuries and police details.
  await device.getByRole('button', { name: 'Incident Report' }).click();
  const incident = device.getByRole('dialog', { name: 'Incident Report' });
  await incident.getByRole('button', { name: 'Submit Incident Report' }).click();
  await expect(incident.getByText('Incident type is required')).toBeVisible();
  await expect(incident.getByText('Location is required')).toBeVisible();
  await expect(incident.getByText('Please provide a detailed description (min 10 characters)')).toBeVisible();
  await scan(device, 'terminal incident dialog with errors');
  await incident.getByRole('combobox', { name: 'Incident type' }).click();
  await device.getByRole('option', { name: 'Passenger incident' }).click();
  await incident.getByRole('textbox', { name: 'Location' }).fill('Pittwater Rd, Dee Why');
  await incident
    .getByRole('textbox', { name: 'Description' })
    .fill('A passenger fell when the bus braked hard.');
  await expect(incident.getByRole('textbox', { name: 'Injury details' })).toHaveCount(0);
  await incident.getByRole('switch', { name: 'Injuries reported' }).check({ force: true });
  await incident.getByRole('textbox', { name: 'Injury details' }).fill('Grazed knee, first aid given');
  await incident.getByRole('switch', { name: 'Police notified' }).check({ force: true });
  await incident.getByRole('textbox', { name: 'Police report number' }).fill('E12345678');
  await incident.getByRole('button', { name: 'Submit Incident Report' }).click();
  await expect(toast(device, 'Incident Report Submitted')).toBeVisible();

  // An emergency reaches the manager's open screen without a reload.
  await device.getByRole('button', { name: 'Emergency' }).click();
  const emergency = device.getByRole('dialog', { name: 'Emergency Alert' });
  await expect(emergency).toContainText('Call 000 first');
  await scan(device, 'terminal emergency dialog');
  await emergency.getByRole('combobox', { name: 'Emergency type' }).click();
  await device.getByRole('option').first().click();
  await emergency.getByRole('textbox', { name: 'Location' }).fill('M1 northbound, Wahroonga');
  await emergency.getByRole('button', { name: 'Send Emergency Alert' }).click();
  await expect(toast(device, 'Emergency Alert Sent')).toBeVisible();
  const banner = page.getByTestId('emergency-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('Priya Sharma');
  await expect(banner).toContainText('M1 northbound, Wahroonga');
  await scan(page, 'manager emergency banner');
  await page.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/manager-emergency-banner-desktop-light.png'),
  });

  // End of shift, then clock out.
  await device.getByRole('button', { name: 'End of Shift' }).click();
  const end = device.getByRole('dialog', { name: 'End of Shift Inspection' });
  const endQuestions = end.getByTestId('inspection-question');
  await expect(endQuestions.first()).toBeVisible();
  // Scanned before answering: the answered controls are scanned in the pre-departure dialog above.
  await scan(device, 'terminal end of shift inspection');
  for (let i = 0; i < (await endQuestions.count()); i++)
    await endQuestions.nth(i).getByText('Pass', { exact: true }).click();
  await end.getByRole('switch', { name: 'Body damage found' }).check({ force: true });
  await end.getByRole('textbox', { name: 'Body damage details' }).fill('Scratch on the rear bumper');
  await expect(end.getByTestId('inspection-banner')).toHaveText('Vehicle passed all checks!');
  // The clear-of-bus walk-through must be answered before the form goes.
  await end.getByRole('button', { name: 'Submit Inspection' }).click();
  await expect(
    end
      .getByTestId('clear-of-bus')
      .getByText(/Please confirm that you walked the vehicle|This shift served a school job/),
  ).toBeVisible();
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-clear-of-bus-tablet-light.png'),
  });
  await scan(device, 'terminal end of shift, clear-of-bus missing');
  await end.getByText('Confirmed: no passenger remains').click();
  await end.getByRole('button', { name: 'Submit Inspection' }).click();
  await expect(toast(device, 'Inspection Submitted')).toBeVisible();
  await device.getByRole('button', { name: 'Clock Out' }).click();
  await expect(toast(device, 'Shift Ended')).toBeVisible();
  await expect(device.getByText('Not on shift')).toBeVisible();
  await scan(device, 'terminal dashboard after the shift');
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-after-shift-tablet-light.png'),
  });

  // The failed check opened a defect: at the next clock-in the vehicle is listed as unavailable.
  await device.getByRole('button', { name: 'Clock In' }).click();
  const next = device.getByRole('dialog', { name: 'Choose your vehicle' });
  const defective = next.getByTestId('vehicle-option').filter({ hasText: registration });
  await expect(defective).toHaveAttribute('data-defective', 'true');
  await expect(defective).toContainText('Unavailable');
  await expect(defective).toContainText('Nearside mirror cracked');
  await expect(defective).toBeDisabled();
  await device.waitForTimeout(400); // the dialog's opening transition
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-defective-vehicle-tablet-light.png'),
  });
  await scan(device, 'terminal vehicle dialog with a defective vehicle');
  await next.getByRole('button', { name: 'Cancel' }).click();

  // A manager clears it with a repair note; the vehicle can be taken out again.
  await page.goto('/settings/vehicles/company');
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(registration);
  const row = page.getByRole('row').filter({ hasText: registration });
  await expect(row.getByTestId('defect-badge')).toBeVisible();
  await scan(page, 'company vehicles with a defect');
  await row.getByRole('button', { name: /^Clear defect of / }).click();
  const clear = page.getByRole('dialog', { name: /^Clear defect: / });
  await expect(clear).toContainText('Nearside mirror cracked');
  await clear.getByRole('button', { name: 'Clear Defect' }).click();
  await expect(clear.getByText('Please describe the repair')).toBeVisible();
  await scan(page, 'clear defect dialog with an error');
  await clear.getByRole('textbox', { name: 'Repair note' }).fill('Mirror glass replaced by the workshop');
  await clear.getByRole('button', { name: 'Clear Defect' }).click();
  await expect(toast(page, 'Defect cleared')).toBeVisible();
  await expect(row.getByTestId('defect-badge')).toHaveCount(0);
  await device.getByRole('button', { name: 'Clock In' }).click();
  await expect(next.getByTestId('vehicle-option').filter({ hasText: registration })).not.toHaveAttribute(
    'data-defective',
  );
  await next.getByRole('button', { name: 'Cancel' }).click();
});

test('a fuel log made while the network is down is delivered once when it returns', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `Offline kiosk ${Date.now().toString(36)}`);
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);
  await typePin(device, '4444'); // Emma
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('Emma Taylor');
  // Clock in through the API of this device (the journey above covers the dialogs).
  const vehicles = await (await device.request.get('/api/vehicles?type=company_owned&limit=50')).json();
  const questions = await (await device.request.get('/api/inspection-questions?type=pre_departure')).json();
  const started = await device.request.post('/api/shifts/start', {
    headers: { 'X-Requested-With': 'e2e' },
    data: {
      vehicleId: vehicles.items.at(-1).id,
      inspection: { responses: questions.map((q: { id: string }) => ({ questionId: q.id, passed: true })) },
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  await device.reload();
  await expect(device.getByTestId('on-shift')).toBeVisible();

  const active = await (await device.request.get('/api/shifts/active')).json();
  const odometer = String(
    (active.fuelBaseline?.previous?.odometerReading ?? 500_000) + 100 + Math.floor(Math.random() * 800),
  );
  await deviceContext.setOffline(true);
  await device.getByRole('button', { name: 'Fuel/Odometer' }).click();
  const fuel = device.getByRole('dialog', { name: 'Fuel / Odometer' });
  await fuel.getByRole('textbox', { name: 'Odometer (km)' }).fill(odometer);
  await fuel.getByRole('textbox', { name: 'Litres added' }).fill('88');
  await fuel.getByRole('button', { name: 'Submit Fuel Log' }).click();
  await expect(toast(device, 'Saved on this terminal')).toBeVisible();
  await expect(device.getByTestId('pending-submissions')).toContainText('Fuel log: waiting to be sent');
  await device.screenshot({
    path: path.join(process.cwd(), '.tmp/screenshots/terminal-pending-tablet-light.png'),
  });

  await deviceContext.setOffline(false);
  await expect(device.getByTestId('pending-submissions')).toHaveCount(0, { timeout: 15_000 });
  const logs = await (await page.request.get('/api/fuel-logs?limit=200')).json();
  expect(
    logs.items.filter((l: { odometerReading: number }) => String(l.odometerReading) === odometer),
  ).toHaveLength(1);
  // A reload sends nothing twice.
  await device.reload();
  await expect(device.getByTestId('on-shift')).toBeVisible();
  const again = await (await page.request.get('/api/fuel-logs?limit=200')).json();
  expect(
    again.items.filter((l: { odometerReading: number }) => String(l.odometerReading) === odometer),
  ).toHaveLength(1);
  // Clock out so that the demo driver is free again.
  const shift = await (await device.request.get('/api/shifts/active')).json();
  await device.request.post(`/api/shifts/end/${shift.id}`, { headers: { 'X-Requested-With': 'e2e' } });
});

/**
 * Noah holds a job of the operator's today. The demo gives him one on the day it was seeded; a run that
 * passes Sydney's midnight finds that job on yesterday, so the journey then books him one itself.
 */
async function noahDrivesToday(page: Page) {
  const today = sydneyDate(0);
  const drivers = await api<{ items: { id: string; email: string }[] }>(
    page,
    'GET',
    `/api/drivers?search=${encodeURIComponent('noah@demo.local')}&limit=5`,
  );
  const noah = drivers.items.find((d) => d.email === 'noah@demo.local');
  if (!noah) throw new Error('The demo has no Noah');
  const held = await api<{ total: number }>(
    page,
    'GET',
    `/api/jobs?driverId=${noah.id}&from=${today}&to=${today}&limit=1`,
  );
  if (held.total > 0) return;
  const vehicles = await api<{ items: { id: string; isActive: number }[] }>(
    page,
    'GET',
    '/api/vehicles?type=company_owned&limit=50',
  );
  const vehicle = vehicles.items.filter((v) => v.isActive === 1).at(-1);
  await api(page, 'POST', '/api/jobs', {
    title: `Late charter ${Date.now().toString(36)}`,
    status: 'confirmed',
    serviceDate: today,
    legs: [{ originAddress: 'Depot', destinationAddress: 'Airport', departureTime: '23:00' }],
    vehicles: [{ vehicleId: vehicle?.id, driverId: noah.id }],
    hoursOverrideReason: 'Journey test',
  });
}

/** Clock in through the device's own API (the shift journey above covers the dialogs). */
async function clockInViaApi(device: Page) {
  // A retry finds the driver still on the shift the failed try started: end it first.
  const active = await device.request.get('/api/shifts/active');
  const open = active.ok() ? await active.json() : null;
  if (open?.id)
    await device.request.post(`/api/shifts/end/${open.id}`, { headers: { 'X-Requested-With': 'e2e' } });
  const vehicles = await (await device.request.get('/api/vehicles?type=company_owned&limit=50')).json();
  const questions = await (await device.request.get('/api/inspection-questions?type=pre_departure')).json();
  for (const vehicle of [...vehicles.items].reverse()) {
    if (vehicle.openDefect) continue;
    const started = await device.request.post('/api/shifts/start', {
      headers: { 'X-Requested-With': 'e2e' },
      data: {
        vehicleId: vehicle.id,
        inspection: { responses: questions.map((q: { id: string }) => ({ questionId: q.id, passed: true })) },
      },
    });
    if (started.status() === 201) return;
  }
  throw new Error('No vehicle free to clock in with');
}

test('Clock Out leads into the end-of-shift inspection: required after a job, skippable (and recorded) without one', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const code = await addTerminal(page, `Clock-out kiosk ${Date.now().toString(36)}`);
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);

  // Noah drives a job today: Clock Out opens the form, with no way round it.
  await noahDrivesToday(page);
  await typePin(device, '5555');
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('Noah Brown');
  await clockInViaApi(device);
  await device.reload();
  await expect(device.getByTestId('on-shift')).toBeVisible();
  await device.getByRole('button', { name: 'Clock Out' }).click();
  const form = device.getByRole('dialog', { name: 'End of Shift Inspection' });
  await expect(form.getByTestId('clock-out-intro')).toContainText(
    'You drove a job today: complete the end-of-shift inspection to clock out.',
  );
  await expect(form.getByRole('button', { name: 'Skip and Clock Out' })).toHaveCount(0);
  const questions = form.getByTestId('inspection-question');
  await expect(questions.first()).toBeVisible();
  for (let i = 0; i < (await questions.count()); i++)
    await questions
      .nth(i)
      .getByText(i === 0 ? 'Fail' : 'Pass', { exact: true })
      .click();
  // A failure says what happens, not "address all issues" and then carry on.
  await expect(form.getByTestId('inspection-banner')).toHaveText(
    'Vehicle has failed inspection. The defect is recorded and the vehicle cannot be taken out again until a manager clears it.',
  );
  await questions.first().getByText('Pass', { exact: true }).click();
  await form.getByText('Confirmed: no passenger remains').click();
  await scan(device, 'terminal clock-out end of shift');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(device.getByTestId('on-shift')).toBeVisible();
  await screenshotBothThemes(device, '/terminal/dashboard', 'terminal-clock-out-required', {
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Clock Out' }).click();
      await expect(p.getByTestId('clock-out-intro')).toBeVisible();
    },
  });
  await device.setViewportSize(TABLET);
  await device.goto('/terminal/dashboard');
  await device.getByRole('button', { name: 'Clock Out' }).click();
  // The questions load after the dialog opens: count them only once they are drawn.
  await expect(questions.first()).toBeVisible();
  for (let i = 0; i < (await questions.count()); i++)
    await questions.nth(i).getByText('Pass', { exact: true }).click();
  await form.getByText('Confirmed: no passenger remains').click();
  await form.getByRole('button', { name: 'Submit and Clock Out' }).click();
  await expect(toast(device, 'Shift Ended')).toBeVisible();
  await expect(device.getByText('Not on shift')).toBeVisible();
  await device.getByRole('button', { name: 'Logout' }).click();
  await device
    .getByRole('dialog', { name: 'Confirm Logout' })
    .getByRole('button', { name: 'Logout' })
    .click();

  // David has no job today: the form is offered, and skipping it is confirmed and recorded.
  await typePin(device, '1234');
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('David Chen');
  await clockInViaApi(device);
  await device.reload();
  await device.getByRole('button', { name: 'Clock Out' }).click();
  await expect(form.getByTestId('clock-out-intro')).toContainText('You had no job today');
  await screenshotBothThemes(device, '/terminal/dashboard', 'terminal-clock-out-optional', {
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Clock Out' }).click();
      await expect(p.getByTestId('clock-out-intro')).toBeVisible();
    },
  });
  await device.setViewportSize(TABLET);
  await device.goto('/terminal/dashboard');
  await device.getByRole('button', { name: 'Clock Out' }).click();
  await form.getByRole('button', { name: 'Skip and Clock Out' }).click();
  const skip = device.getByRole('dialog', { name: 'Skip the end-of-shift inspection?' });
  await expect(skip).toBeVisible();
  await skip.getByRole('button', { name: 'Skip and Clock Out' }).click();
  await expect(toast(device, 'Shift Ended')).toContainText('skipped');
  await expect(device.getByText('Not on shift')).toBeVisible();

  // The timesheet shows the skip.
  await page.goto('/settings/timesheets');
  await page.getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: /David/ }).click();
  await expect(page.getByTestId('timesheet-grid').getByTestId('eos-skipped').first()).toBeVisible();
  await page.getByText('Table', { exact: true }).click();
  await expect(page.getByTestId('timesheet-table').getByTestId('eos-skipped').first()).toBeVisible();
  // And so does the End of Shift report.
  await page.goto('/reports?tab=end-of-shift');
  await expect(
    page.getByTestId('skipped-eos').getByTestId('skipped-eos-row').filter({ hasText: 'David Chen' }).first(),
  ).toBeVisible();
  await screenshotBothThemes(page, '/reports?tab=end-of-shift', 'reports-end-of-shift-skipped');
});

test('an implausible fuel log asks for a reason at the terminal and is flagged in the fuel report; the tank size is set in Settings', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  // The manager records a vehicle's tank size.
  const registration = `FUEL-${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await page.goto('/settings/vehicles/company');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add Vehicle' });
  await add.getByRole('textbox', { name: 'Registration Number' }).fill(registration);
  await add.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  await add.getByRole('textbox', { name: 'Fuel tank capacity (litres)' }).fill('90');
  await add.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(toast(page, 'Vehicle created successfully')).toBeVisible();
  const listed = await (await page.request.get(`/api/vehicles?search=${registration}`)).json();
  expect(listed.items[0].tankCapacityLitres).toBe(90);

  const code = await addTerminal(page, `Fuel kiosk ${Date.now().toString(36)}`);
  deviceContext = await browser.newContext({ viewport: TABLET });
  const device = await deviceContext.newPage();
  await enrol(device, code);
  await typePin(device, '1234'); // David
  await expect(device.getByTestId('terminal-driver-name')).toHaveText('David Chen');
  const questions = await (await device.request.get('/api/inspection-questions?type=pre_departure')).json();
  const started = await device.request.post('/api/shifts/start', {
    headers: { 'X-Requested-With': 'e2e' },
    data: {
      vehicleId: listed.items[0].id,
      inspection: { responses: questions.map((q: { id: string }) => ({ questionId: q.id, passed: true })) },
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  await device.reload();
  await expect(device.getByTestId('on-shift')).toBeVisible();

  const openFuel = async (p: Page) => {
    await p.getByRole('button', { name: 'Fuel/Odometer' }).click();
    const dialog = p.getByRole('dialog', { name: 'Fuel / Odometer' });
    await dialog.getByRole('textbox', { name: 'Odometer (km)' }).fill('1200');
    await dialog.getByRole('textbox', { name: 'Litres added' }).fill('900');
    await dialog.getByRole('button', { name: 'Submit Fuel Log' }).click();
    await expect(dialog.getByTestId('fuel-confirm')).toContainText(
      "900 litres is more than the vehicle's tank holds (90 litres).",
    );
    return dialog;
  };
  const fuel = await openFuel(device);
  await fuel.getByRole('button', { name: 'Confirm and Submit' }).click();
  await expect(fuel.getByText('Give a reason for confirming this reading')).toBeVisible();
  await scan(device, 'terminal fuel dialog asking for a reason');
  await fuel
    .getByRole('textbox', { name: 'Reason for confirming' })
    .fill('Filled the spare drums for the tour');
  await fuel.getByRole('button', { name: 'Confirm and Submit' }).click();
  await expect(toast(device, 'Fuel Log Submitted')).toBeVisible();
  await screenshotBothThemes(device, '/terminal/dashboard', 'terminal-fuel-confirm', {
    fullPage: false,
    prepare: async (p) => void (await openFuel(p)),
  });

  // The office sees the flag and the reason.
  await page.goto('/reports?tab=fuel-logs');
  const row = page.getByTestId('report-row').filter({ hasText: registration }).first();
  await expect(row.getByTestId('fuel-flag')).toHaveText('Flagged');
  await row.getByRole('button', { name: /View details/ }).click();
  const detail = page.getByRole('dialog', { name: 'Details' });
  await expect(detail.getByTestId('fuel-flag-detail')).toContainText('Filled the spare drums for the tour');
  await expect(detail.getByTestId('fuel-flag-detail')).toContainText('More litres than the tank holds');
  await scan(page, 'fuel log detail, flagged');
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await screenshotBothThemes(page, '/reports?tab=fuel-logs', 'reports-fuel-flagged', {
    fullPage: false,
    prepare: async (p) => {
      await p
        .getByTestId('report-row')
        .filter({ hasText: registration })
        .first()
        .getByRole('button', { name: /View details/ })
        .click();
      await expect(p.getByTestId('fuel-flag-detail')).toBeVisible();
    },
  });
  const shift = await (await device.request.get('/api/shifts/active')).json();
  await device.request.post(`/api/shifts/end/${shift.id}`, { headers: { 'X-Requested-With': 'e2e' } });
});

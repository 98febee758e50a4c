import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { DEMO, signInViaApi, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { screenshotBothThemes } from './support/screenshots';

// The driver portal and the offer cycle (spec 2 §2.5, §4; issue 8): offers arrive without a reload,
// accept and decline, My Jobs, Available Jobs and requests, an expired offer.

const DRIVER_PASSWORD = 'driver1234';

/** The operator's calendar date (the demo operator is in Sydney), `days` from today. */
function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function managerApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'e2e' } });
  const res = await api.post('/api/login', {
    data: { email: DEMO.manager.email, password: DEMO.manager.password },
  });
  expect(res.status()).toBe(200);
  return api;
}

async function driverId(api: APIRequestContext, email: string): Promise<string> {
  const res = await api.get(`/api/drivers?search=${encodeURIComponent(email)}&limit=5`);
  const found = (await res.json()).items.find((d: { email: string }) => d.email === email);
  expect(found, email).toBeTruthy();
  return found.id;
}

async function companyVehicles(api: APIRequestContext): Promise<string[]> {
  const res = await api.get('/api/vehicles?type=company_owned&limit=50');
  return (await res.json()).items
    .filter((v: { isActive: number }) => v.isActive === 1)
    .map((v: { id: string }) => v.id);
}

/** A published job for tomorrow with `drivers[i]` on vehicle i (open when undefined). */
async function publishJob(
  api: APIRequestContext,
  title: string,
  vehicleIds: string[],
  drivers: (string | undefined)[],
) {
  const created = await api.post('/api/jobs', {
    data: {
      title,
      serviceDate: sydneyDate(1),
      paxCount: 40,
      notesDriver:
        '<p><strong>Gate B</strong> pick-up, <span style="color: #e03131">no parking on the street</span></p>',
      mapsLink: 'https://www.google.com/maps/dir/?api=1&origin=Central&destination=Olympic+Park',
      legs: [
        {
          originAddress: 'Central Station, Sydney',
          destinationAddress: 'Olympic Park',
          departureTime: '08:15',
          arrivalTime: '09:05',
        },
        {
          originAddress: 'Olympic Park',
          destinationAddress: 'Central Station, Sydney',
          departureTime: '15:30',
          arrivalTime: '16:20',
        },
      ],
      vehicles: vehicleIds.map((vehicleId, i) => ({ vehicleId, driverId: drivers[i] })),
      basePrice: 1200,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();
  const published = await api.post(`/api/jobs/${job.id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return job as { id: string; jobNumber: string };
}

async function driverPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, email, DRIVER_PASSWORD);
  return page;
}

test('an offer arrives live, is accepted and shows in My Jobs; another driver requests and is approved', async ({
  browser,
  baseURL,
}) => {
  const api = await managerApi(baseURL!);
  const [bus1, bus2] = await companyVehicles(api);
  const priyaId = await driverId(api, 'priya@demo.local');
  const title = `Olympic Park shuttle ${Date.now().toString(36)}`;

  const priya = await driverPage(browser, 'priya@demo.local');
  await priya.goto('/job-offers');
  await expect(priya.getByRole('heading', { name: 'Pending Offers' })).toBeVisible();
  await expect(priya.getByTestId('pending-count')).toBeVisible();

  // The manager publishes; the offer appears without a reload.
  const job = await publishJob(api, title, [bus1!, bus2!], [priyaId]);
  const offer = priya.getByTestId('offer-card').filter({ hasText: title });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expect(offer.getByTestId('offer-status')).toHaveText('Pending');
  await expect(offer).toContainText('Offered by Sarah');
  await expect(offer).not.toContainText('1200');

  await offer.getByRole('button', { name: 'Accept' }).click();
  const accept = priya.getByRole('dialog', { name: 'Accept Job Offer?' });
  await expect(accept).toBeVisible();
  await scan(priya, 'accept offer dialog');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(priya, 'Offer Accepted')).toBeVisible();
  await expect(
    priya.getByTestId('offer-card').filter({ hasText: title }).getByTestId('offer-status'),
  ).toHaveText('Accepted');
  await screenshotBothThemes(priya, '/job-offers', 'driver-job-offers');

  // My Jobs: tomorrow is Upcoming, with a date heading and its count; the card opens the details.
  await priya.goto('/');
  await priya.getByRole('tab', { name: 'Upcoming' }).click();
  const card = priya.getByTestId('driver-job-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('job-time')).toContainText('08:15');
  await card.click();
  const detail = priya.getByRole('dialog', { name: title });
  await expect(detail.getByTestId('detail-vehicle')).toHaveCount(1);
  await expect(detail.getByTestId('driver-notes').locator('strong')).toHaveText('Gate B');
  await expect(detail.getByTestId('detail-leg')).toHaveCount(2);
  await expect(detail.getByRole('link', { name: 'Open Route' })).toHaveAttribute('href', /google\.com\/maps/);
  await expect(detail).not.toContainText('1200');
  await screenshotBothThemes(priya, '/', 'driver-my-jobs', {
    prepare: async (p) => {
      await p.getByRole('tab', { name: 'Upcoming' }).click();
      await p.getByTestId('driver-job-card').filter({ hasText: title }).click();
      await expect(p.getByRole('dialog', { name: title })).toBeVisible();
    },
    fullPage: false,
  });

  // Another driver requests the open position.
  const liam = await driverPage(browser, 'liam@demo.local');
  await liam.goto('/available-jobs');
  await expect(liam.getByTestId('available-summary')).toContainText(
    /Found \d+ jobs? with available driver positions/,
  );
  // Pages of 20 (ADR 37): "Load more" until the job's card is there, each page adding cards.
  const available = liam.getByTestId('available-job-card').filter({ hasText: title });
  await expect(liam.getByTestId('available-shown')).toContainText(/Showing \d+ of \d+/);
  for (let more = 0; more < 20 && !(await available.isVisible()); more++) {
    const before = await liam.getByTestId('available-job-card').count();
    expect(before).toBeLessThanOrEqual(20 * (more + 1));
    await liam.getByTestId('load-more-jobs').click();
    await expect(liam.getByTestId('available-job-card')).not.toHaveCount(before);
  }
  await expect(available.getByTestId('open-slots')).toHaveText('1 slot available');
  // The customer by name; their contact details are for the drivers who hold the job.
  await available.getByRole('button', { name: 'View Details' }).click();
  const availableDetail = liam.getByRole('dialog', { name: title });
  await expect(availableDetail).toBeVisible();
  await expect(availableDetail).not.toContainText('@');
  await availableDetail.getByRole('button', { name: 'Close' }).first().click();
  await expect(availableDetail).toBeHidden();
  await available.getByRole('button', { name: 'Request This Job' }).click();
  const requestDialog = liam.getByRole('dialog', { name: 'Request This Job' });
  await requestDialog.getByRole('textbox', { name: 'Message to the office' }).fill('Free all day tomorrow.');
  await scan(liam, 'request job dialog');
  await requestDialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(toast(liam, 'Request Sent')).toBeVisible();
  await expect(available.getByTestId('requested')).toBeVisible();
  await screenshotBothThemes(liam, '/available-jobs', 'driver-available-jobs');

  // The manager approves; the job appears in Liam's Upcoming jobs.
  const staffing = await (await api.get(`/api/jobs/${job.id}/staffing`)).json();
  const liamRequest = staffing.requests.find(
    (r: { message: string }) => r.message === 'Free all day tomorrow.',
  );
  const approved = await api.patch(`/api/job-requests/${liamRequest.id}`, { data: { status: 'approved' } });
  expect(approved.status(), await approved.text()).toBe(200);
  await liam.goto('/');
  await liam.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(liam.getByTestId('driver-job-card').filter({ hasText: title })).toBeVisible();
  await api.dispose();
});

test('declining an offer frees the slot', async ({ browser, baseURL }) => {
  const api = await managerApi(baseURL!);
  const [, , bus3] = await companyVehicles(api);
  const emmaId = await driverId(api, 'emma@demo.local');
  const title = `Declined run ${Date.now().toString(36)}`;
  const job = await publishJob(api, title, [bus3!], [emmaId]);

  const emma = await driverPage(browser, 'emma@demo.local');
  await emma.goto('/job-offers');
  const offer = emma.getByTestId('offer-card').filter({ hasText: title });
  await offer.getByRole('button', { name: 'Decline' }).click();
  const decline = emma.getByRole('dialog', { name: 'Decline Job Offer?' });
  await expect(decline).toContainText('This action cannot be undone.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(emma, 'Offer Declined')).toBeVisible();
  await expect(offer.getByTestId('offer-status')).toHaveText('Declined');
  await expect(offer.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  const after = await (await api.get(`/api/jobs/${job.id}`)).json();
  expect(after.vehicles[0].driverId).toBeNull();
  await api.dispose();
});

test('an offer past its expiry shows Expired, with no actions', async ({ browser }) => {
  // The demo operator left Noah an offer that expired yesterday.
  const noah = await driverPage(browser, 'noah@demo.local');
  await noah.goto('/job-offers');
  const expired = noah.getByTestId('offer-card').filter({ hasText: 'Harbour Lights Evening Tour' });
  await expect(expired.getByTestId('offer-status')).toHaveText('Expired');
  await expect(expired.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(expired.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await expect(noah.getByRole('heading', { name: 'Previous Offers' })).toBeVisible();
});

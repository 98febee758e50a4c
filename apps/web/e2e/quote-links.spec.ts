import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, signInViaApi } from './support/accounts';
import { waitForMail } from './support/outbox';
import { screenshotBothThemes } from './support/screenshots';

// Quote links (issue 24): the customer opens the link from the mail, reads the quote on a phone,
// signs and accepts; a bad link shows whom to call.

const headers = { 'X-Requested-With': 'e2e' };
const PHONE = { width: 390, height: 844 };

function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A quoted job for a new customer whose contact is `email`. */
async function quotedJob(page: Page, email: string, title: string) {
  const categories = (await (await page.request.get('/api/vehicle-categories-new?limit=100')).json())
    .items as {
    id: string;
    name: string;
  }[];
  const coach = categories.find((c) => /coach/i.test(c.name)) ?? categories[0];
  if (!coach) throw new Error('the demo has vehicle categories');
  const res = await page.request.post('/api/jobs', {
    headers,
    data: {
      title,
      status: 'quoted',
      serviceDate: sydneyDate(20),
      paxCount: 45,
      serviceDescription: 'Return transfer for the Year 9 harbour excursion.',
      newCustomer: {
        companyName: `Bayside College ${Date.now().toString(36)}`,
        companyType: 'school',
        contacts: [{ name: 'Robin Organiser', role: 'Teacher', email }],
      },
      legs: [
        {
          originAddress: 'Bayside College',
          destinationAddress: 'Circular Quay',
          departureTime: '09:00',
          arrivalTime: '09:45',
        },
        {
          originAddress: 'Circular Quay',
          destinationAddress: 'Bayside College',
          departureTime: '14:30',
          arrivalTime: '15:15',
        },
      ],
      vehicles: [{ categoryId: coach.id, categoryName: coach.name }],
      basePrice: 1450,
      extraCharges: [{ description: 'Tolls', amount: 35, type: 'fixed' }],
      taxMode: 'inclusive',
      taxRate: 10,
      termsAndConditions:
        '<p>A deposit of 20% confirms the booking. Cancellations within 48 hours of departure are charged in full.</p>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; jobNumber: string };
}

async function linkFromMail(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, { since });
  const url = /https?:\/\/[^\s"<>]+\/q\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`No quote link in ${mail.file}:\n${mail.text}`);
  return new URL(url).pathname;
}

/** A customer: a browser of their own, never signed in, at phone width. */
async function customerPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  return context.newPage();
}

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 12),
      box.y + box.height * (i % 2 ? 0.3 : 0.7),
      {
        steps: 3,
      },
    );
  }
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-signed', 'true');
}

test('the customer reads the quote from the mailed link, signs and accepts it; the signed PDF records it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const email = `robin.${Date.now().toString(36)}@customer.example`;
  const job = await quotedJob(page, email, 'Harbour excursion');
  const since = Date.now();
  const sent = await page.request.post(`/api/jobs/${job.id}/quote-link`, {
    headers,
    data: { message: 'Here is the quote we discussed on the phone.' },
  });
  expect(sent.status()).toBe(201);
  const link = await linkFromMail(email, since);

  const customer = await customerPage(browser);
  const response = await customer.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(customer.getByTestId('quote-title')).toHaveText('Harbour excursion');
  await expect(customer.getByTestId('quote-leg')).toHaveCount(2);
  await expect(customer.getByTestId('quote-total')).toContainText('$1,485.00');
  await expect(customer.getByTestId('quote-terms')).toContainText('A deposit of 20%');

  await screenshotBothThemes(customer, link, 'quote-link-customer-page');

  // Nothing typed: the form says what is missing and sends nothing.
  await customer.goto(link);
  await customer.getByTestId('accept-submit').click();
  await expect(customer.getByText('Please type your full name')).toBeVisible();
  await expect(customer.getByText('Please accept the terms and conditions')).toBeVisible();

  await customer.getByTestId('accept-name').fill('Robin Organiser');
  await customer.getByTestId('accept-terms').check();
  await drawSignature(customer);
  await screenshotBothThemes(customer, link, 'quote-link-customer-signing', {
    fullPage: false,
    prepare: async (p) => {
      await p.getByTestId('accept-name').fill('Robin Organiser');
      await p.getByTestId('accept-terms').check();
      await drawSignature(p);
    },
  });
  await customer.getByTestId('accept-submit').click();
  // The acceptance renders the signed PDF in its transaction: slow on a busy machine.
  await expect(customer.getByTestId('quote-state')).toHaveAttribute('data-state', 'accepted', {
    timeout: 30_000,
  });
  await expect(customer.getByTestId('quote-state')).toContainText('Accepted by Robin Organiser');
  await expect(customer.getByTestId('accept-submit')).toHaveCount(0);
  await screenshotBothThemes(customer, link, 'quote-link-customer-accepted');

  // The job is confirmed, and the signed PDF holds the name and the hash.
  const after = await (await page.request.get(`/api/jobs/${job.id}`)).json();
  expect(after.status).toBe('confirmed');
  const status = await (await page.request.get(`/api/jobs/${job.id}/quote-link`)).json();
  expect(status.link).toMatchObject({
    status: 'accepted',
    acceptedName: 'Robin Organiser',
    hasSignature: true,
  });
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    customer.getByTestId('quote-pdf').click(),
  ]);
  const file = path.join(process.cwd(), '.tmp/screenshots', 'quote-link-signed.pdf');
  await mkdir(path.dirname(file), { recursive: true });
  await download.saveAs(file);
  const signed = await page.request.get(`/api/jobs/${job.id}/quote-link/signed-pdf`);
  expect(signed.status()).toBe(200);
  await writeFile(file, await signed.body());
  await customer.context().close();
});

test('a bad, revoked or declined link says so and whom to call', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const customer = await customerPage(browser);
  const bad = '/q/not-a-real-token-at-all';
  await customer.goto(bad);
  await expect(customer.getByTestId('quote-invalid')).toContainText(
    'This quote link is not valid or has expired.',
  );
  await expect(customer.getByTestId('quote-invalid')).toContainText('Please contact');
  await screenshotBothThemes(customer, bad, 'quote-link-invalid');

  // Declining with a reason.
  const email = `decliner.${Date.now().toString(36)}@customer.example`;
  const job = await quotedJob(page, email, 'Harbour excursion');
  const since = Date.now();
  expect((await page.request.post(`/api/jobs/${job.id}/quote-link`, { headers, data: {} })).status()).toBe(
    201,
  );
  const link = await linkFromMail(email, since);
  await customer.goto(link);
  await customer.getByTestId('decline-open').click();
  await customer.getByTestId('decline-reason').fill('We booked the train instead.');
  await customer.getByTestId('decline-submit').click();
  await expect(customer.getByTestId('quote-state')).toHaveAttribute('data-state', 'declined');
  const status = await (await page.request.get(`/api/jobs/${job.id}/quote-link`)).json();
  expect(status.link).toMatchObject({ status: 'declined', declineReason: 'We booked the train instead.' });
  await customer.context().close();
});

test('at phone width a manager sends the quote; the customer accepts; the job is confirmed on the manager’s screen without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const email = `pat.${Date.now().toString(36)}@customer.example`;
  const job = await quotedJob(page, email, 'Harbour excursion');

  // From the job list's row menu; the search keeps the job on the first page however many others exist.
  await page.goto(`/?search=${encodeURIComponent(job.jobNumber)}`);
  await page.getByRole('button', { name: `Actions for ${job.jobNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Send quote' }).click();
  const dialog = page.getByTestId('send-quote-dialog');
  await expect(dialog.getByTestId('send-quote-to')).toHaveValue(email);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // From the job's detail.
  await page.goto(`/?job=${job.id}`);
  const panel = page.getByTestId('quote-link-panel');
  await expect(panel).toContainText('Not sent yet');
  await panel.getByTestId('send-quote-open').click();
  await expect(dialog.getByTestId('send-quote-to')).toHaveValue(email);
  await dialog.getByTestId('send-quote-message').fill('Here is the quote for the excursion.');
  const since = Date.now();
  await dialog.getByTestId('send-quote-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Quote sent');
  await expect(panel.getByTestId('quote-link-status')).toHaveText('Quote sent');
  await expect(panel).toContainText(`Sent to ${email}`);

  const link = await linkFromMail(email, since);
  const customer = await customerPage(browser);
  await customer.goto(link);
  await expect(customer.getByTestId('quote-title')).toHaveText('Harbour excursion');
  await expect(panel.getByTestId('quote-link-status')).toHaveText('Quote viewed');
  await customer.getByTestId('accept-name').fill('Pat Organiser');
  await customer.getByTestId('accept-terms').check();
  await drawSignature(customer);
  await customer.getByTestId('accept-submit').click();
  // The acceptance renders the signed PDF in its transaction: slow on a busy machine.
  await expect(customer.getByTestId('quote-state')).toHaveAttribute('data-state', 'accepted', {
    timeout: 30_000,
  });

  // The manager's open detail follows without a reload.
  await expect(panel.getByTestId('quote-link-status')).toHaveText('Quote accepted');
  await expect(panel).toContainText('Accepted by Pat Organiser');
  await expect(page.getByTestId('job-detail-dialog').getByText('Confirmed', { exact: true })).toBeVisible();
  await customer.context().close();
});

test('screenshots: the send quote dialog and the declined quote on the job', async ({ page }) => {
  test.setTimeout(240_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  const email = `shots.${Date.now().toString(36)}@customer.example`;
  const job = await quotedJob(page, email, 'Harbour excursion');
  await screenshotBothThemes(page, `/?job=${job.id}`, 'quote-link-send-dialog', {
    fullPage: false,
    prepare: async (p) => {
      await p.getByTestId('quote-link-panel').getByTestId('send-quote-open').click();
      await expect(p.getByTestId('send-quote-to')).toHaveValue(email);
    },
  });
  const since = Date.now();
  expect((await page.request.post(`/api/jobs/${job.id}/quote-link`, { headers, data: {} })).status()).toBe(
    201,
  );
  const customer = await page.context().browser()!.newContext();
  const customerTab = await customer.newPage();
  const link = await linkFromMail(email, since);
  await customerTab.goto(link);
  await expect(customerTab.getByTestId('quote-title')).toHaveText('Harbour excursion');
  // The job list finds it among the quotes viewed and not answered.
  await screenshotBothThemes(page, '/?quote=viewed_unanswered', 'quote-link-list-viewed', {
    fullPage: false,
    prepare: async (p) => {
      const row = p
        .locator('[data-testid="job-row"], [data-testid="job-card"]')
        .filter({ hasText: job.jobNumber });
      await expect(row.getByTestId('job-quote-link')).toContainText('Quote viewed');
      await expect(p.getByTestId('quote-filter')).toHaveValue('Viewed, not answered');
    },
  });
  await customerTab.getByTestId('decline-open').click();
  await customerTab.getByTestId('decline-reason').fill('The date moved; we will ask again in spring.');
  await customerTab.getByTestId('decline-submit').click();
  await expect(customerTab.getByTestId('quote-state')).toHaveAttribute('data-state', 'declined');
  await customer.close();
  await screenshotBothThemes(page, `/?job=${job.id}`, 'quote-link-job-declined', {
    fullPage: false,
    prepare: async (p) => {
      await expect(p.getByTestId('quote-link-status')).toHaveText('Quote declined');
      await p.getByTestId('quote-link-panel').scrollIntoViewIfNeeded();
    },
  });
});

test('the quote link expiry setting: refused when out of range, saved when valid; screenshots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(page, DEMO.manager.email, DEMO.manager.password);
  await page.goto('/settings/documents/quotes');
  const days = page.getByTestId('quote-link-expiry-days');
  await expect(days).toHaveValue('30');
  await expect(page.getByTestId('quote-link-reminder-days')).toHaveValue('3');
  await days.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('At least 1 day')).toBeVisible();
  await days.fill('14');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Quote link settings updated successfully');
  await page.reload();
  await expect(days).toHaveValue('14');
  await days.fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('updated successfully');
  await screenshotBothThemes(page, '/settings/documents/quotes', 'quote-link-settings', {
    fullPage: false,
    prepare: async (p) => {
      await expect(p.getByTestId('quote-link-expiry-days')).toHaveValue('30');
      await p.getByTestId('quote-link-expiry-days').scrollIntoViewIfNeeded();
    },
  });
});

import { dateInZone, quoteValidUntil } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlaps, pdfText, pdfWords } from '../../pdf/pdf-text';
import { createCustomer } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

// The quote and job sheet as a manager downloads them (issue 29): named by the job number, the
// customer's address, the quote date and how long it holds, the operator's name for the tax.

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

const squash = (text: string) => text.replace(/\s+/g, ' ');

/** A day as the quote writes it in en-AU: 'Tuesday 1 December 2026'. */
const long = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '');

const SETTINGS = {
  companyName: 'Harbour City Coaches Pty Ltd',
  companyAddress: '42 Parramatta Road, Granville NSW 2142',
  companyPhone: '(02) 5550 4100',
  companyEmail: 'bookings@harbourcitycoaches.example.com.au',
  companyABN: '51 824 753 556',
  companyWebsite: 'https://harbourcitycoaches.example.com.au',
  logoBackground: 'transparent',
  primaryColor: '#1e40af',
  secondaryColor: '#64748b',
  accentColor: '#0891b2',
  quoteHeaderText: 'QUOTE',
  quoteFooterText: 'School Loyalty Offer: after 9 school charters, receive $400 off every 10th bus.',
  showLoyaltyFooter: true,
  showVehicleNotes: true,
  showTermsAndConditions: true,
  showPricingBreakdown: true,
};

async function schoolJob() {
  const customer = await createCustomer(t.db, {
    companyName: 'Harbourview Public School',
    companyType: 'school',
    address: '12 Kirribilli Avenue, Kirribilli NSW 2061',
    email: 'b.okafor@harbourview-ps.example.edu.au',
  });
  const res = await t.asManager('POST', '/api/jobs', {
    title: 'Year 2 Excursion',
    serviceDate: '2026-12-01',
    customerId: customer.id,
    legs: [
      { originAddress: 'Harbourview PS', destinationAddress: 'Australian Museum', departureTime: '09:15' },
    ],
    basePrice: 1000,
    taxMode: 'exclusive',
    taxRate: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; jobNumber: string };
}

describe('job documents', () => {
  it('names both files by the job number', async () => {
    const job = await schoolJob();
    const quote = await t.asManager('GET', `/api/jobs/${job.id}/quote/pdf`);
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-type']).toBe('application/pdf');
    expect(quote.headers['content-disposition']).toBe(`attachment; filename="quote-${job.jobNumber}.pdf"`);
    const sheet = await t.asManager('GET', `/api/jobs/${job.id}/jobsheet/pdf`);
    expect(sheet.headers['content-disposition']).toBe(
      `attachment; filename="job-sheet-${job.jobNumber}.pdf"`,
    );
  }, 30_000);

  it("prints the customer's address, the quote date, valid until 14 days on, and GST in an Australian locale", async () => {
    expect((await t.asManager('PUT', '/api/document-settings', SETTINGS)).statusCode).toBe(200);
    const job = await schoolJob();
    const pdf = (await t.asManager('GET', `/api/jobs/${job.id}/quote/pdf`)).rawPayload;
    const flat = squash((await pdfText(pdf)).text);
    const today = dateInZone(new Date(), 'Australia/Sydney');
    expect(flat).toContain('Address 12 Kirribilli Avenue, Kirribilli NSW'); // 2061 wraps to the next line
    expect(flat).toContain(`Quote date ${long(today)}`);
    expect(flat).toContain(`Valid until ${long(quoteValidUntil(today, 14))}`);
    expect(flat).toContain('GST (10%) $100.00');
    expect(flat).not.toContain('Tax (10%)');
    // Nothing overprints: the footer's web address and 'Page 1 of 1' stand apart.
    const words = await pdfWords(pdf);
    for (const [i, a] of words.entries()) {
      for (const b of words.slice(i + 1)) expect(overlaps(a, b), `${a.text} / ${b.text}`).toBe(false);
    }
    expect(flat).toContain('Page 1 of 1');
  }, 30_000);

  it('uses the tax label and the validity of the document settings', async () => {
    const version = (await t.asManager('GET', '/api/document-settings')).json().version;
    const saved = await t.asManager('PUT', '/api/document-settings', {
      ...SETTINGS,
      taxLabel: 'VAT',
      quoteValidDays: 30,
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const job = await schoolJob();
    const flat = squash(
      (await pdfText((await t.asManager('GET', `/api/jobs/${job.id}/quote/pdf`)).rawPayload)).text,
    );
    const today = dateInZone(new Date(), 'Australia/Sydney');
    expect(flat).toContain('VAT (10%) $100.00');
    expect(flat).toContain(`Valid until ${long(quoteValidUntil(today, 30))}`);
  }, 30_000);

  it('is for managers only, and a missing job is a 404', async () => {
    const job = await schoolJob();
    expect((await t.asDriver('GET', `/api/jobs/${job.id}/quote/pdf`)).statusCode).toBe(403);
    expect((await t.asDriver('GET', `/api/jobs/${job.id}/jobsheet/pdf`)).statusCode).toBe(403);
    expect((await t.anonymous('GET', `/api/jobs/${job.id}/quote/pdf`)).statusCode).toBe(401);
    expect((await t.asManager('GET', '/api/jobs/missing/jobsheet/pdf')).statusCode).toBe(404);
  }, 30_000);
});

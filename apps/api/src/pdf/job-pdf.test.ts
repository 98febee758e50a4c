import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage';
import { testConfig } from '../test/test-app';
import { loadLogo, pdfFileName, renderJobSheetPdf, renderQuotePdf } from '.';
import { longJob, pdfInput, sampleLogoPng, shortJob } from './pdf-test-fixtures';
import { overlaps, pdfText, pdfWords } from './pdf-text';

// The quote and job sheet as their readers get them: rendered to PDF and read back as text.

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('quote PDF', () => {
  it('prints the branding, the service, the legs and the priced breakdown on one page', async () => {
    const pdf = await renderQuotePdf(pdfInput(shortJob()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    const flat = squash(text);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'QUOTE',
      'J-00042',
      'Harbour City Coaches',
      'ABN 51 824 753 556',
      'Monday 2 March 2026', // issued, in Sydney time
      'Tuesday 31 March 2026', // the service date as typed
      'St Mary’s College Ōtaki', // past Latin-1: the embedded font carries it
      'Jane Citizen (Sports Coordinator)',
      'Passengers 96',
      'Taronga Zoo, Bradleys Head Rd,',
      'Wheelchair lift required',
      'Base price $1,800.00',
      'Weekend surcharge (10%) $180.00',
      'Parking and tolls $45.50',
      'School discount -$100.00',
      'Subtotal $1,925.50',
      'Includes GST (10%) $175.05', // the name of the tax in en-AU
      'Total (incl. GST) $1,925.50',
      'Quote date Monday 2 March 2026',
      'Valid until Monday 16 March 2026', // 14 days, the default
      'Address 23 College Street, Ōtaki NSW 2000',
      'Price holds for 30 days',
      'Cancellations within 48 hours are charged in full.',
      'School Loyalty Offer',
      'Page 1 of 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).toMatch(/2 ?× 57-seat Coach/);
    expect(flat).not.toContain('Arrive 15 minutes early'); // driver notes stay on the job sheet
  });

  it('follows the document settings: header text, and the breakdown, notes, terms and loyalty toggles', async () => {
    const pdf = await renderQuotePdf(
      pdfInput(shortJob(), {
        quoteHeaderText: 'ESTIMATE',
        showPricingBreakdown: false,
        showVehicleNotes: false,
        showTermsAndConditions: false,
        showLoyaltyFooter: false,
      }),
    );
    const flat = squash((await pdfText(pdf)).text);
    expect(flat).toContain('ESTIMATE');
    expect(flat).not.toContain('QUOTE');
    expect(flat).toContain('Total (incl. GST) $1,925.50');
    for (const hidden of [
      'Subtotal',
      'Weekend surcharge',
      'Base price',
      'Wheelchair lift',
      'Cancellations',
      'Loyalty',
    ]) {
      expect(flat).not.toContain(hidden);
    }
  });

  it('adds exclusive tax on top, in the job currency', async () => {
    const job = shortJob({
      taxMode: 'exclusive',
      currency: 'NZD',
      extraCharges: [],
      discounts: [],
      basePrice: 1000,
      taxRate: 15,
    });
    const flat = squash(
      (
        await pdfText(
          await renderQuotePdf(
            pdfInput(
              job,
              {},
              { operator: { currency: 'NZD', locale: 'en-NZ', timeZone: 'Pacific/Auckland' } },
            ),
          ),
        )
      ).text,
    );
    expect(flat).toContain('Subtotal $1,000.00');
    expect(flat).toContain('GST (15%) $150.00');
    expect(flat).toContain('Total $1,150.00');
    expect(flat).toContain('All amounts in NZD');
  });

  it('names the tax and the validity as the settings say', async () => {
    const flat = squash(
      (await pdfText(await renderQuotePdf(pdfInput(shortJob(), { taxLabel: 'VAT', quoteValidDays: 30 }))))
        .text,
    );
    expect(flat).toContain('Includes VAT (10%) $175.05');
    expect(flat).toContain('Total (incl. VAT) $1,925.50');
    expect(flat).toContain('Valid until Wednesday 1 April 2026');
    const us = squash(
      (
        await pdfText(
          await renderQuotePdf(
            pdfInput(
              shortJob({ taxMode: 'exclusive' }),
              {},
              {
                operator: { currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' },
              },
            ),
          ),
        )
      ).text,
    );
    expect(us).toMatch(/Tax \(10%\) \$[\d,.]+/);
  });

  it('keeps long addresses whole and in their box, and the page number clear of the footer line', async () => {
    const email = 'jane.citizen.sports-coordinator@stmarys-college.example.edu.au';
    const job = shortJob();
    const pdf = await renderQuotePdf(
      pdfInput(
        { ...job, contact: { ...job.contact!, email } },
        {
          // Short words up to the right margin: the footer line that ran under 'Page 1 of 1'.
          companyName:
            'Harbour City Coaches and Charter Tours of the Greater Sydney and Hunter Region Pty Ltd',
          companyWebsite: 'https://bookings.harbourcitycoaches-and-tours.example.com.au/quotes',
        },
      ),
    );
    const words = await pdfWords(pdf);
    const page = words.find((w) => w.text === 'Page')!;
    const footerLine = words.filter((w) => w.xMin < page.xMin && w.yMin < page.yMax && page.yMin < w.yMax);
    expect(footerLine.length).toBeGreaterThan(3);
    for (const w of footerLine) expect(w.xMax, w.text).toBeLessThan(page.xMin - 6);
    // The e-mail breaks inside its card (the left half of the page) rather than running out of it.
    const { text } = await pdfText(pdf);
    expect(text.replace(/\s+/g, '')).toContain(email);
    const customer = words.find((w) => w.text === 'Customer')!;
    const service = words.find((w) => w.text === 'SERVICE')!;
    const leftCard = words.filter(
      (w) => w.xMin < service.xMin && w.yMin >= customer.yMin - 1 && w.yMax < customer.yMin + 90,
    );
    expect(leftCard.map((w) => w.text)).toContain('Email');
    for (const w of leftCard) expect(w.xMax, w.text).toBeLessThan(service.xMin - 8);
    // Nothing on the page is drawn over anything else.
    for (const [i, a] of words.entries()) {
      for (const b of words.slice(i + 1)) expect(overlaps(a, b), `${a.text} / ${b.text}`).toBe(false);
    }
    expect(squash(text)).toContain('bookings.harbourcitycoaches-and-tours.example.com.au/quotes');
    expect(squash(text)).toMatch(/Page 1 of \d/);
  });

  it('flows the terms from page to page: a title or a clause heading is never left alone at the foot of a page', async () => {
    // The last word of each clause's heading, and of the section title, each followed by text on its own page.
    const headings = ['CONDITIONS', 'Bookings', 'Payment', 'Cancellations', 'conduct', 'Luggage', 'Delays'];
    for (let legs = 1; legs <= 8; legs++) {
      const job = shortJob({
        legs: longJob().legs.slice(0, legs),
        termsAndConditions: longJob().termsAndConditions,
      });
      const words = await pdfWords(await renderQuotePdf(pdfInput(job)));
      for (const heading of headings) {
        const at = words.find((w) => w.text === heading);
        expect(at, `${heading}, ${legs} legs`).toBeDefined();
        const followed = words.some((w) => w.page === at!.page && w.text === 'operator' && w.yMin > at!.yMax);
        expect(followed, `${heading} is followed on its page, ${legs} legs`).toBe(true);
      }
    }
  }, 90_000);

  it('runs a long job over about three numbered pages', async () => {
    const { text, pages } = await pdfText(await renderQuotePdf(pdfInput(longJob())));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(squash(text)).toContain(`Page ${pages.length} of ${pages.length}`);
    for (let leg = 1; leg <= 12; leg++) expect(squash(text)).toContain(`Sports Centre, ${40 + leg - 1} Park`);
    expect(squash(text)).toContain('14. Governing law');
    expect(squash(text)).toMatch(/3 ?× 57-seat Coach/);
  });

  it('places a PNG logo, and sets the company name as a word mark for an SVG logo', async () => {
    const png = await renderQuotePdf(
      pdfInput(
        shortJob(),
        { logoBackground: 'black' },
        { logo: { bytes: sampleLogoPng(), contentType: 'image/png' } },
      ),
    );
    expect(png.includes('/Subtype /Image')).toBe(true);
    const svg = await renderQuotePdf(
      pdfInput(
        shortJob(),
        {},
        {
          logo: {
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            contentType: 'image/svg+xml',
          },
        },
      ),
    );
    expect(svg.includes('/Subtype /Image')).toBe(false);
    expect(squash((await pdfText(svg)).text)).toContain('Harbour City Coaches');
  });

  it('falls back to the app name when the settings have no company name', async () => {
    const flat = squash(
      (
        await pdfText(
          await renderQuotePdf(
            pdfInput(shortJob(), { companyName: null }, { appName: 'Southern Cross Charters' }),
          ),
        )
      ).text,
    );
    expect(flat).toContain('Southern Cross Charters');
  });
});

describe('job sheet PDF', () => {
  it('prints the legs, vehicles, drivers and driver notes, and never a price', async () => {
    const { text, pages } = await pdfText(await renderJobSheetPdf(pdfInput(shortJob())));
    const flat = squash(text);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'JOB SHEET',
      'J-00042',
      'St Mary’s College Ōtaki',
      '(02) 9555 0199',
      'Passengers 96',
      '08:30',
      '15:20',
      'Drop off at the upper entrance.',
      'BUS 101 (Big Blue)',
      'Aroha Tāne',
      'No Driver Assigned',
      'Alexandria',
      'Wheelchair lift required',
      'Arrive 15 minutes early at the bus bay on Fitzroy Street.',
      'Two students use wheelchairs',
      'Ms Nguyễn',
      'https://maps.example.com/?q=Taronga+Zoo',
      'Drivers: call dispatch',
      'Page 1 of 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toMatch(/\$\d/);
    expect(flat).not.toContain('Total');
    expect(flat).not.toContain('Cancellations'); // terms are for the customer
  });

  it('keeps the bold, italic and colours of the driver notes', async () => {
    const pdf = await renderJobSheetPdf(pdfInput(shortJob()));
    const raw = pdf.toString('latin1');
    // The bold and italic faces are embedded as fonts of their own (the colours are checked on the
    // parsed notes in rich-text-html.test.ts and seen in the rendered page).
    expect(raw).toMatch(/NotoSans-Bold\b/);
    expect(raw).toMatch(/NotoSans-Italic\b/);
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('uses the header text of the settings and runs a long job over numbered pages', async () => {
    const { text, pages } = await pdfText(
      await renderJobSheetPdf(pdfInput(longJob(), { jobSheetHeaderText: 'DRIVER RUN SHEET' })),
    );
    const flat = squash(text);
    expect(flat).toContain('DRIVER RUN SHEET');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(flat).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(flat.match(/No Driver Assigned/g)).toHaveLength(3);
    expect(flat).toContain('Lê Văn Minh');
  });
});

describe('pdfFileName', () => {
  const id = '3f2a9c1e-7b44-4c1d-9a0e-5d6f7a8b9c0d';
  it('names the files by the job number', () => {
    expect(pdfFileName('quote', { id, jobNumber: 'J-00042' })).toBe('quote-J-00042.pdf');
    expect(pdfFileName('jobsheet', { id, jobNumber: 'J-00042' })).toBe('job-sheet-J-00042.pdf');
  });

  it('keeps only what is safe in a header and a file system, else falls back to the id', () => {
    expect(pdfFileName('quote', { id, jobNumber: 'J/00"42\r\n' })).toBe('quote-J0042.pdf');
    expect(pdfFileName('quote', { id, jobNumber: '"/ ' })).toBe('quote-3f2a9c1e.pdf');
    expect(pdfFileName('jobsheet', { id, jobNumber: null })).toBe('job-sheet-3f2a9c1e.pdf');
  });
});

describe('loadLogo', () => {
  let dir: string;
  let storage: LocalStorage;
  const config = testConfig();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dms-pdf-logo-'));
    storage = new LocalStorage(path.join(dir, 'uploads'), 'test-secret');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the stored logo of a settings logo address, and gives null for none, foreign or missing', async () => {
    const key = 'logo-0b0e8a34-5c1d-4e8f-9a77-0d1c2b3a4f5e.png';
    await storage.put(key, sampleLogoPng(), 'image/png');
    const logo = await loadLogo(storage, config, `/api/uploads/${key}`);
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.bytes.equals(sampleLogoPng())).toBe(true);
    expect(await loadLogo(storage, config, null)).toBeNull();
    expect(await loadLogo(storage, config, 'https://elsewhere.example/logo.png')).toBeNull();
    expect(
      await loadLogo(storage, config, '/api/uploads/logo-00000000-0000-4000-8000-000000000000.png'),
    ).toBeNull();
  });
});

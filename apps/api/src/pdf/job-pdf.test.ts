import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage';
import { testConfig } from '../test/test-app';
import { loadLogo, pdfFileName, renderJobSheetPdf, renderQuotePdf } from '.';
import { longJob, pdfInput, sampleLogoPng, shortJob } from './pdf-test-fixtures';
import { pdfText } from './pdf-text';

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
      'Includes tax (10%) $175.05',
      'Total (incl. tax) $1,925.50',
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
    expect(flat).toContain('Total (incl. tax) $1,925.50');
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
    expect(flat).toContain('Tax (15%) $150.00');
    expect(flat).toContain('Total $1,150.00');
    expect(flat).toContain('All amounts in NZD');
  });

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
  it('names the files after the first 8 characters of the job id', () => {
    expect(pdfFileName('quote', '3f2a9c1e-7b44-4c1d-9a0e-5d6f7a8b9c0d')).toBe('quote-3f2a9c1e.pdf');
    expect(pdfFileName('jobsheet', '3f2a9c1e-7b44-4c1d-9a0e-5d6f7a8b9c0d')).toBe('jobsheet-3f2a9c1e.pdf');
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

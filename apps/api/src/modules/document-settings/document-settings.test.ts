import { DEFAULT_QUOTE_FOOTER_TEXT, STALE_RECORD_MESSAGE } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { getDocumentSettingsRow } from './document-settings.repository';

const VALID = {
  companyName: 'Harbour City Coaches Pty Ltd',
  companyAddress: '42 Parramatta Road, Granville NSW 2142',
  companyPhone: '(02) 5550 4100',
  companyEmail: 'bookings@example.com.au',
  companyABN: '51 824 753 556',
  companyWebsite: 'https://example.com.au',
  logoBackground: 'white',
  primaryColor: '#123',
  secondaryColor: '#abcdef',
  accentColor: '#ABCDEF',
  quoteHeaderText: 'QUOTATION',
  quoteFooterText: '',
  showLoyaltyFooter: false,
  showVehicleNotes: true,
  showTermsAndConditions: false,
  showPricingBreakdown: true,
};

describe('document settings', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const get = (as: Caller = t.asManager) => as('GET', '/api/document-settings');
  const put = (payload: object, as: Caller = t.asManager) => as('PUT', '/api/document-settings', payload);

  it('is for managers only', async () => {
    expect((await get(t.asDriver)).statusCode).toBe(403);
    expect((await get(t.anonymous)).statusCode).toBe(401);
    expect((await put(VALID, t.asDriver)).statusCode).toBe(403);
    expect((await put(VALID, t.anonymous)).statusCode).toBe(401);
  });

  it('answers the spec defaults when nothing is stored', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyName: null,
      companyAddress: null,
      companyPhone: null,
      companyEmail: null,
      companyABN: null,
      companyWebsite: null,
      logoUrl: null,
      logoBackground: 'transparent',
      primaryColor: '#1e40af',
      secondaryColor: '#64748b',
      accentColor: '#0891b2',
      quoteHeaderText: 'QUOTE',
      quoteFooterText: DEFAULT_QUOTE_FOOTER_TEXT,
      showLoyaltyFooter: true,
      jobSheetHeaderText: 'JOB SHEET',
      jobSheetFooterText: null,
      showVehicleNotes: true,
      showTermsAndConditions: true,
      showPricingBreakdown: true,
      quoteValidDays: 14,
      taxLabel: null,
      updatedAt: null,
      version: 0,
    });
  });

  it('answers every validation message of spec 2 §5', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyName: '' }, 'companyName', 'Company name is required'],
      [{ companyName: undefined }, 'companyName', 'Company name is required'],
      [{ companyAddress: ' ' }, 'companyAddress', 'Company address is required'],
      [{ companyPhone: '' }, 'companyPhone', 'Company phone is required'],
      [{ companyEmail: '' }, 'companyEmail', 'Company email is required'],
      [{ companyEmail: undefined }, 'companyEmail', 'Company email is required'],
      [{ companyEmail: 'not-an-email' }, 'companyEmail', 'Invalid email address'],
      [{ companyABN: '' }, 'companyABN', 'ABN is required'],
      [{ companyWebsite: '' }, 'companyWebsite', 'Website is required'],
      [{ quoteHeaderText: '' }, 'quoteHeaderText', 'Header text is required'],
      [{ primaryColor: 'blue' }, 'primaryColor', 'Invalid hex color'],
      [{ primaryColor: undefined }, 'primaryColor', 'Invalid hex color'],
      [{ secondaryColor: '#12' }, 'secondaryColor', 'Invalid hex color'],
      [{ secondaryColor: '#1234' }, 'secondaryColor', 'Invalid hex color'],
      [{ accentColor: '123456' }, 'accentColor', 'Invalid hex color'],
      [{ accentColor: '#gggggg' }, 'accentColor', 'Invalid hex color'],
    ];
    for (const [change, path, message] of cases) {
      const res = await put({ ...VALID, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toContainEqual({ path, message });
    }
    const flag = await put({ ...VALID, showPricingBreakdown: 'yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors[0].path).toBe('showPricingBreakdown');
    // Everything wrong at once: one error per field.
    const all = await put({});
    expect(all.statusCode).toBe(400);
    expect(all.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining([
        'companyName',
        'companyEmail',
        'primaryColor',
        'quoteHeaderText',
        'showLoyaltyFooter',
      ]),
    );
  });

  it('saves (flags stored 1/0), answers the saved values and keeps the job sheet texts', async () => {
    const res = await put({ ...VALID, companyName: '  Harbour City Coaches Pty Ltd  ', extra: 'dropped' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      ...VALID,
      quoteFooterText: null,
      logoUrl: null,
      jobSheetHeaderText: 'JOB SHEET',
      jobSheetFooterText: null,
      version: 1,
    });
    expect(saved.extra).toBeUndefined();
    expect(typeof saved.updatedAt).toBe('string');
    const row = await getDocumentSettingsRow(t.db);
    expect(row).toMatchObject({
      showLoyaltyFooter: 0,
      showVehicleNotes: 1,
      showTermsAndConditions: 0,
      showPricingBreakdown: 1,
      updatedBy: t.manager.user.id,
    });
    expect((await get()).json()).toEqual(saved);
  });

  it('updates the one row and refuses a stale version with 409', async () => {
    const second = await put({ ...VALID, quoteHeaderText: 'QUOTE', showLoyaltyFooter: true, version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ quoteHeaderText: 'QUOTE', showLoyaltyFooter: true, version: 2 });
    const stale = await put({ ...VALID, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_RECORD_MESSAGE });
    expect((await get()).json().quoteHeaderText).toBe('QUOTE');
    expect(await t.db.query.documentSettings.findMany()).toHaveLength(1);
  });

  it('keeps how long a quote holds and the tax label; left out, they stay as stored', async () => {
    const version = (await get()).json().version;
    const res = await put({ ...VALID, quoteValidDays: '30', taxLabel: '  GST  ', version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ quoteValidDays: 30, taxLabel: 'GST' });
    const kept = await put({ ...VALID, version: version + 1 });
    expect(kept.json()).toMatchObject({ quoteValidDays: 30, taxLabel: 'GST' });
    const blank = await put({ ...VALID, taxLabel: ' ', version: version + 2 });
    expect(blank.json()).toMatchObject({ quoteValidDays: 30, taxLabel: null });
  });

  it('refuses a validity outside 1 to 365 whole days and a tax label over 20 characters, changing nothing', async () => {
    const before = (await get()).json();
    const message = 'Valid for must be a whole number of days from 1 to 365';
    for (const quoteValidDays of [0, 366, 1.5, 'soon']) {
      const res = await put({ ...VALID, quoteValidDays });
      expect(res.statusCode, String(quoteValidDays)).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'quoteValidDays', message });
    }
    const long = await put({ ...VALID, taxLabel: 'Goods and Services Tax (GST)' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual({ path: 'taxLabel', message: 'Must be at most 20 characters' });
    expect((await get()).json()).toEqual(before);
  });
});

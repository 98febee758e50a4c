import { DEFAULT_BRANDING, STALE_RECORD_MESSAGE } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../db/schema';
import { type Caller, createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { getAppSettingsRow } from './settings.repository';

describe('branding settings', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const put = (payload: object, as: Caller = t.asManager) => as('PUT', '/api/settings', payload);

  it('answers the defaults at version 0 before anything is saved', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_BRANDING, version: 0 });
  });

  it('lets only managers save', async () => {
    const body = { appName: 'Harbour City Coaches' };
    expect((await put(body, t.asDriver)).statusCode).toBe(403);
    const anonymous = await put(body, t.anonymous);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthorized' });
  });

  it('requires the app name', async () => {
    for (const appName of ['', '   ', undefined]) {
      const res = await put({ appName, tagline: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('App name is required');
      expect(res.json().errors).toEqual([{ path: 'appName', message: 'App name is required' }]);
    }
    expect((await put({ appName: 'x', logoBackground: 'purple' })).statusCode).toBe(400);
    expect((await put({ appName: 'x', appIcon: 'Rocket' })).statusCode).toBe(400);
  });

  it('creates the single row, then updates it, with the manager as updatedBy', async () => {
    const first = await put({
      appName: '  Harbour City Coaches ',
      appDescription: 'Charter operations',
      tagline: 'On time, every time',
      appIcon: 'Bus',
      logoBackground: 'black',
      unknownField: 'dropped',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      appName: 'Harbour City Coaches',
      appDescription: 'Charter operations',
      appIcon: 'Bus',
      tagline: 'On time, every time',
      logoUrl: null,
      logoBackground: 'black',
      currency: 'AUD',
      locale: 'en-AU',
      timeZone: 'Australia/Sydney',
      hoursRuleSet: 'au-hvnl-standard-solo',
      licenceClassSet: 'au',
      signOnMinutes: 30,
      signOffMinutes: 15,
      terminalIdleMinutes: 3,
      version: 1,
    });
    const row = await getAppSettingsRow(t.db);
    expect(row?.updatedBy).toBe(t.manager.user.id);

    // The icon stays unless sent; blank optional texts fall back to the defaults on read.
    const second = await put({ appName: 'Harbour Coaches', version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      appName: 'Harbour Coaches',
      appIcon: 'Bus',
      appDescription: DEFAULT_BRANDING.appDescription,
      tagline: DEFAULT_BRANDING.tagline,
      logoBackground: 'transparent',
      version: 2,
    });
    expect((await t.app.inject({ url: '/api/settings' })).json()).toEqual(second.json());
    const rows = await t.db.query.appSettings.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.updatedAt.getTime());
  });

  it('refuses a stale version with 409 and keeps the newer values', async () => {
    const res = await put({ appName: 'Old form', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STALE_RECORD_MESSAGE });
    expect((await t.app.inject({ url: '/api/settings' })).json().appName).toBe('Harbour Coaches');
  });

  it('saves the operator currency and locale, refuses unknown ones, and keeps them unless sent', async () => {
    const current = (await t.app.inject({ url: '/api/settings' })).json();
    const bad = await put({
      appName: 'Harbour Coaches',
      currency: 'XYZ',
      locale: 'english',
      version: current.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'currency', message: 'Currency must be a 3-letter code such as AUD' },
      { path: 'locale', message: 'Locale must be a language and region such as en-AU' },
    ]);
    expect((await t.app.inject({ url: '/api/settings' })).json()).toEqual(current);

    const gbp = await put({
      appName: 'Harbour Coaches',
      currency: 'gbp',
      locale: 'en-GB',
      version: current.version,
    });
    expect(gbp.statusCode, gbp.body).toBe(200);
    expect(gbp.json()).toMatchObject({ currency: 'GBP', locale: 'en-GB', timeZone: 'Australia/Sydney' });
    const kept = await put({ appName: 'Harbour Coaches', version: gbp.json().version });
    expect(kept.json()).toMatchObject({ currency: 'GBP', locale: 'en-GB' });
    expect((await put({ appName: 'x', currency: 'GBP' }, t.asDriver)).statusCode).toBe(403);
  });

  it('keeps one row when first saves race', async () => {
    await t.db.delete(appSettings);
    const results = await Promise.all(['A', 'B', 'C'].map((appName) => put({ appName })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await t.db.query.appSettings.findMany()).toHaveLength(1);
  });
});

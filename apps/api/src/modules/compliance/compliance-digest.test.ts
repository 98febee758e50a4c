import { addDays, dateInZone } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, createManager, createVehicle } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { sendComplianceDigests, weekStartOf } from './compliance-digest';

// The weekly compliance digest (ADR 35), mailed through the real SMTP test server.

let t: RoleTestApp;
const TZ = 'Australia/Sydney';

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
});
afterAll(() => t.close());

const deps = () => ({
  db: t.db,
  mailer: t.app.mailer,
  publicUrl: 'http://localhost:5000',
  timeZone: TZ,
  log: t.app.log,
});

describe('weekly compliance digest', () => {
  it('weeks start on Monday', () => {
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30'); // the Sunday after
    expect(weekStartOf('2026-12-02')).toBe('2026-11-30');
  });

  it('mails opted-in managers what is due or overdue, worst first, once a week', async () => {
    const today = dateInZone(new Date(), TZ);
    const v = await createVehicle(t.db);
    const d = await createDriver(t.db, { firstName: 'Dora', lastName: 'Digest' });
    await t.asManager('PUT', `/api/vehicles/${v.id}/compliance`, {
      registrationExpiry: addDays(today, 10),
      insuranceExpiry: addDays(today, -4),
    });
    await t.asManager('PUT', `/api/drivers/${d.id}/compliance`, { medicalExpiry: addDays(today, 3) });

    // Off unless chosen: the preference defaults to 0, and no one has chosen it yet.
    expect((await t.asManager('GET', '/api/preferences')).json().emailComplianceDigest).toBe(0);
    expect(await sendComplianceDigests(deps())).toBe(0);

    const prefs = (await t.asManager('GET', '/api/preferences')).json();
    const saved = await t.asManager('PUT', '/api/preferences', { ...prefs, emailComplianceDigest: 1 });
    expect(saved.json().emailComplianceDigest).toBe(1);
    const quiet = await createManager(t.db);

    expect(await sendComplianceDigests(deps())).toBe(1);
    await t.smtp.waitFor(t.manager.user.email, 1);
    const mail = t.smtp.to(t.manager.user.email).at(-1);
    expect(mail!.subject).toMatch(/^Compliance this week: \d+ due or overdue, \d+ overdue$/);
    const text = mail!.text ?? '';
    const insurance = text.search(/OVERDUE: .*, Insurance/);
    const medical = text.indexOf('Due: Dora Digest, Medical');
    const registration = text.search(/Due: .*, Registration/);
    // Worst first: the overdue insurance, then the earliest due date.
    expect(insurance).toBeGreaterThan(-1);
    expect(medical).toBeGreaterThan(insurance);
    expect(registration).toBeGreaterThan(medical);
    expect(text).toContain('http://localhost:5000/compliance');
    expect(t.smtp.to(quiet.email)).toHaveLength(0);

    // Idempotent per week: the task runs hourly, the mail goes once.
    expect(await sendComplianceDigests(deps())).toBe(0);
    // Next week is another week.
    expect(await sendComplianceDigests(deps(), new Date(Date.now() + 7 * 86_400_000))).toBe(1);
  });
});

import {
  PIN_FAILURES_PER_DAY,
  PIN_FAILURES_PER_HOUR,
  PIN_LOCK_AFTER_FAILURES,
  TERMINAL_IDLE_MESSAGE,
  TERMINAL_MESSAGES,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, terminals, users } from '../../db/schema';
import { pinDigest } from '../../lib/pin-digest';
import { createDriver } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { TEST_PIN_KEY } from '../../test/test-secret';
import { digestLegacyPins } from '../users';
import { TERMINAL_COOKIE } from './terminals.routes';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
});
afterAll(() => t.close());

const deviceCookie = (res: Response) => res.cookies.find((c) => c.name === TERMINAL_COOKIE);

let enrolled = 0;

/** A terminal added by the manager and enrolled: answers the device's cookie header. */
async function enrolledDevice(name = `Depot ${Math.random().toString(36).slice(2, 6)}`) {
  const created = expectJson<{ id: string; enrolmentCode: string }>(
    await t.asManager('POST', '/api/terminals', { name }),
    201,
  );
  // Each from an address of its own: enrolment is throttled per address.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/terminal/enrol',
    payload: { code: created.enrolmentCode.toLowerCase() },
    headers: { 'x-requested-with': 'dms' },
    remoteAddress: `10.0.${++enrolled}.1`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = deviceCookie(res);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  return { id: created.id, code: created.enrolmentCode, cookie: `${TERMINAL_COOKIE}=${cookie!.value}` };
}

/** A guesser who waits out every delay the device asks for (the delay is cleared, not slept). */
async function patientLogin(device: { id: string; cookie: string }, driverNumber: string) {
  await t.db.update(terminals).set({ nextAttemptAt: null }).where(eq(terminals.id, device.id));
  return login(device.cookie, driverNumber);
}

/** The headers a client could compare between two answers (not the ones that differ per request). */
const comparableHeaders = (res: Response) => {
  const { date: _d, 'x-request-id': _r, 'set-cookie': _c, ...rest } = res.headers;
  return rest;
};

/** The newest mail to the manager whose subject matches. */
async function managerMail(subject: RegExp) {
  await expect
    .poll(() => t.smtp.to(t.manager.user.email).some((m) => subject.test(m.subject ?? '')))
    .toBe(true);
  return t.smtp
    .to(t.manager.user.email)
    .filter((m) => subject.test(m.subject ?? ''))
    .at(-1)!;
}

const login = (cookie: string | undefined, driverNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/terminal/login',
    payload: { driverNumber },
    headers: cookie ? { cookie } : {},
  });

describe('enrolment', () => {
  it('gives a one-time code that enrols one device, and lists the terminal', async () => {
    const created = expectJson<{ id: string; enrolmentCode: string; enrolmentPending: boolean }>(
      await t.asManager('POST', '/api/terminals', { name: 'Brookvale kiosk' }),
      201,
    );
    expect(created.enrolmentCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(created.enrolmentPending).toBe(true);
    // Only the hash is kept.
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, created.id));
    expect(row?.enrolmentCodeHash).not.toContain(created.enrolmentCode);

    const dashed = `${created.enrolmentCode.slice(0, 4)}-${created.enrolmentCode.slice(4)}`;
    const res = await t.anonymous('POST', '/api/terminal/enrol', { code: dashed });
    expect(res.json()).toEqual({ enrolled: true, name: 'Brookvale kiosk' });
    const again = await t.anonymous('POST', '/api/terminal/enrol', { code: created.enrolmentCode });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TERMINAL_MESSAGES.badEnrolmentCode);

    const device = await t.app.inject({
      method: 'GET',
      url: '/api/terminal/device',
      headers: { cookie: `${TERMINAL_COOKIE}=${deviceCookie(res)!.value}` },
    });
    expect(device.json()).toEqual({ enrolled: true, name: 'Brookvale kiosk' });
    expect((await t.anonymous('GET', '/api/terminal/device')).json()).toEqual({
      enrolled: false,
      name: null,
    });

    const list = expectJson<{ id: string; enrolledAt: string | null; enrolmentPending: boolean }[]>(
      await t.asManager('GET', '/api/terminals'),
      200,
    );
    expect(list.find((x) => x.id === created.id)).toMatchObject({
      enrolledAt: expect.any(String),
      enrolmentPending: false,
    });
    expect((await t.asDriver('GET', '/api/terminals')).statusCode).toBe(403);
  });

  it('refuses an expired code', async () => {
    const created = expectJson<{ id: string; enrolmentCode: string }>(
      await t.asManager('POST', '/api/terminals', { name: 'Late' }),
      201,
    );
    await t.db
      .update(terminals)
      .set({ enrolmentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(terminals.id, created.id));
    expect(
      (await t.anonymous('POST', '/api/terminal/enrol', { code: created.enrolmentCode })).statusCode,
    ).toBe(400);
  });
});

describe('PIN sign-in', () => {
  it('signs a driver in on an enrolled device only', async () => {
    const device = await enrolledDevice();
    const driver = await createDriver(t.db, { driverNumber: '8421', firstName: 'Pia', lastName: 'Pin' });
    const refused = await login(undefined, '8421');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: TERMINAL_MESSAGES.notEnrolled });

    const res = await login(device.cookie, '8421');
    expect(res.json()).toEqual({ id: driver.id, firstName: 'Pia', lastName: 'Pin', idleMinutes: 3 });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.value).toBeTruthy();
    // The terminal session opens what the terminal reads; without it, nothing.
    const types = await t.app.inject({
      method: 'GET',
      url: '/api/emergency-types',
      headers: { cookie: `sid=${sid!.value}` },
    });
    expect(types.statusCode).toBe(200);
    expect((await t.anonymous('GET', '/api/emergency-types')).statusCode).toBe(401);
  });

  it.each([['12'], ['abcd'], ['12345']])('answers %s with the PIN message', async (pin) => {
    const device = await enrolledDevice();
    const res = await login(device.cookie, pin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a 4-digit PIN');
  });

  it('refuses a wrong PIN and an inactive driver alike, and slows the device down', async () => {
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '7310', isActive: 0 });
    const inactive = await login(device.cookie, '7310');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json()).toEqual({ message: TERMINAL_MESSAGES.invalidPin });
    expect((await login(device.cookie, '0000')).statusCode).toBe(401);
    // The third wrong PIN in the hour makes the device wait a second before it checks another.
    expect((await login(device.cookie, '0000')).statusCode).toBe(401);
    const waiting = await login(device.cookie, '0000');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it('locks a PIN that hits right after five wrong PINs, answers it as a wrong one, and tells the managers', async () => {
    const device = await enrolledDevice();
    const driver = await createDriver(t.db, { driverNumber: '6150', firstName: 'Gus', lastName: 'Guessed' });
    const wrongs: Response[] = [];
    for (let i = 0; i < PIN_LOCK_AFTER_FAILURES; i++) wrongs.push(await patientLogin(device, '0001'));
    const hit = await patientLogin(device, '6150');
    // Exactly a wrong PIN's answer: nothing tells the guesser that this PIN exists.
    expect(hit.statusCode).toBe(401);
    expect(hit.json()).toEqual(wrongs[0]!.json());
    expect(comparableHeaders(hit)).toEqual(comparableHeaders(wrongs[0]!));
    // Locked for good, even from this device's next, clean attempt.
    await t.asManager('POST', `/api/terminals/${device.id}/reset-pins`);
    expect((await login(device.cookie, '6150')).json()).toEqual({ message: TERMINAL_MESSAGES.invalidPin });

    const card = (await t.asManager('GET', `/api/drivers?search=${encodeURIComponent(driver.email)}`)).json()
      .items[0];
    expect(card.pinLocked).toBe(true);
    const mail = await managerMail(/^PIN locked: Gus Guessed at /);
    expect(mail.text).toContain('may have been guessed');
    expectJson(await t.asManager('POST', `/api/drivers/${driver.id}/unlock-pin`), 200);
    await t.asManager('POST', `/api/terminals/${device.id}/reset-pins`);
    expect((await login(device.cookie, '6150')).statusCode).toBe(200);
    expect((await t.asDriver('POST', `/api/drivers/${driver.id}/unlock-pin`)).statusCode).toBe(403);
  });

  it("cannot be swept by alternating guesses with one's own PIN: the hour's budget holds", async () => {
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '3000' });
    const victim = await createDriver(t.db, { driverNumber: '3417' });
    // 400 tries: four guesses, then one's own PIN, over and over; the victim's PIN is the 9th guess.
    const guesses = Array.from({ length: 320 }, (_, i) => String(3100 + i));
    guesses[8] = '3417';
    const answers: { pin: string; status: number }[] = [];
    for (let i = 0, g = 0; answers.length < 400; i++) {
      const pin = i % 5 === 4 ? '3000' : guesses[g++]!;
      answers.push({ pin, status: (await patientLogin(device, pin)).statusCode });
    }
    expect(answers.filter((a) => a.pin === '3417').map((a) => a.status)).not.toContain(200);
    const checked = answers.filter((a) => a.status !== 429);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(PIN_FAILURES_PER_HOUR);
    // Once the hour's wrong PINs are used up, the device checks no PIN at all, one's own included.
    expect(answers.slice(checked.length).every((a) => a.status === 429)).toBe(true);
    expect(checked.length).toBeLessThan(20);
    const own = await login(device.cookie, '3000');
    expect(own.statusCode).toBe(429);
    expect(own.json().message).toMatch(/^This terminal takes no PINs until /);
    expect((await t.db.select().from(users).where(eq(users.id, victim.id)))[0]?.pinLockedAt).not.toBeNull();

    // The managers are told, and see it in Settings > Terminals, where they can reset it.
    await managerMail(/^Terminal blocked: /);
    const listed = (await t.asManager('GET', '/api/terminals'))
      .json()
      .find((x: { id: string }) => x.id === device.id);
    expect(listed).toMatchObject({
      wrongPinsLastHour: PIN_FAILURES_PER_HOUR,
      blockedUntil: expect.any(String),
    });
    expectJson(await t.asManager('POST', `/api/terminals/${device.id}/reset-pins`), 200);
    const reset = (await t.asManager('GET', '/api/terminals'))
      .json()
      .find((x: { id: string }) => x.id === device.id);
    expect(reset).toMatchObject({ wrongPinsLastHour: 0, blockedUntil: null });
    expect((await t.asDriver('POST', `/api/terminals/${device.id}/reset-pins`)).statusCode).toBe(403);
  });

  it("takes no PIN once a day's wrong PINs are used up, even spread over the hours", async () => {
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '5001' });
    const earlier = Array.from(
      { length: PIN_FAILURES_PER_DAY - 1 },
      (_, i) => new Date(Date.now() - (2 + (i % 20)) * 60 * 60 * 1000),
    );
    await t.db.update(terminals).set({ pinFailures: earlier }).where(eq(terminals.id, device.id));
    // One wrong PIN of today's last: then the terminal takes none, a right one included, for a day.
    expect((await patientLogin(device, '0000')).statusCode).toBe(401);
    const own = await patientLogin(device, '5001');
    expect(own.statusCode).toBe(429);
    expect(Number(own.headers['retry-after'])).toBeGreaterThan(60 * 60);
    const listed = (await t.asManager('GET', '/api/terminals'))
      .json()
      .find((x: { id: string }) => x.id === device.id);
    expect(listed).toMatchObject({ wrongPinsLastDay: PIN_FAILURES_PER_DAY, wrongPinsLastHour: 1 });
  });

  it('checks a burst of 300 parallel PINs one at a time: a few are checked, none hits', async () => {
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '2718' });
    const pins = Array.from({ length: 300 }, (_, i) => (i === 150 ? '2718' : String(2000 + i)));
    const answers = await Promise.all(pins.map((pin) => login(device.cookie, pin)));
    const byStatus = (status: number) => answers.filter((a) => a.statusCode === status).length;
    expect(byStatus(200)).toBe(0);
    expect(byStatus(401) + byStatus(429)).toBe(300);
    // Each wrong PIN's wait is set before the next PIN is looked at, so the burst mostly waits.
    expect(byStatus(401)).toBeGreaterThan(0);
    expect(byStatus(401)).toBeLessThanOrEqual(PIN_FAILURES_PER_HOUR);
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, device.id));
    expect(row!.pinFailures).toHaveLength(byStatus(401));
  });
});

describe('a PIN sign-in on a shared terminal', () => {
  it('ends after the idle minutes, and a write or a touch keeps it', async () => {
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '1861' });
    const res = await login(device.cookie, '1861');
    expect(res.json()).toMatchObject({ idleMinutes: 3 });
    const sid = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    const asTerminal = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { cookie: sid, 'x-requested-with': 'dms' } });
    const idleFor = async (minutes: number) => {
      const rows = await t.db.select().from(sessions);
      for (const row of rows) {
        const sess = row.sess as { terminalDriverId?: string; terminalActiveAt?: number };
        if (!sess.terminalDriverId) continue;
        await t.db
          .update(sessions)
          .set({ sess: { ...sess, terminalActiveAt: Date.now() - minutes * 60_000 } })
          .where(eq(sessions.sid, row.sid));
      }
    };
    await idleFor(2.5);
    // Reading does not count as being there; a touch does.
    expect((await asTerminal('GET', '/api/shifts/active')).statusCode).toBe(200);
    expectJson(await asTerminal('POST', '/api/terminal/activity'), 200);
    await idleFor(2.9);
    expect((await asTerminal('GET', '/api/shifts/active')).statusCode).toBe(200);
    await idleFor(3.1);
    expect((await asTerminal('GET', '/api/shifts/active')).statusCode).toBe(401);
    // Signed out for good: the next request does not bring the driver back.
    expect((await asTerminal('GET', '/api/shifts/active')).statusCode).toBe(401);
  });

  it('takes the idle minutes from Settings, 1 to 60', async () => {
    const bad = await t.asManager('PUT', '/api/settings', { appName: 'Harbour', terminalIdleMinutes: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'terminalIdleMinutes', message: TERMINAL_IDLE_MESSAGE }]);
    expectJson(
      await t.asManager('PUT', '/api/settings', { appName: 'Harbour', terminalIdleMinutes: 10 }),
      200,
    );
    const device = await enrolledDevice();
    await createDriver(t.db, { driverNumber: '1862' });
    expect((await login(device.cookie, '1862')).json()).toMatchObject({ idleMinutes: 10 });
    expectJson(
      await t.asManager('PUT', '/api/settings', { appName: 'Harbour', terminalIdleMinutes: 3 }),
      200,
    );
  });
});

describe('PINs kept in clear before issue 29', () => {
  it('become keyed digests at start-up, and still sign their driver in', async () => {
    const [legacy] = await t.db
      .insert(users)
      .values({ email: `legacy-${Date.now()}@example.test`, roles: ['driver'], driverNumber: '3939' })
      .returning();
    expect(await digestLegacyPins(t.db, (pin) => pinDigest(pin, TEST_PIN_KEY))).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, legacy!.id));
    expect(row).toMatchObject({ driverNumber: null, pinDigest: pinDigest('3939', TEST_PIN_KEY) });
    const device = await enrolledDevice();
    expect((await login(device.cookie, '3939')).json()).toMatchObject({ id: legacy!.id });
  });
});

describe('revoking', () => {
  it('ends the device and its sessions at once', async () => {
    const device = await enrolledDevice();
    const driver = await createDriver(t.db, { driverNumber: '5273' });
    const res = await login(device.cookie, '5273');
    const sid = res.cookies.find((c) => c.name === 'sid')!.value;
    const before = await t.db.select().from(sessions);
    expect(before.some((s) => (s.sess as { terminalDriverId?: string }).terminalDriverId === driver.id)).toBe(
      true,
    );

    expectJson(await t.asManager('DELETE', `/api/terminals/${device.id}`), 200);
    const after = await t.db.select().from(sessions);
    expect(after.some((s) => (s.sess as { terminalDriverId?: string }).terminalDriverId === driver.id)).toBe(
      false,
    );
    expect((await login(device.cookie, '5273')).json()).toEqual({ message: TERMINAL_MESSAGES.notEnrolled });
    expect(sid).toBeTruthy();
    const list = (await t.asManager('GET', '/api/terminals')).json() as { id: string }[];
    expect(list.map((x) => x.id)).not.toContain(device.id);
    const [user] = await t.db.select().from(users).where(eq(users.id, driver.id));
    expect(user?.pinLockedAt).toBeNull();
  });
});

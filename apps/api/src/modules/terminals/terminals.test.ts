import { TERMINAL_MESSAGES } from '@dms/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, terminals, users } from '../../db/schema';
import { createDriver } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { TERMINAL_COOKIE } from './terminals.routes';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

const deviceCookie = (res: Response) => res.cookies.find((c) => c.name === TERMINAL_COOKIE);

/** A terminal added by the manager and enrolled: answers the device's cookie header. */
async function enrolledDevice(name = `Depot ${Math.random().toString(36).slice(2, 6)}`) {
  const created = expectJson<{ id: string; enrolmentCode: string }>(
    await t.asManager('POST', '/api/terminals', { name }),
    201,
  );
  const res = await t.anonymous('POST', '/api/terminal/enrol', { code: created.enrolmentCode.toLowerCase() });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = deviceCookie(res);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  return { id: created.id, code: created.enrolmentCode, cookie: `${TERMINAL_COOKIE}=${cookie!.value}` };
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
    expect(res.json()).toEqual({ id: driver.id, firstName: 'Pia', lastName: 'Pin' });
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
    for (let i = 0; i < 3; i++) expect((await login(device.cookie, '0000')).statusCode).toBe(401);
    // The fifth wrong PIN in a row makes the device wait a second.
    expect((await login(device.cookie, '0000')).statusCode).toBe(401);
    const waiting = await login(device.cookie, '0000');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it('locks a PIN that is hit after ten wrong PINs in a row, until a manager unlocks it', async () => {
    const device = await enrolledDevice();
    const driver = await createDriver(t.db, { driverNumber: '6150' });
    for (let i = 0; i < 10; i++) {
      // Let the device's growing wait pass, as a patient guesser would.
      await t.db.update(terminals).set({ nextAttemptAt: null }).where(eq(terminals.id, device.id));
      expect((await login(device.cookie, '0001')).statusCode).toBe(401);
    }
    await t.db.update(terminals).set({ nextAttemptAt: null }).where(eq(terminals.id, device.id));
    const hit = await login(device.cookie, '6150');
    expect(hit.statusCode).toBe(403);
    expect(hit.json()).toEqual({ message: TERMINAL_MESSAGES.pinLocked });
    // Locked for good, even from this device's next, clean attempt.
    expect((await login(device.cookie, '6150')).json()).toEqual({ message: TERMINAL_MESSAGES.pinLocked });

    const card = (await t.asManager('GET', `/api/drivers?search=${encodeURIComponent(driver.email)}`)).json()
      .items[0];
    expect(card.pinLocked).toBe(true);
    expectJson(await t.asManager('POST', `/api/drivers/${driver.id}/unlock-pin`), 200);
    expect((await login(device.cookie, '6150')).statusCode).toBe(200);
    expect((await t.asDriver('POST', `/api/drivers/${driver.id}/unlock-pin`)).statusCode).toBe(403);
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

import { AUTH_MESSAGES, DRIVER_MESSAGES, MESSAGES } from '@dms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPreferences, sessions, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createDriver, createManager, createUser } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';
import { resetLinkFrom } from '../../test/smtp-server';
import { updateUserRoles } from './drivers.service';

let t: RoleTestApp;
let ip = 0;

beforeAll(async () => {
  t = await createRoleTestApp({
    smtp: true,
    // A manager who also drives, so that the self-deactivation rule can be tried.
    manager: { roles: ['manager', 'driver'], driverNumber: '0001', firstName: 'Mona' },
    remoteAddress: () => `10.9.0.${++ip % 250}`,
  });
});
afterAll(() => t.close());

describe('GET /api/drivers and /api/users', () => {
  it('lists holders of the driver role, inactive ones too unless includeInactive=0, and searches', async () => {
    const active = await createDriver(t.db, {
      firstName: 'Quentin',
      lastName: 'Listable',
      driverNumber: '4321',
    });
    const inactive = await createDriver(t.db, { firstName: 'Quentin', lastName: 'Resting', isActive: 0 });
    const officeOnly = await createManager(t.db, { firstName: 'Quentin', lastName: 'Office' });
    const legacy = await createUser(t.db, {
      roles: [],
      role: 'driver',
      firstName: 'Quentin',
      lastName: 'Legacy',
    });

    const all = await t.asManager('GET', '/api/drivers?search=quentin');
    expect(all.statusCode).toBe(200);
    const ids = all.json().items.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([active.id, inactive.id, legacy.id]));
    expect(ids).not.toContain(officeOnly.id);
    expect(all.json().total).toBe(3);
    expect(all.json().items.find((d: { id: string }) => d.id === legacy.id).roles).toEqual(['driver']);

    const activeOnly = await t.asManager('GET', '/api/drivers?search=quentin&includeInactive=0');
    expect(activeOnly.json().items.map((d: { id: string }) => d.id)).not.toContain(inactive.id);

    // A PIN is neither shown nor searchable once set (ADR 26).
    expect((await t.asManager('GET', '/api/drivers?search=4321')).json().total).toBe(0);
    const byPin = await t.asManager('GET', '/api/drivers?search=listable');
    expect(byPin.json().items).toEqual([
      {
        id: active.id,
        firstName: 'Quentin',
        lastName: 'Listable',
        email: active.email,
        driverNumber: null,
        hasPin: true,
        isActive: 1,
        emailVerified: 1,
        roles: ['driver'],
        pinLocked: false,
        hours: { workedThisWeekMinutes: 0, nextRest: null },
      },
    ]);
    expect(byPin.json().items[0]).not.toHaveProperty('password');
    const byFullName = await t.asManager('GET', '/api/drivers?search=quentin%20list');
    expect(byFullName.json().total).toBe(1);
    const paged = await t.asManager('GET', '/api/drivers?search=quentin&limit=2');
    expect(paged.json()).toMatchObject({ total: 3, limit: 2 });
    expect(paged.json().items).toHaveLength(2);

    const managers = await t.asManager('GET', '/api/users?role=manager&search=quentin');
    expect(managers.json().items.map((u: { id: string }) => u.id)).toEqual([officeOnly.id]);
    const everyone = await t.asManager('GET', '/api/users?search=quentin');
    expect(everyone.json().total).toBe(4);
  });

  it('is for managers only', async () => {
    for (const url of ['/api/drivers', '/api/users']) {
      expect((await t.asDriver('GET', url)).statusCode).toBe(403);
      expect((await t.anonymous('GET', url)).statusCode).toBe(401);
    }
    const other = await createDriver(t.db);
    expect((await t.asDriver('PUT', `/api/drivers/${other.id}`, { firstName: 'X' })).statusCode).toBe(403);
    expect((await t.asDriver('POST', '/api/drivers', { firstName: 'X' })).statusCode).toBe(403);
    expect((await t.asDriver('PUT', `/api/users/${other.id}/roles`, { roles: ['manager'] })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/drivers/:id', () => {
  it('edits names, email and PIN; an empty PIN clears it', async () => {
    const driver = await createDriver(t.db);
    const res = await t.asManager('PUT', `/api/drivers/${driver.id}`, {
      firstName: ' Dana ',
      lastName: 'Wheeler',
      email: ' Dana.Wheeler@Example.TEST ',
      driverNumber: '7777',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Dana',
      lastName: 'Wheeler',
      email: 'dana.wheeler@example.test',
      driverNumber: null,
      hasPin: true,
    });
    // Stored only as its keyed digest: the PIN itself is nowhere in the row.
    const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
    expect(row!.driverNumber).toBeNull();
    expect(row!.pinDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('7777');
    // Leaving the PIN out keeps it; an empty PIN clears it.
    const renamed = await t.asManager('PUT', `/api/drivers/${driver.id}`, { firstName: 'Dee' });
    expect(renamed.json()).toMatchObject({ hasPin: true });
    const cleared = await t.asManager('PUT', `/api/drivers/${driver.id}`, { driverNumber: '' });
    expect(cleared.json()).toMatchObject({ driverNumber: null, hasPin: false, firstName: 'Dee' });
  });

  it.each([
    [{ driverNumber: '123' }, 'driverNumber', MESSAGES.driverPin],
    [{ driverNumber: '12a4' }, 'driverNumber', MESSAGES.driverPin],
    [{ driverNumber: '12345' }, 'driverNumber', MESSAGES.driverPin],
    [{ email: 'nope' }, 'email', MESSAGES.email],
    [{ firstName: '' }, 'firstName', MESSAGES.firstName],
    [{ lastName: ' ' }, 'lastName', MESSAGES.lastName],
  ])('answers 400 for %j', async (payload, path, message) => {
    const driver = await createDriver(t.db);
    const res = await t.asManager('PUT', `/api/drivers/${driver.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('refuses a PIN or an email that another account holds with 409', async () => {
    const holder = await createDriver(t.db, { driverNumber: '5150' });
    const driver = await createDriver(t.db);
    const pin = await t.asManager('PUT', `/api/drivers/${driver.id}`, { driverNumber: '5150' });
    expect(pin.statusCode).toBe(409);
    expect(pin.json()).toEqual({
      message: 'This PIN is already used by another driver',
      errors: [{ path: 'driverNumber', message: 'This PIN is already used by another driver' }],
    });
    const email = await t.asManager('PUT', `/api/drivers/${driver.id}`, {
      email: holder.email.toUpperCase(),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(AUTH_MESSAGES.emailTaken);
    // Its own PIN and email are no conflict.
    const same = await t.asManager('PUT', `/api/drivers/${holder.id}`, {
      driverNumber: '5150',
      email: holder.email,
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for an account that is not a driver', async () => {
    const office = await createManager(t.db);
    expect((await t.asManager('PUT', `/api/drivers/${office.id}`, { firstName: 'X' })).json()).toEqual({
      message: 'Driver not found',
    });
    expect((await t.asManager('PUT', '/api/drivers/missing', { firstName: 'X' })).statusCode).toBe(404);
  });

  it('deactivation ends the driver’s sessions at once; the driver can be activated again', async () => {
    const driver = await createDriver(t.db);
    const cookie = await signIn(t.app, driver.email);
    expect((await t.callerWith({ cookie })('GET', '/api/vehicles')).statusCode).toBe(200);

    const res = await t.asManager('PUT', `/api/drivers/${driver.id}`, { isActive: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(0);
    const left = await t.db.select().from(sessions).where(sql`${sessions.sess} ->> 'userId' = ${driver.id}`);
    expect(left).toEqual([]);
    const after = await t.callerWith({ cookie })('GET', '/api/vehicles');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });

    const back = await t.asManager('PUT', `/api/drivers/${driver.id}`, { isActive: 1 });
    expect(back.json().isActive).toBe(1);
    expect(
      (await t.callerWith({ cookie: await signIn(t.app, driver.email) })('GET', '/api/vehicles')).statusCode,
    ).toBe(200);
  });

  it('refuses to let a manager deactivate their own account', async () => {
    const res = await t.asManager('PUT', `/api/drivers/${t.manager.user.id}`, { isActive: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DRIVER_MESSAGES.cannotDeactivateSelf });
  });
});

describe('POST /api/drivers', () => {
  it('creates a verified driver without a password and mails a set-password link that works', async () => {
    const res = await t.asManager('POST', '/api/drivers', {
      firstName: 'Nina',
      lastName: 'New',
      email: 'Nina.New@Example.TEST',
      driverNumber: '2468',
      roles: ['manager'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      firstName: 'Nina',
      lastName: 'New',
      email: 'nina.new@example.test',
      driverNumber: null,
      hasPin: true,
      isActive: 1,
      emailVerified: 1,
      roles: ['driver'],
      pinLocked: false,
      setPasswordMailSent: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ password: null, roles: ['driver'], emailVerified: 1 });
    expect(
      await t.db.select().from(driverPreferences).where(eq(driverPreferences.userId, created.id)),
    ).toHaveLength(1);

    await t.smtp.waitFor('nina.new@example.test');
    const mail = t.smtp.last('nina.new@example.test');
    expect(mail.subject).toBe('Your Driver Management System driver account');
    expect(mail.text).toContain('An account has been created for you');
    const link = resetLinkFrom(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:5000/reset-password');

    const reset = await t.anonymous('POST', '/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      newPassword: 'first-password',
    });
    expect(reset.statusCode).toBe(200);
    const cookie = await signIn(t.app, 'nina.new@example.test', 'first-password');
    expect((await t.callerWith({ cookie })('GET', '/api/vehicles')).statusCode).toBe(200);
  });

  it('refuses a taken email or PIN with 409, and checks the fields', async () => {
    const holder = await createDriver(t.db, { driverNumber: '1357' });
    const base = { firstName: 'Dup', lastName: 'Licate', email: 'dup@example.test' };
    const email = await t.asManager('POST', '/api/drivers', { ...base, email: holder.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(AUTH_MESSAGES.emailTaken);
    const pin = await t.asManager('POST', '/api/drivers', { ...base, driverNumber: '1357' });
    expect(pin.statusCode).toBe(409);
    expect(pin.json().message).toBe(DRIVER_MESSAGES.pinTaken);
    const bad = await t.asManager('POST', '/api/drivers', { ...base, driverNumber: '99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'driverNumber', message: MESSAGES.driverPin });
    expect(t.smtp.to('dup@example.test')).toHaveLength(0);
  });
});

describe('PUT /api/users/:id/roles', () => {
  it('gives and takes roles', async () => {
    const driver = await createDriver(t.db);
    const promoted = await t.asManager('PUT', `/api/users/${driver.id}/roles`, {
      roles: ['driver', 'manager'],
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().roles).toEqual(['driver', 'manager']);
    const demoted = await t.asManager('PUT', `/api/users/${driver.id}/roles`, { roles: ['driver'] });
    expect(demoted.json().roles).toEqual(['driver']);
    const empty = await t.asManager('PUT', `/api/users/${driver.id}/roles`, { roles: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('At least one role is required');
    expect((await t.asManager('PUT', '/api/users/missing/roles', { roles: ['driver'] })).statusCode).toBe(
      404,
    );
  });

  it('refuses to remove the manager role from yourself', async () => {
    const res = await t.asManager('PUT', `/api/users/${t.manager.user.id}/roles`, { roles: ['driver'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DRIVER_MESSAGES.cannotRemoveOwnManagerRole });
  });

  it('refuses to remove the manager role from the last active manager', async () => {
    // Every other active manager is retired first, then someone tries to demote the last one.
    await t.db
      .update(users)
      .set({ isActive: 0 })
      .where(sql`'manager' = any(${users.roles}) and ${users.id} <> ${t.manager.user.id}`);
    await expect(updateUserRoles(t.db, 'someone-else', t.manager.user.id, ['driver'])).rejects.toMatchObject({
      statusCode: 409,
      message: DRIVER_MESSAGES.lastManager,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, t.manager.user.id));
    expect(row!.roles).toEqual(['manager', 'driver']);
  });
});

describe('when the set-password mail cannot be sent', () => {
  it('still creates the driver, and the mail waits in the queue for its retries', async () => {
    // Nothing listens on port 9 of the loopback: the connection is refused at once.
    const broken = await createRoleTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' } });
    try {
      const res = await broken.asManager('POST', '/api/drivers', {
        firstName: 'Off',
        lastName: 'Line',
        email: 'offline@example.test',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: 'offline@example.test', setPasswordMailSent: true });
      await expect
        .poll(async () => {
          const rows = await broken.db.execute(
            sql`select state from pgboss.job where name = 'send-mail' order by created_on desc limit 1`,
          );
          return (rows as unknown as { rows: { state: string }[] }).rows[0]?.state;
        })
        .toBe('retry');
    } finally {
      await broken.close();
    }
  });
});

describe("a driver's own PIN", () => {
  it('is chosen from the account, unlocks a locked PIN, refuses a taken one without saying whose, a few times a day', async () => {
    await createDriver(t.db, { driverNumber: '6060' });
    await t.db.update(users).set({ pinLockedAt: new Date() }).where(eq(users.id, t.driver.user.id));
    const changed = await t.asDriver('PUT', '/api/user/pin', { pin: '7071' });
    expect(changed.json()).toEqual({ message: DRIVER_MESSAGES.pinChanged });
    const [row] = await t.db.select().from(users).where(eq(users.id, t.driver.user.id));
    expect(row!.pinLockedAt).toBeNull();
    expect(row!.pinDigest).toMatch(/^[0-9a-f]{64}$/);

    const taken = await t.asDriver('PUT', '/api/user/pin', { pin: '6060' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: DRIVER_MESSAGES.ownPinRefused,
      errors: [{ path: 'pin', message: DRIVER_MESSAGES.ownPinRefused }],
    });
    expect((await t.asDriver('PUT', '/api/user/pin', { pin: '12' })).statusCode).toBe(400);
    expect((await t.anonymous('PUT', '/api/user/pin', { pin: '1234' })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) await t.asDriver('PUT', '/api/user/pin', { pin: '6060' });
    // The sixth try of the day is not checked at all.
    const throttled = await t.asDriver('PUT', '/api/user/pin', { pin: '7072' });
    expect(throttled.statusCode).toBe(429);
  });
});

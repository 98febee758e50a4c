import {
  type CreateDriverInputSchema,
  type CreatedDriver,
  DRIVER_INVITE_TTL_HOURS,
  DRIVER_MESSAGES,
  type Driver,
  type UpdateDriverInputSchema,
  type UserRole,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { type FieldError, HttpError } from '../../http/errors';
import { destroyUserSessions } from '../../http/sessions.repository';
import { pinDigest } from '../../lib/pin-digest';
import { generateResetToken, hashToken } from '../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { insertResetToken } from '../auth';
import { createDefaultPreferences } from '../preferences';
import { getAppSettings } from '../settings';
import {
  type DriverFieldValues,
  findOtherUserIdByEmail,
  findOtherUserIdByPinDigest,
  getUserAsDriver,
  insertUser,
  lockActiveManagerIds,
  lockUser,
  setPinLock,
  setUserRoles,
  updateDriverFields,
} from '../users';
import { driverInviteMail } from './driver-invite-mail';

type CreateDriverInput = z.output<typeof CreateDriverInputSchema>;
type UpdateDriverInput = z.output<typeof UpdateDriverInputSchema>;

export interface DriverDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The key of PIN digests (lib/pin-digest.ts). */
  pinKey: string;
}

/** The digest a PIN field asks to store: undefined leaves the PIN as it is, null removes it. */
const digestOf = (pin: string | null | undefined, pinKey: string) =>
  pin === undefined ? undefined : pin === null || pin === '' ? null : pinDigest(pin, pinKey);

const conflict = (path: string, message: string) => new HttpError(409, message, [{ path, message }]);

/** The email and PIN must be free (the database re-checks; see mappingConflicts). */
async function assertFree(db: Db, fields: { email?: string; pinDigest?: string | null }, exceptId?: string) {
  const errors: FieldError[] = [];
  if (fields.email && (await findOtherUserIdByEmail(db, fields.email, exceptId))) {
    errors.push({ path: 'email', message: DRIVER_MESSAGES.emailTaken });
  }
  if (fields.pinDigest && (await findOtherUserIdByPinDigest(db, fields.pinDigest, exceptId))) {
    errors.push({ path: 'driverNumber', message: DRIVER_MESSAGES.pinTaken });
  }
  if (errors.length > 0) throw new HttpError(409, errors[0]!.message, errors);
}

/** Two requests that raced past assertFree: the unique constraints decide, answered the same way. */
async function mappingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      isUniqueViolation(error, 'users_pin_digest_unique') &&
      !isUniqueViolation(error, 'users_email_unique')
    ) {
      throw conflict('driverNumber', DRIVER_MESSAGES.pinTaken);
    }
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict('email', DRIVER_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Refuses to leave the company without an active manager. Locks every active manager first (in
 * id order), so that two managers cannot demote or deactivate each other at the same time.
 */
async function assertAnotherActiveManager(tx: Db, userId: string): Promise<void> {
  const managers = await lockActiveManagerIds(tx);
  if (!managers.some((id) => id !== userId)) throw new HttpError(409, DRIVER_MESSAGES.lastManager);
}

/**
 * A manager adds a driver: an active, verified account (the manager vouches for the address)
 * without a password, and a mailed set-password link (a password-reset token that lasts longer).
 * The account and its queued mail commit together; the queue retries the mail through an SMTP outage.
 */
export async function createDriverAccount(
  deps: DriverDeps,
  input: CreateDriverInput,
): Promise<CreatedDriver> {
  const token = generateResetToken();
  const pin = digestOf(input.driverNumber, deps.pinKey) ?? null;
  const driver = await mappingConflicts(() =>
    deps.db.transaction(async (tx) => {
      await assertFree(tx, { email: input.email, pinDigest: pin });
      const id = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        pinDigest: pin,
        roles: ['driver'],
        emailVerified: 1,
        password: null,
        isActive: 1,
      });
      await createDefaultPreferences(tx, id);
      await insertResetToken(tx, {
        userId: id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + DRIVER_INVITE_TTL_HOURS * 3_600_000),
      });
      // Queued with the account: the driver exists with its link mailed, or not at all.
      const { appName } = await getAppSettings(tx);
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const content = driverInviteMail({
        appName,
        firstName: input.firstName,
        link,
        validHours: DRIVER_INVITE_TTL_HOURS,
      });
      await deps.mailer.send({ to: input.email, ...content }, { tx });
      return (await getUserAsDriver(tx, id))!;
    }),
  );
  return { ...driver, setPasswordMailSent: true };
}

/**
 * Edits a driver's details, or activates/deactivates them. Deactivation ends every session of
 * the driver at once (portal and terminal); a manager cannot deactivate their own account.
 */
export function updateDriver(
  db: Database,
  pinKey: string,
  actorId: string,
  id: string,
  input: UpdateDriverInput,
): Promise<Driver> {
  const pin = digestOf(input.driverNumber, pinKey);
  return mappingConflicts(() =>
    db.transaction(async (tx) => {
      const target = await getUserAsDriver(tx, id);
      if (!target?.roles.includes('driver')) throw new HttpError(404, DRIVER_MESSAGES.driverNotFound);
      const deactivating = input.isActive === 0;
      if (deactivating && id === actorId) throw new HttpError(409, DRIVER_MESSAGES.cannotDeactivateSelf);
      if (deactivating && target.roles.includes('manager')) await assertAnotherActiveManager(tx, id);
      if (!(await lockUser(tx, id))) throw new HttpError(404, DRIVER_MESSAGES.driverNotFound);
      await assertFree(tx, { email: input.email, pinDigest: pin }, id);
      const values: DriverFieldValues = {};
      if (input.firstName !== undefined) values.firstName = input.firstName;
      if (input.lastName !== undefined) values.lastName = input.lastName;
      if (input.email !== undefined) values.email = input.email;
      if (pin !== undefined) values.pinDigest = pin;
      if (input.isActive !== undefined) values.isActive = input.isActive;
      if (Object.keys(values).length > 0) await updateDriverFields(tx, id, values);
      if (deactivating) await destroyUserSessions(tx, id);
      return (await getUserAsDriver(tx, id))!;
    }),
  );
}

/** Gives or takes roles; nobody removes their own manager role, and the last active manager keeps it. */
export function updateUserRoles(
  db: Database,
  actorId: string,
  id: string,
  roles: UserRole[],
): Promise<Driver> {
  return db.transaction(async (tx) => {
    const target = await getUserAsDriver(tx, id);
    if (!target) throw new HttpError(404, DRIVER_MESSAGES.userNotFound);
    const next = [...new Set(roles)];
    const losesManager = target.roles.includes('manager') && !next.includes('manager');
    if (losesManager && id === actorId) throw new HttpError(409, DRIVER_MESSAGES.cannotRemoveOwnManagerRole);
    if (losesManager && target.isActive === 1) await assertAnotherActiveManager(tx, id);
    if (!(await lockUser(tx, id))) throw new HttpError(404, DRIVER_MESSAGES.userNotFound);
    await setUserRoles(tx, id, next);
    return (await getUserAsDriver(tx, id))!;
  });
}

/**
 * A driver chooses their own PIN. A PIN another driver holds is refused without saying so, and a PIN
 * the terminal locked is unlocked by a new one (the old one may have been guessed).
 */
export async function changeOwnPin(db: Database, pinKey: string, userId: string, pin: string): Promise<void> {
  const digest = pinDigest(pin, pinKey);
  const refused = () =>
    new HttpError(409, DRIVER_MESSAGES.ownPinRefused, [
      { path: 'pin', message: DRIVER_MESSAGES.ownPinRefused },
    ]);
  try {
    await db.transaction(async (tx) => {
      if (await findOtherUserIdByPinDigest(tx, digest, userId)) throw refused();
      await updateDriverFields(tx, userId, { pinDigest: digest });
      await setPinLock(tx, userId, null);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_pin_digest_unique')) throw refused();
    throw error;
  }
}

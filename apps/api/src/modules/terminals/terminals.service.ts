import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  ENROLMENT_CODE_ALPHABET,
  ENROLMENT_CODE_TTL_MINUTES,
  PIN_LOCK_AFTER_FAILURES,
  pinRetryDelaySeconds,
  TERMINAL_MESSAGES,
  type Terminal,
  type TerminalDriver,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, resolveSessionSecret } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { deriveKey } from '../auth/secrets';
import { tooManyRequests } from '../rate-limits/throttle';
import { effectiveRoles } from '../users/user-roles';
import {
  findTerminalByCredential,
  findUserByPin,
  insertTerminal,
  recordPinFailure,
  redeemEnrolmentCode,
  resetPinFailures,
  setEnrolmentCode,
  setPinLock,
  type TerminalRow,
} from './terminals.repository';

// Terminal enrolment and PIN sign-in (ADR 15).

export const TERMINAL_NOT_FOUND = 'Terminal not found';

/** The key of the enrolment code hashes: the server, the CLI and the demo banner derive the same one. */
export function terminalEnrolmentKey(config: Config): string {
  return deriveKey(resolveSessionSecret(config), 'terminal-enrolment');
}

function newEnrolmentCode(): string {
  return Array.from(
    { length: 8 },
    () => ENROLMENT_CODE_ALPHABET[randomInt(ENROLMENT_CODE_ALPHABET.length)],
  ).join('');
}

export const hashEnrolmentCode = (code: string, key: string) =>
  createHmac('sha256', key).update(code).digest('hex');
export const hashCredential = (credential: string) => createHash('sha256').update(credential).digest('hex');

export function toTerminal(row: TerminalRow, now = new Date()): Terminal {
  const pending = Boolean(row.enrolmentCodeHash && row.enrolmentExpiresAt && row.enrolmentExpiresAt > now);
  return {
    id: row.id,
    name: row.name,
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    enrolmentPending: pending,
    enrolmentExpiresAt: pending ? (row.enrolmentExpiresAt?.toISOString() ?? null) : null,
  };
}

const codeExpiry = (now: Date) => new Date(now.getTime() + ENROLMENT_CODE_TTL_MINUTES * 60_000);

/** A new terminal with a one-time code (shown once: only its hash is kept). */
export async function createTerminal(
  db: Db,
  name: string,
  createdBy: string | null,
  key: string,
  now = new Date(),
) {
  const code = newEnrolmentCode();
  const id = await insertTerminal(db, {
    name,
    enrolmentCodeHash: hashEnrolmentCode(code, key),
    enrolmentExpiresAt: codeExpiry(now),
    createdBy,
  });
  return { id, code };
}

/** A fresh code for an existing terminal (a replaced device, or a code that ran out). */
export async function issueEnrolmentCode(db: Db, id: string, key: string, now = new Date()): Promise<string> {
  const code = newEnrolmentCode();
  if (!(await setEnrolmentCode(db, id, hashEnrolmentCode(code, key), codeExpiry(now)))) {
    throw new HttpError(404, TERMINAL_NOT_FOUND);
  }
  return code;
}

/** Enrols this device: answers the credential for its cookie (only the hash is stored). */
export async function enrolDevice(db: Db, code: string, key: string, now = new Date()) {
  const credential = randomBytes(32).toString('base64url');
  const terminal = await redeemEnrolmentCode(
    db,
    hashEnrolmentCode(code, key),
    hashCredential(credential),
    now,
  );
  if (!terminal)
    throw new HttpError(400, TERMINAL_MESSAGES.badEnrolmentCode, [
      { path: 'code', message: TERMINAL_MESSAGES.badEnrolmentCode },
    ]);
  return { ...terminal, credential };
}

export async function deviceTerminal(
  db: Db,
  credential: string | undefined,
): Promise<TerminalRow | undefined> {
  return credential ? findTerminalByCredential(db, hashCredential(credential)) : undefined;
}

/**
 * A PIN typed at an enrolled terminal. A wrong PIN (or one of an inactive account) counts against
 * the device and makes it wait longer before the next try. A right PIN after ten wrong ones in a row
 * on the device is treated as a guess that hit: the PIN is locked until a manager unlocks it.
 */
export async function signInWithPin(
  db: Db,
  terminal: TerminalRow,
  pin: string,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<TerminalDriver> {
  if (terminal.nextAttemptAt && terminal.nextAttemptAt > now) {
    const waitMs = terminal.nextAttemptAt.getTime() - now.getTime();
    throw tooManyRequests(
      waitMs,
      `Too many wrong PINs. Please wait ${Math.ceil(waitMs / 1000)} seconds and try again.`,
    );
  }
  const user = await findUserByPin(db, pin);
  const isDriver = user ? effectiveRoles(user).includes('driver') : false;
  if (!user || !isDriver || user.isActive !== 1) {
    await recordPinFailure(db, terminal.id, (failures) => {
      const wait = pinRetryDelaySeconds(failures);
      return wait > 0 ? new Date(now.getTime() + wait * 1000) : null;
    });
    throw new HttpError(401, TERMINAL_MESSAGES.invalidPin);
  }
  if (user.pinLockedAt) throw new HttpError(403, TERMINAL_MESSAGES.pinLocked);
  if (terminal.consecutiveFailures >= PIN_LOCK_AFTER_FAILURES) {
    await setPinLock(db, user.id, now);
    await resetPinFailures(db, terminal.id, null);
    log.warn({ terminalId: terminal.id, driverId: user.id }, 'terminal PIN locked after repeated wrong PINs');
    throw new HttpError(403, TERMINAL_MESSAGES.pinLocked);
  }
  await resetPinFailures(db, terminal.id, now);
  return { id: user.id, firstName: user.firstName, lastName: user.lastName };
}

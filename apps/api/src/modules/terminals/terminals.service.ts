import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  createFormatters,
  ENROLMENT_CODE_ALPHABET,
  ENROLMENT_CODE_TTL_MINUTES,
  effectiveRoles,
  PIN_BURST_WINDOW_MS,
  PIN_LOCK_AFTER_FAILURES,
  pinBlockedUntil,
  pinFailuresKept,
  pinFailuresWithin,
  pinRetryDelaySeconds,
  TERMINAL_MESSAGES,
  type Terminal,
  type TerminalDriver,
  terminalBlockedMessage,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, resolveSessionSecret } from '../../config';
import type { Database, Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { tooManyRequests } from '../../http/throttle';
import { pinDigest } from '../../lib/pin-digest';
import { deriveKey } from '../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { pinLockedMail, terminalBlockedMail } from '../../mail/security-templates';
import { recipients } from '../notifications';
import { getAppSettings } from '../settings';
import { activeManagerIds, findUserByPinDigest, setPinLock } from '../users';
import {
  findTerminalByCredential,
  insertTerminal,
  lockTerminalForPin,
  redeemEnrolmentCode,
  savePinCounters,
  setEnrolmentCode,
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
  const failures = pinFailuresKept(row.pinFailures, now);
  return {
    wrongPinsLastHour: pinFailuresWithin(failures, now, 60 * 60 * 1000),
    wrongPinsLastDay: failures.length,
    blockedUntil: pinBlockedUntil(failures, now)?.toISOString() ?? null,
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

export interface PinDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  log: FastifyBaseLogger;
  /** The key of PIN digests (lib/pin-digest.ts). */
  pinKey: string;
}

type PinOutcome =
  | { ok: true; driver: TerminalDriver }
  | { ok: false; refusal: HttpError; lockedDriverId?: string; blocked?: Date; failures: number };

/**
 * A PIN typed at an enrolled terminal (ADR 15). The terminal's row is locked for the check, so PINs
 * sent at once take turns. A terminal whose hour's or day's wrong PINs are used up, or that must still
 * wait after the last wrong one, checks nothing (429). A wrong PIN, an inactive driver's and a locked
 * one get the same answer and cost the same; a correct PIN right after a burst of wrong ones is taken
 * for a guess that hit, locked, and answered as wrong. Managers are told of a lock and of a block.
 */
export async function signInWithPin(
  deps: PinDeps,
  terminalId: string,
  pin: string,
  now = new Date(),
): Promise<TerminalDriver> {
  // Read before the terminal's row is locked: every sign-in at a terminal waits for that lock, so it
  // is held for the counters' read and write only (bench/NOTES.md §18).
  const settings = await getAppSettings(deps.db, deps.timeZone);
  const format = createFormatters({ ...settings, timeZone: deps.timeZone });
  const outcome = await deps.db.transaction(async (tx): Promise<PinOutcome & { device: string }> => {
    const device = await lockTerminalForPin(tx, terminalId);
    if (!device)
      return {
        ok: false,
        refusal: new HttpError(403, TERMINAL_MESSAGES.notEnrolled),
        failures: 0,
        device: '',
      };
    const kept = pinFailuresKept(device.pinFailures, now);
    const blockedUntil = pinBlockedUntil(kept, now);
    if (blockedUntil) {
      const refusal = tooManyRequests(
        blockedUntil.getTime() - now.getTime(),
        terminalBlockedMessage(format.dateTime(blockedUntil.toISOString())),
      );
      return { ok: false, refusal, failures: kept.length, device: device.name };
    }
    if (device.nextAttemptAt && device.nextAttemptAt > now) {
      const waitMs = device.nextAttemptAt.getTime() - now.getTime();
      const refusal = tooManyRequests(
        waitMs,
        `Too many wrong PINs. Please wait ${Math.ceil(waitMs / 1000)} seconds and try again.`,
      );
      return { ok: false, refusal, failures: kept.length, device: device.name };
    }
    const user = await findUserByPinDigest(tx, pinDigest(pin, deps.pinKey));
    const usable = Boolean(user && user.isActive === 1 && effectiveRoles(user).includes('driver'));
    const burst = pinFailuresWithin(kept, now, PIN_BURST_WINDOW_MS) >= PIN_LOCK_AFTER_FAILURES;
    if (user && usable && !user.pinLockedAt && !burst) {
      await savePinCounters(tx, device.id, { pinFailures: kept, nextAttemptAt: null, lastUsedAt: now });
      return {
        ok: true,
        driver: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          idleMinutes: settings.terminalIdleMinutes,
        },
        device: device.name,
      };
    }
    // From here the answer is that of a wrong PIN, whatever the reason, and it counts as one.
    const lockNow = Boolean(user && usable && !user.pinLockedAt);
    if (lockNow) await setPinLock(tx, user!.id, now);
    const failures = [...kept, now];
    const wait = pinRetryDelaySeconds(pinFailuresWithin(failures, now, 60 * 60 * 1000));
    await savePinCounters(tx, device.id, {
      pinFailures: failures,
      nextAttemptAt: wait > 0 ? new Date(now.getTime() + wait * 1000) : null,
    });
    // This wrong PIN used up the hour's or the day's: the managers hear of it once per block.
    const blocked = pinBlockedUntil(failures, now);
    const facts = {
      appName: settings.appName,
      publicUrl: deps.publicUrl,
      terminalName: device.name,
      at: format.time(now.toISOString()),
    };
    if (lockNow || blocked) {
      const people = await recipients(tx, await activeManagerIds(tx));
      const driverName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'A driver';
      const mails = [
        ...(lockNow ? [pinLockedMail({ ...facts, driverName })] : []),
        ...(blocked
          ? [
              terminalBlockedMail({
                ...facts,
                until: format.time(blocked.toISOString()),
                failures: failures.length,
              }),
            ]
          : []),
      ];
      for (const person of people)
        for (const mail of mails) await deps.mailer.send({ to: person.email, ...mail }, { tx });
      // Settings > Drivers and Settings > Terminals show the lock and the block as they happen.
      await publishLiveEvent(tx, {
        type: 'terminals.changed',
        roles: ['manager'],
        payload: { terminalId: device.id },
      });
    }
    return {
      ok: false,
      refusal: new HttpError(401, TERMINAL_MESSAGES.invalidPin),
      failures: failures.length,
      device: device.name,
      ...(lockNow ? { lockedDriverId: user!.id } : {}),
      ...(blocked ? { blocked } : {}),
    };
  });
  if (outcome.ok) return outcome.driver;
  if (outcome.lockedDriverId)
    deps.log.warn(
      { terminalId, driverId: outcome.lockedDriverId },
      'terminal PIN locked: it hit after wrong PINs',
    );
  if (outcome.blocked)
    deps.log.warn(
      { terminalId, until: outcome.blocked.toISOString() },
      'terminal blocked: its hour of wrong PINs is used up',
    );
  throw outcome.refusal;
}

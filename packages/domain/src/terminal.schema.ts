import { z } from 'zod';
import { requiredText } from './fields';
import { MESSAGES } from './messages';

// The depot terminal: enrolled devices and PIN sign-in (spec 1 §2, §5, §7, §8; ADR 15).

/** How long an enrolment code works. */
export const ENROLMENT_CODE_TTL_MINUTES = 15;

// What a wrong PIN costs a terminal (ADR 15). A PIN names no driver until it is right, so wrong PINs
// are counted on the device, over rolling windows, and a correct PIN does not wipe them: guesses cannot
// be spread between sign-ins of one's own.

const HOUR_MS = 60 * 60 * 1000;

/** Wrong PINs a terminal takes in any hour, and in any day; past either it takes no PIN for a while. */
export const PIN_FAILURES_PER_HOUR = 10;
export const PIN_FAILURES_PER_DAY = 20;
/** How long wrong PINs are remembered (the longest window). */
export const PIN_FAILURE_MEMORY_MS = 24 * HOUR_MS;
/**
 * A correct PIN that arrives when the terminal has had this many wrong PINs in the last ten minutes is
 * taken for a guess that hit: that PIN is locked, and answered (and counted) as a wrong one.
 */
export const PIN_LOCK_AFTER_FAILURES = 5;
export const PIN_BURST_WINDOW_MS = 10 * 60 * 1000;

/**
 * The wait before the next PIN after `failures` wrong PINs in the last hour: none for the first two,
 * then 1, 2, 4 … seconds, at most a minute.
 */
export function pinRetryDelaySeconds(failures: number): number {
  return failures < 3 ? 0 : Math.min(60, 2 ** (failures - 3));
}

/** The wrong PINs still remembered at `now` (the last day), oldest first. */
export function pinFailuresKept(failures: readonly Date[], now: Date): Date[] {
  const since = now.getTime() - PIN_FAILURE_MEMORY_MS;
  return failures.filter((f) => f.getTime() > since).sort((a, b) => a.getTime() - b.getTime());
}

/** How many of the wrong PINs fall in the last `windowMs`. */
export function pinFailuresWithin(failures: readonly Date[], now: Date, windowMs: number): number {
  return failures.filter((f) => f.getTime() > now.getTime() - windowMs).length;
}

/** When a terminal that used up its hour's or its day's wrong PINs takes PINs again (null: it takes them now). */
export function pinBlockedUntil(failures: readonly Date[], now: Date): Date | null {
  const kept = pinFailuresKept(failures, now);
  const until = (limit: number, windowMs: number) => {
    const inWindow = kept.filter((f) => f.getTime() > now.getTime() - windowMs);
    if (inWindow.length < limit) return 0;
    return inWindow[inWindow.length - limit]!.getTime() + windowMs;
  };
  const latest = Math.max(until(PIN_FAILURES_PER_HOUR, HOUR_MS), until(PIN_FAILURES_PER_DAY, 24 * HOUR_MS));
  return latest > now.getTime() ? new Date(latest) : null;
}

export const TerminalLoginInputSchema = z.object({
  driverNumber: z
    .string({ error: MESSAGES.terminalPin })
    .trim()
    .regex(/^\d{4}$/, { error: MESSAGES.terminalPin }),
});
export type TerminalLoginInput = z.input<typeof TerminalLoginInputSchema>;

/** Codes read aloud or typed from a manager's screen: letters and digits that cannot be confused. */
export const ENROLMENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 'abcd-2345' or 'ABCD2345' → 'ABCD2345'. */
export function normaliseEnrolmentCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const EnrolTerminalInputSchema = z.object({
  code: z
    .string({ error: 'Enter the enrolment code' })
    .transform(normaliseEnrolmentCode)
    .pipe(z.string().length(8, { error: 'Enter the 8-character enrolment code' })),
});

export const CreateTerminalInputSchema = z.object({ name: requiredText('Terminal name is required') });

export const TerminalDriverSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The terminal signs the driver out after this many minutes without a touch (Settings > Terminals). */
  idleMinutes: z.number().int().optional(),
});
export type TerminalDriver = z.infer<typeof TerminalDriverSchema>;

export const TerminalSchema = z.object({
  id: z.string(),
  name: z.string(),
  enrolledAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  /** A code was issued and not yet used. */
  enrolmentPending: z.boolean(),
  enrolmentExpiresAt: z.string().nullable(),
  /** Wrong PINs typed on it in the last hour, and in the last day. */
  wrongPinsLastHour: z.number().int(),
  wrongPinsLastDay: z.number().int(),
  /** Its hour's or day's wrong PINs are used up: it takes no PIN until then (or until a manager resets it). */
  blockedUntil: z.string().nullable(),
});
export type Terminal = z.infer<typeof TerminalSchema>;

/** POST /api/terminals and a new code for a terminal: the code is shown once. */
export const TerminalEnrolmentSchema = TerminalSchema.extend({ enrolmentCode: z.string() });
export type TerminalEnrolment = z.infer<typeof TerminalEnrolmentSchema>;

/** GET /api/terminal/device: whether this browser is an enrolled terminal. */
export const TerminalDeviceSchema = z.object({ enrolled: z.boolean(), name: z.string().nullable() });

/** 'ABCD2345' → 'ABCD-2345', easier to read out. */
export function formatEnrolmentCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

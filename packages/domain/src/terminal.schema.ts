import { z } from 'zod';
import { requiredText } from './fields';
import { MESSAGES } from './messages';

// The depot terminal: enrolled devices and PIN sign-in (spec 1 §2, §5, §7, §8; ADR 15).

/** How long an enrolment code works, and how many wrong PINs in a row before a hit locks that PIN. */
export const ENROLMENT_CODE_TTL_MINUTES = 15;
export const PIN_LOCK_AFTER_FAILURES = 10;

/**
 * The wait a device must observe after `failures` wrong PINs in a row: none for the first four,
 * then one more second for each, at most a minute.
 */
export function pinRetryDelaySeconds(failures: number): number {
  return failures < 5 ? 0 : Math.min(60, failures - 4);
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

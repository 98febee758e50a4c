import type { Session } from 'fastify';

// A driver signed in with a PIN at a shared depot terminal (ADR 15): the sign-in ends when the driver
// leaves the shift screen, and after a few minutes without a touch, so that the next person at the
// terminal never finds someone else still signed in.

/** Drops the terminal driver from the session; a portal user signed in on the same browser stays. */
export function endTerminalSignIn(session: Session): void {
  session.terminalDriverId = undefined;
  session.terminalId = undefined;
  session.terminalIdleMs = undefined;
  session.terminalActiveAt = undefined;
}

/** Whether the terminal sign-in went unused for longer than its idle limit (a sign-in from before the limit has none and ends). */
export function terminalSignInIdle(session: Session, now: number): boolean {
  if (!session.terminalDriverId) return false;
  const { terminalIdleMs, terminalActiveAt } = session;
  if (!terminalIdleMs || !terminalActiveAt) return true;
  return now - terminalActiveAt > terminalIdleMs;
}

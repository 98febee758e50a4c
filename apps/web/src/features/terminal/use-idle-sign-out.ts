import { DEFAULT_TERMINAL_IDLE_MINUTES } from '@dms/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, isApiError } from '../../lib/api-client';

/** A touch is reported to the server at most this often (the server keeps the sign-in alive on it). */
const REPORT_EVERY_MS = 15_000;
/** The warning shows this long before the sign-out, with a button to stay. */
const WARN_BEFORE_MS = 30_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Signs the driver out of a shared terminal after `idleMinutes` without a touch (ADR 15). A touch is
 * reported to the server, which ends the sign-in on its own clock too; the countdown runs from the
 * last report, so the screen signs out first. Answers the seconds left while the warning shows.
 */
export function useIdleSignOut(idleMinutes: number | undefined, onIdle: () => void) {
  const idleMs = (idleMinutes ?? DEFAULT_TERMINAL_IDLE_MINUTES) * 60_000;
  const [reportedAt, setReportedAt] = useState(() => Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const signedOut = useRef(false);
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  const signOut = useCallback(() => {
    if (signedOut.current) return;
    signedOut.current = true;
    onIdleRef.current();
  }, []);

  const report = useCallback(() => {
    setReportedAt(Date.now());
    apiRequest('POST', '/api/terminal/activity').catch((error: unknown) => {
      // The server already ended the sign-in (a revoked terminal, a long sleep): follow it. Offline,
      // the countdown goes on and forms wait in the outbox.
      if (isApiError(error, 401)) signOut();
    });
  }, [signOut]);

  // Touches anywhere count; they are reported at most every REPORT_EVERY_MS.
  useEffect(() => {
    const touched = () => {
      if (Date.now() - reportedAt >= REPORT_EVERY_MS) report();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touched, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, touched);
    };
  }, [reportedAt, report]);

  // One timer to the warning, then a countdown each second to the sign-out.
  useEffect(() => {
    setSecondsLeft(null);
    let countdown: number | undefined;
    const tick = () => {
      const left = idleMs - (Date.now() - reportedAt);
      if (left <= 0) {
        window.clearInterval(countdown);
        setSecondsLeft(null);
        signOut();
      } else setSecondsLeft(Math.ceil(left / 1000));
    };
    const warning = window.setTimeout(
      () => {
        tick();
        countdown = window.setInterval(tick, 1000);
      },
      Math.max(0, idleMs - WARN_BEFORE_MS - (Date.now() - reportedAt)),
    );
    return () => {
      window.clearTimeout(warning);
      window.clearInterval(countdown);
    };
  }, [idleMs, reportedAt, signOut]);

  return { secondsLeft, stay: report };
}

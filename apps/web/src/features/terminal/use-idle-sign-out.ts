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
  const reportedAt = useRef(Date.now());
  const signedOut = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  const report = useCallback(() => {
    reportedAt.current = Date.now();
    setSecondsLeft(null);
    apiRequest('POST', '/api/terminal/activity').catch((error: unknown) => {
      // The server already ended the sign-in (a revoked terminal, a long sleep): follow it. Offline,
      // the countdown goes on and forms wait in the outbox.
      if (isApiError(error, 401) && !signedOut.current) {
        signedOut.current = true;
        onIdleRef.current();
      }
    });
  }, []);

  useEffect(() => {
    const touched = () => {
      if (Date.now() - reportedAt.current >= REPORT_EVERY_MS) report();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touched, { passive: true });
    const timer = window.setInterval(() => {
      const left = idleMs - (Date.now() - reportedAt.current);
      if (left <= 0) {
        window.clearInterval(timer);
        if (!signedOut.current) {
          signedOut.current = true;
          onIdleRef.current();
        }
      } else setSecondsLeft(left <= WARN_BEFORE_MS ? Math.ceil(left / 1000) : null);
    }, 1000);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, touched);
      window.clearInterval(timer);
    };
  }, [idleMs, report]);

  return { secondsLeft, stay: report };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  deleteSubmission,
  deliver,
  flushOutbox,
  listSubmissions,
  newSubmissionKey,
  putSubmission,
  type SendOutcome,
  type Submission,
} from './outbox';

const RETRY_EVERY_MS = 30_000;

/**
 * The terminal's outbox for this driver: submit a form (kept on the device until the server has
 * it), the submissions still pending or refused, and dismissing a refused one.
 */
export function useOutbox(driverId: string | undefined) {
  const [items, setItems] = useState<Submission[]>([]);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    if (!driverId) return;
    setItems(await listSubmissions(driverId).catch(() => []));
  }, [driverId]);

  const flush = useCallback(async () => {
    if (!driverId || busy.current) return;
    busy.current = true;
    try {
      await flushOutbox(driverId);
    } finally {
      busy.current = false;
      await refresh();
    }
  }, [driverId, refresh]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const submit = useCallback(
    async (url: string, body: unknown, label: string): Promise<SendOutcome> => {
      if (!driverId) return { status: 'rejected', message: 'Sign in again' };
      const submission: Submission = {
        key: newSubmissionKey(),
        driverId,
        url,
        body,
        label,
        createdAt: Date.now(),
        state: 'pending',
        attempts: 0,
      };
      await putSubmission(submission);
      const outcome = await deliver(submission);
      await refresh();
      return outcome;
    },
    [driverId, refresh],
  );

  const dismiss = useCallback(
    async (key: string) => {
      await deleteSubmission(key);
      await refresh();
    },
    [refresh],
  );

  return { items, submit, flush, dismiss };
}

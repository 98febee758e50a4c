import { ApiError } from '../../lib/api-client';

// The terminal's outbox (issue 9, 'nothing lost'): every form is kept in IndexedDB with a key made
// on the device until the server has it. A lost connection leaves it pending, sent again when the
// network returns (also after a reload); the server's answer to a retry with the same key is the
// stored one, so nothing is recorded twice. A form the server refuses is kept as rejected, shown to
// the driver, and never retried by itself.

export interface Submission {
  /** The Idempotency-Key, made on the device. */
  key: string;
  driverId: string;
  url: string;
  body: unknown;
  /** What the driver sees in the pending list, e.g. 'Fuel log'. */
  label: string;
  createdAt: number;
  state: 'pending' | 'rejected';
  attempts: number;
  error?: string;
}

export type SendOutcome =
  | { status: 'sent'; response: unknown }
  | { status: 'queued' }
  | { status: 'rejected'; message: string };

const DB_NAME = 'dms-terminal';
const STORE = 'outbox';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const putSubmission = (s: Submission) => withStore('readwrite', (store) => store.put(s));
export const deleteSubmission = (key: string) => withStore('readwrite', (store) => store.delete(key));
export async function listSubmissions(driverId: string): Promise<Submission[]> {
  const all = await withStore<Submission[]>(
    'readonly',
    (store) => store.getAll() as IDBRequest<Submission[]>,
  );
  return all.filter((s) => s.driverId === driverId).sort((a, b) => a.createdAt - b.createdAt);
}

export function newSubmissionKey(): string {
  return `t-${crypto.randomUUID()}`;
}

/** A refusal the driver must see (bad input, or a rule), as opposed to a network or server outage. */
function isRejection(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

function messageOf(error: ApiError): string {
  return error.serverMessage ?? error.message;
}

/** Sends one submission; its outbox entry is removed once the server has it. */
export async function deliver(submission: Submission): Promise<SendOutcome> {
  try {
    const res = await fetch(submission.url, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Idempotency-Key': submission.key,
      },
      body: JSON.stringify(submission.body),
    });
    if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
    const text = await res.text();
    await deleteSubmission(submission.key);
    return { status: 'sent', response: text ? JSON.parse(text) : undefined };
  } catch (error) {
    if (isRejection(error)) {
      const message = messageOf(error);
      await putSubmission({
        ...submission,
        state: 'rejected',
        error: message,
        attempts: submission.attempts + 1,
      });
      return { status: 'rejected', message };
    }
    await putSubmission({ ...submission, attempts: submission.attempts + 1 });
    return { status: 'queued' };
  }
}

/** Sends the pending submissions oldest first; stops at the first that cannot get through. */
export async function flushOutbox(driverId: string): Promise<void> {
  for (const submission of await listSubmissions(driverId)) {
    if (submission.state !== 'pending') continue;
    const outcome = await deliver(submission);
    if (outcome.status === 'queued') return;
  }
}

/**
 * Browser storage keys fixed by the spec (spec 1 §4, §9). Keep every key here so that
 * sign-out and tests can find them.
 */
export const STORAGE_KEYS = {
  /** localStorage: 'light' | 'dark'. */
  theme: 'theme',
  /** localStorage: 'manager' | 'driver'. */
  preferredPortal: 'preferredPortal',
  /** sessionStorage: the terminal driver `{ id, firstName, lastName }` as JSON. */
  terminalDriver: 'terminalDriver',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes, sandboxed frames): behave as if empty.
    return null;
  }
}

export function readStorage(kind: StorageArea, key: StorageKey): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageArea, key: StorageKey, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the value simply is not remembered.
  }
}

export function removeStorage(kind: StorageArea, key: StorageKey): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

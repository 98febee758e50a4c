import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** The driver signed in at the terminal, kept in session storage (spec 1 §3). */
export interface TerminalDriver {
  id: string;
  firstName: string;
  lastName: string;
  /** Minutes without a touch before the terminal signs the driver out (the operator's setting). */
  idleMinutes?: number;
}

export function readTerminalDriver(): TerminalDriver | null {
  const raw = readStorage('session', STORAGE_KEYS.terminalDriver);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && 'id' in value ? (value as TerminalDriver) : null;
  } catch {
    return null;
  }
}

export function saveTerminalDriver(driver: TerminalDriver): void {
  writeStorage('session', STORAGE_KEYS.terminalDriver, JSON.stringify(driver));
}

export function clearTerminalDriver(): void {
  removeStorage('session', STORAGE_KEYS.terminalDriver);
}

import { apiRequest } from '../../lib/api-client';
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

/** The shift screen: a driver signed in at the terminal stays signed in only while it is shown. */
export const SHIFT_SCREEN_PATH = '/terminal/dashboard';

/**
 * Signs the terminal's driver out once the tab shows anything but the shift screen (another screen
 * of the app, or another page typed in): on a shared terminal, nobody must find them still signed in.
 * A reload of the shift screen keeps them; a closed tab ends on the server's idle limit.
 */
export function endTerminalSignInOffShiftScreen(pathname: string): void {
  if (pathname === SHIFT_SCREEN_PATH || !readTerminalDriver()) return;
  clearTerminalDriver();
  apiRequest('POST', '/api/terminal/logout').catch(() => {
    // Offline: the server ends the sign-in on its idle limit.
  });
}

import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

export type ThemeValue = 'light' | 'dark';

function isThemeValue(value: unknown): value is ThemeValue {
  return value === 'light' || value === 'dark';
}

export function readStoredTheme(): ThemeValue | null {
  const stored = readStorage('local', STORAGE_KEYS.theme);
  return isThemeValue(stored) ? stored : null;
}

/** Spec 1 §4: the stored theme, else the system dark preference, else light. */
export function initialTheme(): ThemeValue {
  const stored = readStoredTheme();
  if (stored) return stored;
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * Mantine colour-scheme storage under the spec's key `theme` (Mantine's own key differs). Only
 * 'light' and 'dark' are stored; other tabs follow through the storage event.
 */
export function createThemeStorageManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue: MantineColorScheme) => readStoredTheme() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      if (isThemeValue(value)) writeStorage('local', STORAGE_KEYS.theme, value);
      else removeStorage('local', STORAGE_KEYS.theme);
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea === window.localStorage && event.key === STORAGE_KEYS.theme) {
          if (isThemeValue(event.newValue)) onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = undefined;
    },
    clear: () => removeStorage('local', STORAGE_KEYS.theme),
  };
}

import type { ThemeProviderProps } from '@mui/material/styles';

type StorageManager = NonNullable<ThemeProviderProps['storageManager']>;

/** localStorage key of the spec's `darkMode` setting ("true" / "false"). */
export const DARK_MODE_STORAGE_KEY = 'darkMode';

type Mode = 'light' | 'dark';

const toMode = (stored: string | null): Mode | undefined => (stored === 'true' ? 'dark' : stored === 'false' ? 'light' : undefined);

const readStored = (storageWindow: Window | null | undefined, key: string): string | null => {
  try {
    return storageWindow?.localStorage.getItem(key) ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): fall back to the default mode
  }
};

/**
 * MUI's colour-scheme manager keeps the mode in storage under `modeStorageKey`; this adapter stores it as the spec's
 * `darkMode` boolean string. The per-mode colour scheme keys MUI also asks for are fixed (light/dark) and not persisted.
 */
export const darkModeStorageManager: StorageManager = ({ key, storageWindow = typeof window === 'undefined' ? null : window }) => {
  if (key !== DARK_MODE_STORAGE_KEY) {
    return { get: (defaultValue) => defaultValue, set: () => undefined, subscribe: () => () => undefined };
  }
  return {
    get: (defaultValue) => toMode(readStored(storageWindow, key)) ?? defaultValue,
    set: (mode) => {
      try {
        storageWindow?.localStorage.setItem(key, String(mode === 'dark'));
      } catch {
        // not persisted where storage is unavailable; the toggle still works for this page
      }
    },
    subscribe: (handler) => {
      // Another tab toggled dark mode: follow it.
      const listener = (event: StorageEvent) => {
        if (event.key === key) handler(toMode(event.newValue) ?? 'light');
      };
      storageWindow?.addEventListener('storage', listener);
      return () => storageWindow?.removeEventListener('storage', listener);
    },
  };
};

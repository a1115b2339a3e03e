import type { ThemeProviderProps } from '@mui/material/styles';

type StorageManager = NonNullable<ThemeProviderProps['storageManager']>;

/** localStorage key of the spec's `darkMode` setting ("true" / "false"): the public pages' dark-mode toggle. */
export const DARK_MODE_STORAGE_KEY = 'darkMode';
/** localStorage key of the spec's `theme` setting ("dark" / "light"): the signed-in pages' theme toggle. */
export const THEME_STORAGE_KEY = 'theme';

type Mode = 'light' | 'dark' | 'system';

const fromDarkMode = (stored: string | null): Mode | undefined =>
  stored === 'true' ? 'dark' : stored === 'false' ? 'light' : undefined;
const fromTheme = (stored: string | null): Mode | undefined =>
  stored === 'dark' || stored === 'light' ? stored : undefined;

const read = (storageWindow: Window | null | undefined, key: string): string | null => {
  try {
    return storageWindow?.localStorage.getItem(key) ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): fall back to the system preference
  }
};

/** The stored choice: `darkMode` if set, else `theme`, else none (the system preference applies). */
const storedMode = (storageWindow: Window | null | undefined): Mode | undefined =>
  fromDarkMode(read(storageWindow, DARK_MODE_STORAGE_KEY)) ?? fromTheme(read(storageWindow, THEME_STORAGE_KEY));

/**
 * The spec names two local settings for one visible theme: `darkMode` and `theme`. They are one choice stored under
 * both keys: every toggle writes both, so they never disagree; reading prefers `darkMode`, then `theme`; with
 * neither stored the system preference applies (MUI's `system` mode). MUI asks this manager for the mode under
 * `modeStorageKey`; the per-mode colour-scheme keys it also asks for are fixed (light/dark) and not persisted.
 */
export const darkModeStorageManager: StorageManager = ({
  key,
  storageWindow = typeof window === 'undefined' ? null : window,
}) => {
  if (key !== DARK_MODE_STORAGE_KEY) {
    return { get: (defaultValue) => defaultValue, set: () => undefined, subscribe: () => () => undefined };
  }
  return {
    get: (defaultValue) => storedMode(storageWindow) ?? defaultValue,
    set: (mode) => {
      try {
        if (mode === 'dark' || mode === 'light') {
          storageWindow?.localStorage.setItem(DARK_MODE_STORAGE_KEY, String(mode === 'dark'));
          storageWindow?.localStorage.setItem(THEME_STORAGE_KEY, mode);
        } else {
          storageWindow?.localStorage.removeItem(DARK_MODE_STORAGE_KEY);
          storageWindow?.localStorage.removeItem(THEME_STORAGE_KEY);
        }
      } catch {
        // not persisted where storage is unavailable; the toggle still works for this page
      }
    },
    subscribe: (handler) => {
      // Another tab toggled the theme: follow it.
      const listener = (event: StorageEvent) => {
        if (event.key === DARK_MODE_STORAGE_KEY || event.key === THEME_STORAGE_KEY || event.key === null)
          handler(storedMode(storageWindow) ?? 'system');
      };
      storageWindow?.addEventListener('storage', listener);
      return () => storageWindow?.removeEventListener('storage', listener);
    },
  };
};

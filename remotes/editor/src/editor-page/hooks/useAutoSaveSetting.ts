import { useCallback, useSyncExternalStore } from 'react';

/** Spec section 3: the auto-save toggle is kept locally as the string "true" or "false"; off when absent. */
export const AUTO_SAVE_STORAGE_KEY = 'editorAutoSave';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(AUTO_SAVE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the setting changes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTO_SAVE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The auto-save setting and its setter; every toggle on the page shows the same value. */
export function useAutoSaveSetting(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, read, () => false);
  const setEnabled = useCallback((next: boolean) => {
    try {
      localStorage.setItem(AUTO_SAVE_STORAGE_KEY, String(next));
    } catch {
      // Storage disabled: the choice cannot be kept, and the toggle shows what is stored.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [enabled, setEnabled];
}

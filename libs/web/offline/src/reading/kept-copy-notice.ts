import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which pages show a kept copy now, and from when: the shell's Offline banner reads it, the pages that show kept
 * copies (the viewer, the dashboard) report it. One small store, so the banner's words live in one place.
 */
const shown = new Map<symbol, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function update() {
  oldest = shown.size === 0 ? null : Math.min(...shown.values());
  listeners.forEach((listener) => listener());
}

/** Reports that the page shows a copy kept at `keptAt` (epoch ms) until the returned function is called. */
export function showKeptCopy(keptAt: number): () => void {
  const token = Symbol('kept copy');
  shown.set(token, keptAt);
  update();
  return () => {
    shown.delete(token);
    update();
  };
}

/** The time of the oldest kept copy on screen, or null when everything shown came from the server. */
export function useOldestKeptCopyShown(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => oldest,
    () => oldest,
  );
}

/** For a page: while it shows a kept copy (`keptAt` not null), the Offline banner says so with the copy's time. */
export function useKeptCopyShown(keptAt: number | null): void {
  useEffect(() => (keptAt === null ? undefined : showKeptCopy(keptAt)), [keptAt]);
}

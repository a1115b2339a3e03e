import { ApiError } from '@memories/web-api-client';
import type { KeptCopy } from './offline-reading';

/** An answer of the server (`keptAt` null), or with no connection this device's copy and when it was kept. */
export interface ReadThrough<T> {
  value: T;
  keptAt: number | null;
}

export interface ReadThroughSteps<T> {
  load: () => Promise<T>;
  /** Keeps a fresh answer; never delays it, and a failure to keep it is no failure to read it. */
  keep: (value: T) => Promise<void>;
  kept: () => Promise<KeptCopy<T> | null>;
}

/**
 * Reads from the server and keeps the answer; when the server cannot be reached, answers with the kept copy.
 * Anything else (not found, refused) rejects as before: a kept copy never hides what the server said.
 */
export async function readThrough<T>({ load, keep, kept }: ReadThroughSteps<T>): Promise<ReadThrough<T>> {
  try {
    const value = await load();
    void keep(value).catch(() => undefined);
    return { value, keptAt: null };
  } catch (error) {
    if (!(error instanceof ApiError && error.isUnreachable)) throw error;
    const copy = await kept().catch(() => null);
    if (!copy) throw error;
    return { value: copy.value, keptAt: copy.savedAt };
  }
}

import { offlineReading } from './default-offline-reading';
import { readThrough, type ReadThrough } from './read-through';

/**
 * `readThrough` for one value kept under `key` in the reading database's values (a journal's wrapped key, the list
 * of journals), which sign-out clears with the rest of the user's offline copy. With no one signed in nothing is
 * kept, and nothing kept is answered.
 */
export function readThroughKeptValue<T>(
  userId: string | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<ReadThrough<T>> {
  return readThrough<T>({
    load,
    keep: (value) => (userId ? offlineReading.keepValue(userId, key, value) : Promise.resolve()),
    kept: () => (userId ? offlineReading.keptValue<T>(userId, key) : Promise.resolve(null)),
  });
}

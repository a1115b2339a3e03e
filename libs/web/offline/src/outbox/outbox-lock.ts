/**
 * One sender at a time across the app's tabs: the Web Locks API where the browser has it (every current one does),
 * otherwise one at a time within the tab. Without cross-tab locking two tabs could send the same save; the create's
 * idempotency key and the update's version still keep that from duplicating or overwriting anything.
 */
let withinTab: Promise<unknown> = Promise.resolve();

const lockName = (userId: string) => `memories-outbox-${userId}`;

/** Runs `send` holding the user's outbox lock, waiting for it when another sender holds it. */
export function withOutboxLock<T>(userId: string, send: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return navigator.locks.request(lockName(userId), send) as Promise<T>;
  const run = withinTab.then(send, send);
  withinTab = run.catch(() => undefined);
  return run;
}

/** Runs `send` holding the lock only if no other sender holds it; null when one does (its drain covers this one). */
export async function ifOutboxLockFree<T>(userId: string, send: () => Promise<T>): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(lockName(userId), { ifAvailable: true }, (lock) =>
      lock ? send() : null,
    ) as Promise<T | null>;
  }
  return withOutboxLock(userId, send);
}

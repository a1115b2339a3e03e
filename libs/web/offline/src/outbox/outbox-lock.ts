import { ifDeviceLockFree, withDeviceLock } from '../device-lock';

/**
 * One sender of a user's outbox at a time across the app's tabs. Without cross-tab locking two tabs could send the
 * same save; the create's idempotency key and the update's version still keep that from duplicating or overwriting
 * anything.
 */
const lockName = (userId: string) => `memories-outbox-${userId}`;

/** Runs `send` holding the user's outbox lock, waiting for it when another sender holds it. */
export const withOutboxLock = <T>(userId: string, send: () => Promise<T>): Promise<T> =>
  withDeviceLock(lockName(userId), send);

/** Runs `send` holding the lock only if no other sender holds it; null when one does (its drain covers this one). */
export const ifOutboxLockFree = <T>(userId: string, send: () => Promise<T>): Promise<T | null> =>
  ifDeviceLockFree(lockName(userId), send);

/**
 * One holder at a time of a named lock across the app's tabs: the Web Locks API where the browser has it (every
 * current one does), otherwise one at a time within this page.
 */
const withinPage = new Map<string, Promise<unknown>>();

const webLocks = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/** Runs `work` holding the lock `name`, waiting for it while another holder has it. */
export function withDeviceLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(name, work) as Promise<T>;
  const run = (withinPage.get(name) ?? Promise.resolve()).then(work, work);
  const released = run.then(
    () => undefined,
    () => undefined,
  );
  withinPage.set(name, released);
  void released.then(() => {
    if (withinPage.get(name) === released) withinPage.delete(name);
  });
  return run;
}

/**
 * Runs `work` holding the lock only if no one else holds it; null when someone does. Without Web Locks it waits for
 * the lock instead, as only this page can hold it.
 */
export async function ifDeviceLockFree<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  const locks = webLocks();
  if (locks) return locks.request(name, { ifAvailable: true }, (lock) => (lock ? work() : null)) as Promise<T | null>;
  return withDeviceLock(name, work);
}

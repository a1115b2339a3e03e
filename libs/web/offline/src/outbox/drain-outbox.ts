import { ifOutboxLockFree } from './outbox-lock';
import { pendingSavesOf } from './outbox';
import { outboxAvailable } from './outbox-database';
import { sendPendingSave, type SaveApi } from './send-pending-save';

/** While saves wait, the connection is tried again this often (besides the browser's `online` event). */
export const DRAIN_RETRY_MS = 30_000;

/**
 * Sends the user's pending saves in the order they were first made, each once. Stops at the first one the server
 * cannot be reached for (the rest would fail alike); a save waiting for the user's choice, or refused, is passed over
 * and stays. Resolves whether everything pending was sent (false also when another tab is draining).
 */
export async function drainOutbox(api: SaveApi, userId: string): Promise<boolean> {
  if (!outboxAvailable()) return true;
  const drained = await ifOutboxLockFree(userId, async () => {
    // Read again after every send: a save made meanwhile (or what is left of one saved again while it was on its
    // way) goes in the same drain, and each save is sent once per content.
    const tried = new Set<string>();
    for (;;) {
      const save = (await pendingSavesOf(userId)).find(
        (next) => next.state === 'pending' && !tried.has(`${next.memoryId}:${next.revision}`),
      );
      if (!save) return true;
      tried.add(`${save.memoryId}:${save.revision}`);
      const outcome = await sendPendingSave(api, userId, save.memoryId);
      if (outcome.status === 'unreachable') return false;
    }
  });
  return drained === true;
}

/**
 * Drains the signed-in user's outbox now (app start), whenever the browser says it is online again, and every
 * `DRAIN_RETRY_MS` while saves wait (the `online` event is not always sent, e.g. when only the server was down).
 * Returns the function that stops it (sign-out, another user).
 */
export function startOutboxDrain(api: SaveApi, userId: string, retryMs = DRAIN_RETRY_MS): () => void {
  let stopped = false;
  let running: Promise<void> | null = null;
  const drain = () => {
    if (stopped || running) return;
    running = drainOutbox(api, userId)
      .catch((failure: unknown) => console.error('Sending the saves kept on this device failed', failure))
      .then(() => {
        running = null;
      });
  };
  drain();
  window.addEventListener('online', drain);
  const timer = setInterval(() => {
    if (navigator.onLine !== false) drain();
  }, retryMs);
  return () => {
    stopped = true;
    window.removeEventListener('online', drain);
    clearInterval(timer);
  };
}

import type { Memory } from '@memories/contracts';

/** What the outbox tells every page of the app, in this tab and the others. */
export type OutboxEvent =
  /** The user's outbox changed (a save kept, sent, refused, discarded): counts are read again. */
  | { type: 'changed'; userId: string }
  /**
   * A save was sent. `localId`: the memory was created offline under that id. `settled`: nothing of it is left to
   * send (otherwise the user saved again while it was on its way, and that save is still pending).
   */
  | { type: 'sent'; userId: string; memory: Memory; localId?: string; settled: boolean }
  /** A save was refused because the memory changed elsewhere: it waits for the user's choice between the two. */
  | { type: 'conflict'; userId: string; memoryId: string; theirs: Memory };

type Listener = (event: OutboxEvent) => void;

const listeners = new Set<Listener>();
// Other tabs of the app: a drain runs in one tab only, every tab shows its outcome. Opened on first use.
let channel: BroadcastChannel | null | undefined;

function otherTabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('memories-outbox') : null;
  channel?.addEventListener('message', (message: MessageEvent<OutboxEvent>) =>
    listeners.forEach((listener) => listener(message.data)),
  );
  // Node (unit tests) would otherwise stay alive for the channel.
  (channel as { unref?: () => void } | null)?.unref?.();
  return channel;
}

export function announce(event: OutboxEvent): void {
  listeners.forEach((listener) => listener(event));
  otherTabs()?.postMessage(event);
}

export function onOutboxEvent(listener: Listener): () => void {
  otherTabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

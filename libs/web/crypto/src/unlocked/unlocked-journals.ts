/** Why the journals were locked: the person asked, they signed out, or they were away longer than they chose. */
export type LockReason = 'asked' | 'signed-out' | 'idle';

export interface UnlockedJournalsSnapshot {
  /** The ids of the journals open in this tab. */
  unlocked: ReadonlySet<string>;
  /** Why the last lock happened, until the next unlock (for "Locked after 15 minutes away"). */
  lastLock: LockReason | null;
}

/**
 * The journal keys unlocked in this tab, and only in its memory: never written to storage, never sent anywhere, gone
 * with the tab, at "Lock now", at sign-out and after the idle time the person chose. The keys cannot be exported
 * (WebCrypto keeps their bytes out of reach of any script). A Module Federation singleton: every remote sees one store.
 */
export class UnlockedJournals {
  private readonly keys = new Map<string, CryptoKey>();
  private readonly listeners = new Set<() => void>();
  private snapshot: UnlockedJournalsSnapshot = { unlocked: new Set(), lastLock: null };
  private idleMs: number | null = null;
  private lastActivity = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** The key of an unlocked journal, or undefined while it is locked. */
  key(journalId: string): CryptoKey | undefined {
    return this.keys.get(journalId);
  }

  isUnlocked(journalId: string): boolean {
    return this.keys.has(journalId);
  }

  unlock(journalId: string, key: CryptoKey): void {
    if (key.extractable !== false) throw new TypeError('Only a non-extractable journal key may be kept unlocked');
    this.keys.set(journalId, key);
    this.lastActivity = Date.now();
    this.publish(null);
    this.schedule();
  }

  lock(journalId: string): void {
    if (!this.keys.delete(journalId)) return;
    this.publish('asked');
    if (this.keys.size === 0) this.cancel();
  }

  /** Locks every journal of this tab ("Lock now", sign-out, idle). */
  lockAll(reason: LockReason = 'asked'): void {
    this.cancel();
    if (this.keys.size === 0) return;
    this.keys.clear();
    this.publish(reason);
  }

  /** Lock after this many minutes without activity (null: only on "Lock now", sign-out or closing the tab). */
  setIdleMinutes(minutes: number | null): void {
    this.idleMs = minutes === null ? null : Math.max(1, minutes) * 60_000;
    this.cancel();
    this.schedule();
  }

  /** The person did something (a key, a click, a touch): the idle time starts again. Cheap enough for every event. */
  noteActivity(): void {
    this.lastActivity = Date.now();
  }

  /** For React's useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UnlockedJournalsSnapshot => this.snapshot;

  private publish(lastLock: LockReason | null): void {
    this.snapshot = { unlocked: new Set(this.keys.keys()), lastLock };
    for (const listener of this.listeners) listener();
  }

  /** One timer for the whole idle time; activity only moves `lastActivity`, and the timer looks again when it fires. */
  private schedule(): void {
    if (this.idleMs === null || this.keys.size === 0 || this.timer !== undefined) return;
    const remaining = this.lastActivity + this.idleMs - Date.now();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.idleMs !== null && Date.now() - this.lastActivity >= this.idleMs) this.lockAll('idle');
        else this.schedule();
      },
      Math.max(0, remaining),
    );
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The events that count as the person being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Feeds a page's activity to the store (passive listeners); returns the function that stops it. */
export function watchActivity(target: EventTarget, journals: UnlockedJournals): () => void {
  const note = () => journals.noteActivity();
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, note, { passive: true, capture: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, note, { capture: true });
  };
}

import { unlockedJournals, watchActivity } from '@memories/web-crypto/unlocked-journals';
import type { SessionStore } from '@memories/web-session';

/** The idle times a person may choose before their locked journals lock again; null: only when they ask or sign out. */
export const IDLE_LOCK_CHOICES = [5, 15, 60, null] as const;
export type IdleLockMinutes = (typeof IDLE_LOCK_CHOICES)[number];

/** The idle time of a new device: short enough that a laptop left open locks before long. */
export const DEFAULT_IDLE_LOCK_MINUTES: IdleLockMinutes = 15;

const storageKey = (userId: string) => `memories-journal-lock-idle:${userId}`;

/** The idle time this person chose on this device (a setting of the device, not a secret). */
export function idleLockMinutes(userId: string): IdleLockMinutes {
  const stored = globalThis.localStorage?.getItem(storageKey(userId));
  if (stored === 'never') return null;
  const minutes = Number(stored);
  return (IDLE_LOCK_CHOICES as readonly (number | null)[]).includes(minutes)
    ? (minutes as IdleLockMinutes)
    : DEFAULT_IDLE_LOCK_MINUTES;
}

export function setIdleLockMinutes(userId: string, minutes: IdleLockMinutes): void {
  globalThis.localStorage?.setItem(storageKey(userId), minutes === null ? 'never' : String(minutes));
  unlockedJournals.setIdleMinutes(minutes);
}

/**
 * Started once by the shell: the page's activity feeds the idle lock, the signed-in person's idle time applies, and
 * signing out (or another person signing in) locks every journal. It needs only the store of unlocked keys, so a
 * signed-in page that unlocks nothing loads none of the journals' cryptography, nor the list of journals: that list
 * loads again for whoever signs in next (`JournalsStore.ensure`).
 */
export function startJournalLocking(
  session: Pick<SessionStore, 'getState' | 'subscribe'>,
  page: EventTarget,
): () => void {
  let userId = session.getState().user?.id ?? null;
  if (userId) unlockedJournals.setIdleMinutes(idleLockMinutes(userId));
  const stopWatching = watchActivity(page, unlockedJournals);
  const stopListening = session.subscribe(() => {
    const next = session.getState().user?.id ?? null;
    if (next === userId) return;
    unlockedJournals.lockAll('signed-out');
    userId = next;
    if (userId) unlockedJournals.setIdleMinutes(idleLockMinutes(userId));
  });
  return () => {
    stopWatching();
    stopListening();
  };
}

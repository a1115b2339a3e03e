import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  draftMirror,
  MIRROR_DELAY_MS,
  MIRROR_IDLE_TIMEOUT_MS,
  MIRROR_WRITE_MEASURE,
  type DraftToMirror,
} from '../utils/draft-mirror.util';

type Cancel = () => void;

/** Work done ahead of a write in slices of idle time; true when nothing is left for the write to do ahead. */
export type PrepareDraft = (hasTime: () => boolean) => boolean;

/** The longest slice of idle time the mirror takes at once, even when the browser offers more. */
const IDLE_SLICE_MS = 10;

/**
 * Runs `work` MIRROR_DELAY_MS from now, in idle time, so the write never sits between a key and its paint; `prepare`
 * first runs in as many idle slices as it needs. MIRROR_IDLE_TIMEOUT_MS after the delay, what is left runs at once:
 * unsaved text is never further behind than that, even while typing leaves the browser no idle time. Without
 * `requestIdleCallback` (Safari): all at the delay.
 */
function whenIdleAfterDelay(prepare: PrepareDraft, work: () => void): Cancel {
  let cancel: Cancel = () => undefined;
  let due = 0;
  const whenIdle = () => {
    // At least 1: a timeout of 0 is no timeout at all for requestIdleCallback.
    const idle = window.requestIdleCallback(onIdle, { timeout: Math.max(1, due - performance.now()) });
    cancel = () => window.cancelIdleCallback(idle);
  };
  const onIdle = (deadline: IdleDeadline) => {
    const sliceEnd = performance.now() + IDLE_SLICE_MS;
    const overdue = performance.now() >= due;
    if (
      prepare(() => overdue || (performance.now() < sliceEnd && (deadline.didTimeout || deadline.timeRemaining() > 0)))
    )
      return work();
    whenIdle();
  };
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback !== 'function') return work();
    due = performance.now() + MIRROR_IDLE_TIMEOUT_MS;
    whenIdle();
  }, MIRROR_DELAY_MS);
  cancel = () => clearTimeout(timer);
  return () => cancel();
}

/**
 * What a write cost the main thread, as a User Timing entry (only the latest is kept). Not in jsdom, which has no
 * User Timing, nor under Jest's fake timers, whose `performance` has only part of it.
 */
function measureWrite(started: number): void {
  if (typeof performance.measure !== 'function' || typeof performance.clearMeasures !== 'function') return;
  performance.clearMeasures(MIRROR_WRITE_MEASURE);
  performance.measure(MIRROR_WRITE_MEASURE, { start: started, end: performance.now() });
}

export interface DraftMirror {
  /** An edit happened: write the mirror soon, in idle time. */
  schedule(): void;
  /** Write now what is pending (before leaving, after a failed save). */
  flush(): void;
  /** Nothing is pending any more (everything was saved). */
  cancel(): void;
}

/**
 * Keeps unsaved edits on this device: written in idle time about half a second after an edit (while typing goes on,
 * about every half second; `prepare` serialises ahead and the mirror stores ahead the chunks the write will list, in
 * idle slices), and at once when the page is hidden, closed or left, or a save fails. A reload, a closed tab or a
 * lost session loses nothing; a crash of the browser at most the last MIRROR_DELAY_MS + MIRROR_IDLE_TIMEOUT_MS.
 */
export function useDraftMirror(
  key: () => string,
  snapshot: () => DraftToMirror | null,
  prepare: PrepareDraft = () => true,
): DraftMirror {
  const waiting = useRef<Cancel | null>(null);
  const pending = useRef(false);
  const latest = useRef({ key, snapshot, prepare });
  latest.current = { key, snapshot, prepare };

  const stopWaiting = useCallback(() => {
    waiting.current?.();
    waiting.current = null;
  }, []);

  const flush = useCallback(() => {
    stopWaiting();
    if (!pending.current) return;
    pending.current = false;
    const started = performance.now();
    const draft = latest.current.snapshot();
    if (draft) draftMirror.write(latest.current.key(), draft);
    measureWrite(started);
  }, [stopWaiting]);

  const schedule = useCallback(() => {
    pending.current = true;
    // Serialised first, then the chunks the write will store are stored ahead, both in idle slices.
    const prepare: PrepareDraft = (hasTime) => {
      if (!latest.current.prepare(hasTime)) return false;
      const draft = latest.current.snapshot();
      return draft ? draftMirror.prepare(latest.current.key(), draft.content, hasTime) : true;
    };
    // A write already on its way takes this edit too: the next key does not postpone it.
    waiting.current ??= whenIdleAfterDelay(prepare, flush);
  }, [flush]);

  const cancel = useCallback(() => {
    stopWaiting();
    pending.current = false;
  }, [stopWaiting]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [flush]);

  // A layout-effect clean-up runs before the children's, so the rich-text editor can still be read when the page
  // goes away (a route change, a sign-out after an expired session).
  useLayoutEffect(() => flush, [flush]);

  return { schedule, flush, cancel };
}

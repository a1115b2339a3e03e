import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { draftMirror, MIRROR_DELAY_MS, MIRROR_IDLE_TIMEOUT_MS, type DraftToMirror } from '../utils/draft-mirror.util';

type Cancel = () => void;

/**
 * Runs `work` MIRROR_DELAY_MS from now, in the first idle moment after that (at the latest MIRROR_IDLE_TIMEOUT_MS
 * later), so the write never sits between a key and its paint. Without `requestIdleCallback` (Safari): at the delay.
 */
function whenIdleAfterDelay(work: () => void): Cancel {
  let cancel: Cancel = () => undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback !== 'function') return work();
    const idle = window.requestIdleCallback(() => work(), { timeout: MIRROR_IDLE_TIMEOUT_MS });
    cancel = () => window.cancelIdleCallback(idle);
  }, MIRROR_DELAY_MS);
  cancel = () => clearTimeout(timer);
  return () => cancel();
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
 * about every half second), and at once when the page is hidden, closed or left, or a save fails. A reload, a closed
 * tab or a lost session loses nothing; a crash of the browser at most the last MIRROR_DELAY_MS + MIRROR_IDLE_TIMEOUT_MS.
 */
export function useDraftMirror(key: () => string, snapshot: () => DraftToMirror | null): DraftMirror {
  const waiting = useRef<Cancel | null>(null);
  const pending = useRef(false);
  const latest = useRef({ key, snapshot });
  latest.current = { key, snapshot };

  const stopWaiting = useCallback(() => {
    waiting.current?.();
    waiting.current = null;
  }, []);

  const flush = useCallback(() => {
    stopWaiting();
    if (!pending.current) return;
    pending.current = false;
    const draft = latest.current.snapshot();
    if (draft) draftMirror.write(latest.current.key(), draft);
  }, [stopWaiting]);

  const schedule = useCallback(() => {
    pending.current = true;
    // A write already on its way takes this edit too: the next key does not postpone it.
    waiting.current ??= whenIdleAfterDelay(flush);
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

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { draftMirror, MIRROR_DELAY_MS, type MirroredDraft } from '../utils/draft-mirror.util';

export interface DraftMirror {
  /** An edit happened: write the mirror shortly. */
  schedule(): void;
  /** Write now what is pending (before leaving, after a failed save). */
  flush(): void;
  /** Nothing is pending any more (everything was saved). */
  cancel(): void;
}

/**
 * Keeps unsaved edits on this device: written a moment after each edit, and at once when the page is hidden,
 * closed or left, so a crash, a closed tab or a lost session costs at most the last fraction of a second.
 */
export function useDraftMirror(key: () => string, snapshot: () => MirroredDraft | null): DraftMirror {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  const latest = useRef({ key, snapshot });
  latest.current = { key, snapshot };

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (!pending.current) return;
    pending.current = false;
    const draft = latest.current.snapshot();
    if (draft) draftMirror.write(latest.current.key(), draft);
  }, []);

  const schedule = useCallback(() => {
    pending.current = true;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(flush, MIRROR_DELAY_MS);
  }, [flush]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = false;
  }, []);

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

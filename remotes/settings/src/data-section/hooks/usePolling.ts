import { useEffect, useRef } from 'react';

/** How often a running export or import is asked how far it is. */
export const POLL_INTERVAL_MS = 1000;

/**
 * Calls `poll` every POLL_INTERVAL_MS while `active`, one call at a time, until it answers true (finished); stops
 * when the page goes away.
 */
export function usePolling(active: boolean, poll: () => Promise<boolean>): void {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const finished = await latest.current().catch(() => false);
      if (!stopped && !finished) timer = setTimeout(tick, POLL_INTERVAL_MS);
    };
    timer = setTimeout(tick, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);
}

import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker, type Location } from 'react-router';

/**
 * Asks before leaving with unsaved changes: the browser's own prompt when the tab is closed or reloaded, and the
 * returned blocker (shown by the page as a dialog) for a move inside the app. `shouldAsk` is read at that moment.
 */
export function useLeaveGuard(shouldAsk: (next: Location | null) => boolean): Blocker {
  const ask = useRef(shouldAsk);
  ask.current = shouldAsk;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!ask.current(null)) return;
      event.preventDefault();
      // Older Chromium versions only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && ask.current(nextLocation),
  );
}

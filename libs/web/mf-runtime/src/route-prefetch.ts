import { ROUTE_PREFETCH_ATTRIBUTE, ROUTE_PREFETCH_MARK } from '@memories/contracts';
import { whenIdle } from './when-idle';

/** Elements whose click opens a route of this app: marked ones, and same-origin links. */
const ROUTE_TARGETS = `[${ROUTE_PREFETCH_ATTRIBUTE}], a[href^="/"]:not([href^="//"])`;
const MARKED = `[${ROUTE_PREFETCH_ATTRIBUTE}]`;
/** Visibility prefetch waits for an idle moment, but not longer than this after the element showed. */
const IDLE_TIMEOUT_MS = 2000;

export interface RoutePrefetchOptions {
  /** Starts loading the code of the page that `path` renders; called at most once per path. */
  prefetch(path: string): void;
  root?: Document;
}

function routeOf(element: Element): string | null {
  const marked = element.getAttribute(ROUTE_PREFETCH_ATTRIBUTE);
  if (marked) return marked;
  return element.getAttribute('href');
}

/** Data Saver asks sites not to fetch speculatively. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Prefetches the page code of the routes the user is about to open: a marked element when it is visible (once the
 * browser is idle) and any route target on hover, focus or touch (the user's intent, ~100-300 ms before the click).
 * Nothing is prefetched under Data Saver. Answers a function that stops it.
 */
export function installRoutePrefetch({ prefetch, root = document }: RoutePrefetchOptions): () => void {
  if (savesData()) return () => undefined;
  const started = new Set<string>();
  const start = (path: string | null) => {
    if (!path || started.has(path)) return;
    if (started.size === 0) performance.mark(ROUTE_PREFETCH_MARK);
    started.add(path);
    prefetch(path);
  };

  const onIntent = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(ROUTE_TARGETS) : null;
    if (target) start(routeOf(target));
  };
  const intents = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of intents) root.addEventListener(type, onIntent, { passive: true, capture: true });

  // Without IntersectionObserver (old browsers, jsdom) only the user's intent prefetches.
  const stopWatching = typeof IntersectionObserver === 'function' ? prefetchWhenVisible(root, start) : () => undefined;

  return () => {
    for (const type of intents) root.removeEventListener(type, onIntent, { capture: true });
    stopWatching();
  };
}

/** Starts `start` for each marked element once it is visible and the browser idle, including elements added later. */
function prefetchWhenVisible(root: Document, start: (path: string | null) => void): () => void {
  const watched = new WeakSet<Element>();
  const visibility = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visibility.unobserve(entry.target);
      whenIdle(() => start(routeOf(entry.target)), IDLE_TIMEOUT_MS);
    }
  });
  let scanScheduled = false;
  const scan = () => {
    scanScheduled = false;
    for (const element of root.querySelectorAll(MARKED)) {
      if (watched.has(element)) continue;
      watched.add(element);
      visibility.observe(element);
    }
  };
  // Pages render their marked elements after their data arrives: look again whenever the page changed.
  const changes = new MutationObserver(() => {
    if (scanScheduled) return;
    scanScheduled = true;
    whenIdle(scan, IDLE_TIMEOUT_MS);
  });
  changes.observe(root.body, { childList: true, subtree: true });
  scan();
  return () => {
    changes.disconnect();
    visibility.disconnect();
  };
}

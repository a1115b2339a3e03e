/**
 * Runs `work` once the browser is idle (or `timeout` ms from now at the latest, when given); a plain timer where there is
 * no `requestIdleCallback` (Safari, jsdom). Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeout?: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, 1);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(work, timeout === undefined ? undefined : { timeout });
  return () => cancelIdleCallback(idle);
}

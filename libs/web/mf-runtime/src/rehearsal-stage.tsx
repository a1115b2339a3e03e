import { Component, startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from './when-idle';

/**
 * A page's rehearsal: what its remote module exports as `<Page>Rehearsal`, rendered once out of sight before the page
 * is first opened, so that opening it does not pay for compiling its code and inserting its styles (issue 39).
 * It calls `onDone` when it has rendered what the page renders first; it must not write anything anywhere.
 */
export type PageRehearsal = (props: { onDone: () => void }) => ReactNode;

/** A rehearsal that never says it is done is taken down after this long. */
export const REHEARSAL_TIMEOUT_MS = 10_000;

const waiting: PageRehearsal[] = [];
const listeners = new Set<() => void>();

/** Queues `rehearsal` for the stage; the first one waiting is the one on stage. */
export function requestRehearsal(rehearsal: PageRehearsal): void {
  if (waiting.includes(rehearsal)) return;
  waiting.push(rehearsal);
  for (const listener of listeners) listener();
}

/**
 * Takes `rehearsal` off the stage, or out of the queue: done, failed, timed out, or no longer worth it (its page was
 * opened for real, which paid what the rehearsal would have).
 */
export function finishRehearsal(rehearsal: PageRehearsal): void {
  const index = waiting.indexOf(rehearsal);
  if (index < 0) return;
  waiting.splice(index, 1);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const nextWaiting = () => waiting[0] ?? null;

/** A rehearsal that fails ends quietly: the page itself, when opened, shows its own errors. */
class QuietBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Where rehearsals happen: one at a time, each starting when the browser is idle, rendered as a transition (React
 * yields to a click or a key between its slices) into an element that is never attached to the document. So nobody
 * sees, hears or can focus it, and it costs no layout; but the page's code runs, and its styles go into the document's
 * style sheets as when it opens. Put it once inside the app's providers: a rehearsal reads the same theme and session.
 */
export function RehearsalStage() {
  const next = useSyncExternalStore(subscribe, nextWaiting, nextWaiting);
  const [onStage, setOnStage] = useState<PageRehearsal | null>(null);
  const [backstage] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));

  useEffect(() => {
    if (!next) return undefined;
    return whenIdle(() => startTransition(() => setOnStage(() => next)));
  }, [next]);

  useEffect(() => {
    if (!onStage) return undefined;
    const timer = setTimeout(() => finishRehearsal(onStage), REHEARSAL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [onStage]);

  if (!onStage || onStage !== next || !backstage) return null;
  const Rehearsal = onStage;
  const done = () => finishRehearsal(Rehearsal);
  return createPortal(
    <QuietBoundary onError={done}>
      <Rehearsal onDone={done} />
    </QuietBoundary>,
    backstage,
  );
}

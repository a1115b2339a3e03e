import { lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import { LazyPartAttempt } from './LazyPartBoundary';

interface Load<Props> {
  attempt: number;
  failed: boolean;
  Part: LazyExoticComponent<ComponentType<Props>>;
}

/** A lazily loaded part, with a way to fetch its code before it is first shown. */
export type LazyPart<Props> = ComponentType<Props> & {
  /** Fetches the part's code now (a pointer over or focus on what opens it), so opening it waits for nothing. */
  preload(): void;
};

/**
 * React.lazy for a part of a page inside a LazyPartBoundary, except that a failed load is not kept for good. React.lazy
 * remembers a rejected import for the life of the page, so a part lost to a dropped network would stay lost until a
 * reload; here a new attempt (the boundary's Retry, its `retryKey` changing, a new boundary) fetches the code again.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPart<Props> {
  const start = (attempt: number): Load<Props> => {
    const started: Load<Props> = {
      attempt,
      failed: false,
      Part: lazy(() =>
        load().then(
          (component) => ({ default: component }),
          (error: unknown) => {
            started.failed = true;
            throw error;
          },
        ),
      ),
    };
    return started;
  };
  let latest: Load<Props> | undefined;
  function LazyPart(props: Props) {
    const attempt = useContext(LazyPartAttempt);
    // React renders a failed part once more after its load rejects; only a new attempt fetches again.
    if (!latest || (latest.failed && latest.attempt !== attempt)) latest = start(attempt);
    const { Part } = latest;
    return <Part {...props} />;
  }
  // A failed preload is not remembered: the part's own load asks again when it is shown.
  return Object.assign(LazyPart, { preload: () => void load().catch(() => undefined) });
}

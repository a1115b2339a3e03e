import { LoadingIndicator } from '@memories/web-ui';
import { useEffect, useState, type ComponentType } from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteLoadError } from './remote-load-error';
import type { RemoteRegistry } from './remote-registry';
import { finishRehearsal, requestRehearsal, type PageRehearsal } from './rehearsal-stage';

/** A page component whose code can be fetched before it first renders. */
export type RemotePageComponent<P extends object = object> = ComponentType<P> & {
  /** Starts loading the remote module now (e.g. with the app, in parallel with restoring the session); never throws. */
  preload(): void;
  /**
   * Loads the remote module and, the first time, puts its rehearsal (its `<Page>Rehearsal` export, if it has one) on
   * the app's RehearsalStage; never throws.
   */
  rehearse(): void;
};

type PageState<P> = { Page: ComponentType<P>; error?: undefined } | { Page?: undefined; error?: unknown };

/**
 * A component that loads `module` of `remote` and renders its export of the same name (`./LandingPage` →
 * `LandingPage`). While loading it shows a spinner; if loading or rendering fails, the fallback with Retry.
 * The loaded page is kept per remote module, so navigating back to a page does not load it again.
 *
 * Loading is plain component state, not React.lazy and Suspense: React holds back revealing a suspended boundary
 * until 300 ms after its fallback appeared, so a page whose code arrived right after the spinner showed still
 * waited out the rest of those 300 ms before it could even start fetching its data (docs/performance.md).
 */
export function createRemoteComponent<P extends object = object>(
  registry: RemoteRegistry,
  remote: string,
  module: string,
): RemotePageComponent<P> {
  const exportName = module.replace(/^\.\//, '');
  let loaded: ComponentType<P> | null = null;
  // One load shared by preload() and the first render; a failed one is forgotten, so the next attempt loads again.
  let loading: Promise<ComponentType<P>> | null = null;
  // The runtime keeps a failed manifest or entry script; a prefetch the user did not ask for must not leave that
  // behind.
  let preloadFailed = false;
  let rehearsal: PageRehearsal | null = null;
  let rehearsed = false;
  const loadPage = (): Promise<ComponentType<P>> => {
    if (!loading && preloadFailed) {
      preloadFailed = false;
      registry.reset(remote);
    }
    loading ??= registry.load(remote, module).then(
      (exports) => {
        const component = exports[exportName];
        if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
          throw new RemoteLoadError(remote, `"${remote}/${exportName}" is not a component.`);
        }
        loaded = component as ComponentType<P>;
        const rehearsalExport = exports[`${exportName}Rehearsal`];
        if (typeof rehearsalExport === 'function') rehearsal = rehearsalExport as PageRehearsal;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function RemotePage(props: P) {
    const [state, setState] = useState<PageState<P>>(() => (loaded ? { Page: loaded } : {}));
    useEffect(() => {
      if (state.Page || state.error) return;
      let mounted = true;
      loadPage().then(
        (Page) => mounted && setState({ Page }),
        (error: unknown) =>
          mounted && setState({ error: error ?? new RemoteLoadError(remote, `"${remote}" could not be loaded.`) }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    useEffect(() => {
      if (!state.Page) return;
      // Opened for real: its first render is paid. A rehearsal after it (a link to the page came into view) only took
      // the main thread from the person, an editor's rehearsal while they typed in the editor.
      rehearsed = true;
      if (rehearsal) finishRehearsal(rehearsal);
    }, [state.Page]);
    // Thrown while rendering, so the RemoteBoundary around the page shows the fallback with Retry.
    if (state.error) throw state.error;
    return state.Page ? <state.Page {...props} /> : <LoadingIndicator />;
  }

  function RemoteComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      registry.reset(remote);
      loading = null;
      setAttempt((count) => count + 1);
    };
    return (
      <RemoteBoundary key={attempt} remote={remote} onRetry={retry}>
        <RemotePage {...props} />
      </RemoteBoundary>
    );
  }
  RemoteComponent.displayName = `Remote(${remote}/${exportName})`;
  // A failure here is not shown: the page's own render loads again, from the network, and shows the fallback if it
  // fails too.
  const preload = () =>
    loadPage().then(
      () => true,
      () => {
        preloadFailed = true;
        return false;
      },
    );
  RemoteComponent.preload = () => void preload();
  RemoteComponent.rehearse = () => {
    if (rehearsed) return;
    rehearsed = true;
    void preload().then((ready) => {
      if (ready && rehearsal) requestRehearsal(rehearsal);
      // Not loaded: the next prefetch of the page tries again.
      else if (!ready) rehearsed = false;
    });
  };
  return RemoteComponent;
}

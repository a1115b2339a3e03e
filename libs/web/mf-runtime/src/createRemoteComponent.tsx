import { LoadingIndicator } from '@memories/web-ui';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteLoadError } from './remote-load-error';
import type { RemoteModule, RemoteRegistry } from './remote-registry';

/** A page component whose code can be fetched before it first renders. */
export type RemotePageComponent<P extends object = object> = ComponentType<P> & {
  /** Starts loading the remote module now (e.g. with the app, in parallel with restoring the session); never throws. */
  preload(): void;
};

/**
 * A component that lazily loads `module` of `remote` and renders its export of the same name (`./LandingPage` →
 * `LandingPage`). While loading it shows a spinner; if loading or rendering fails, the fallback with Retry.
 * The lazy component is kept per remote module, so navigating back to a page does not load it again.
 */
export function createRemoteComponent<P extends object = object>(registry: RemoteRegistry, remote: string, module: string): RemotePageComponent<P> {
  const exportName = module.replace(/^\.\//, '');
  // One load shared by preload() and the first render; a failed one is forgotten, so rendering tries again.
  let loading: Promise<RemoteModule> | null = null;
  const loadModule = (): Promise<RemoteModule> => {
    loading ??= registry.load(remote, module).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const loadLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      const exports = await loadModule();
      const component = exports[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) throw new RemoteLoadError(remote, `"${remote}/${exportName}" is not a component.`);
      return { default: component as ComponentType<P> };
    });
  const current = { Page: loadLazy() };

  function RemoteComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      registry.reset(remote);
      loading = null;
      current.Page = loadLazy();
      setAttempt((count) => count + 1);
    };
    const { Page } = current;
    return (
      <RemoteBoundary key={attempt} remote={remote} onRetry={retry}>
        <Suspense fallback={<LoadingIndicator />}>
          <Page {...props} />
        </Suspense>
      </RemoteBoundary>
    );
  }
  RemoteComponent.displayName = `Remote(${remote}/${exportName})`;
  RemoteComponent.preload = () => {
    // A failure here is not shown: the page's own render loads again and shows the fallback if it fails too.
    loadModule().catch(() => undefined);
  };
  return RemoteComponent;
}

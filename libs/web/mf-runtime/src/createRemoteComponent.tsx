import { LoadingIndicator } from '@memories/web-ui';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteLoadError } from './remote-load-error';
import type { RemoteRegistry } from './remote-registry';

/**
 * A component that lazily loads `module` of `remote` and renders its export of the same name (`./LandingPage` →
 * `LandingPage`). While loading it shows a spinner; if loading or rendering fails, the fallback with Retry.
 * The lazy component is kept per remote module, so navigating back to a page does not load it again.
 */
export function createRemoteComponent<P extends object = object>(registry: RemoteRegistry, remote: string, module: string): ComponentType<P> {
  const exportName = module.replace(/^\.\//, '');
  const loadLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      const exports = await registry.load(remote, module);
      const component = exports[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) throw new RemoteLoadError(remote, `"${remote}/${exportName}" is not a component.`);
      return { default: component as ComponentType<P> };
    });
  const current = { Page: loadLazy() };

  function RemoteComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      registry.reset(remote);
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
  return RemoteComponent;
}

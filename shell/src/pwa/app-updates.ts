import { Workbox } from 'workbox-window';
import { PROMOTE_RELEASE_MESSAGE, RELEASE_READY_MESSAGE } from './service-worker/release-messages';
import { SERVICE_WORKER_FILE } from './web-app-manifest';

/** Whether a newer release (of the shell, or of a remote) is ready for the next load. */
export interface AppUpdates {
  isUpdateReady(): boolean;
  subscribe(listener: () => void): () => void;
  /** Reloads into the new release: only when the user asks, so nothing typed is lost and no page mixes releases. */
  reload(): void;
}

/**
 * Registers the service worker once the page has loaded (its precaching then never competes with the first load),
 * and follows it: a new shell build waits as a new worker, a new remote release waits in the worker's caches.
 */
export interface AppUpdatesOptions {
  workbox?: Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting' | 'messageSW'>;
  /** Where the worker's messages arrive; listened to from the start, before the worker is registered. */
  workerMessages?: Pick<ServiceWorkerContainer, 'addEventListener'>;
  reloadPage?: () => void;
}

export function startAppUpdates({
  workbox = new Workbox(`/${SERVICE_WORKER_FILE}`),
  workerMessages = navigator.serviceWorker,
  reloadPage = () => window.location.reload(),
}: AppUpdatesOptions = {}): AppUpdates {
  let updateReady = false;
  let shellWaiting = false;
  const listeners = new Set<() => void>();
  const announce = () => {
    updateReady = true;
    listeners.forEach((listener) => listener());
  };

  workbox.addEventListener('waiting', () => {
    shellWaiting = true;
    announce();
  });
  // Not workbox-window's own message event: that one starts with register() after `load`, and the worker may
  // find a new remote release while the page is still loading.
  workerMessages.addEventListener('message', (event) => {
    if (event.data?.type === RELEASE_READY_MESSAGE) announce();
  });
  const register = () => void workbox.register().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });

  return {
    isUpdateReady: () => updateReady,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      if (shellWaiting) {
        workbox.addEventListener('controlling', reloadPage);
        workbox.messageSkipWaiting();
        return;
      }
      void workbox.messageSW({ type: PROMOTE_RELEASE_MESSAGE }).finally(reloadPage);
    },
  };
}

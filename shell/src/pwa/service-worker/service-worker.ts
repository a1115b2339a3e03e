/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isKeptFileRequest, keptFileOrNetwork } from './kept-files-route';
import { PROMOTE_RELEASE_MESSAGE } from './release-messages';
import {
  isOnlyWindow,
  promotePendingRelease,
  REMOTE_CHUNKS_CACHE,
  RemoteReleaseStrategy,
} from './remote-release-cache';
import { isRemoteEntryPoint } from './remote-release-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The shell's build, by revision: a new build is a new worker that waits until the user chooses to reload.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const appPage = createHandlerBoundToURL('/index.html');
// Every route of the app opens from the precached page, also offline. A navigation is also the moment a waiting
// release of the remotes becomes current, when no other window still runs the old one.
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (await isOnlyWindow()) await promotePendingRelease();
      return appPage(options);
    },
    // The API and the probes are never the app (nor cached: private answers stay out of every cache here).
    { denylist: [/^\/api(\/|$)/, /^\/health\//] },
  ),
);

registerRoute(({ url }) => isRemoteEntryPoint(url), new RemoteReleaseStrategy());

// A remote's content-hashed files, wherever it is served from.
const HASHED_FILE = /[.-][0-9a-f]{8,}\.(js|css)$/i;
registerRoute(
  ({ url, request }) =>
    HASHED_FILE.test(url.pathname) && (request.destination === 'script' || request.destination === 'style'),
  new CacheFirst({
    cacheName: REMOTE_CHUNKS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
  }),
);

// Private images: from the network, or offline from the kept copy of the user signed in on the asking page.
registerRoute(isKeptFileRequest, keptFileOrNetwork);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  // workbox-window's messageSW() waits for an answer on the port it sends: the page reloads once it arrives.
  if (event.data?.type === PROMOTE_RELEASE_MESSAGE)
    event.waitUntil(promotePendingRelease().then(() => event.ports[0]?.postMessage(null)));
  // workbox-window's messageSkipWaiting(): the user chose to reload into the new shell.
  if (event.data?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});

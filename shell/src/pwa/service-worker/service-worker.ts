/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isKeptFileRequest, keptFileOrNetwork } from './kept-files-route';
import { PROMOTE_RELEASE_MESSAGE } from './release-messages';
import { openReminder, showReminder } from './reminder-notifications';
import { isOnlyWindow, isReleaseRequest, releaseFileOrNetwork } from './remote-release-route';
import { SERVER_PATHS } from './server-paths';
import { isShareTargetPost, keepShareAndOpenEditor } from './share-target-route';
import { dropUnnamedReleases, fetchRelease, keepRelease, promotePendingRelease } from './remote-release-store';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The shell's build, by revision: a new build is a new worker that waits until the user chooses to reload.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The remotes' release the network serves, stored whole before the worker counts as installed, so the first visit
// already makes every part of the app open offline, whichever parts it showed. An update waits as the pending
// release until this worker activates.
self.addEventListener('install', (event) => event.waitUntil(fetchRelease().then(keepRelease)));
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      await promotePendingRelease({ dropReplaced: true });
      await dropUnnamedReleases();
      // The expiration plugin's database of the worker before releases were kept whole.
      indexedDB.deleteDatabase('workbox-expiration');
    })(),
  ),
);

const appPage = createHandlerBoundToURL('/index.html');
// Every route of the app opens from the precached page, also offline. A navigation is also the moment a waiting
// release of the remotes becomes current, when no other window still runs the old one.
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (await isOnlyWindow()) await promotePendingRelease({ dropReplaced: true });
      return appPage(options);
    },
    { denylist: SERVER_PATHS },
  ),
);

// The runtime list and every remote's manifest, entry and files, from the current release (wherever each is served).
registerRoute(isReleaseRequest, releaseFileOrNetwork);

// Private images: from the network, or offline from the kept copy of the user signed in on the asking page.
registerRoute(isKeptFileRequest, keptFileOrNetwork);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  // workbox-window's messageSW() waits for an answer on the port it sends: the page reloads once it arrives.
  if (event.data?.type === PROMOTE_RELEASE_MESSAGE)
    event.waitUntil(
      (async () => {
        try {
          await promotePendingRelease({ dropReplaced: await isOnlyWindow() });
        } finally {
          event.ports[0]?.postMessage(null);
        }
      })(),
    );
  // workbox-window's messageSkipWaiting(): the user chose to reload into the new shell.
  if (event.data?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});

// Sharing into Memories from another app (the manifest's share target), also offline.
registerRoute(isShareTargetPost, keepShareAndOpenEditor, 'POST');

// Reminders to write (issue 38): a push message from the notify service, and the tap that opens the editor.
self.addEventListener('push', showReminder);
self.addEventListener('notificationclick', openReminder);

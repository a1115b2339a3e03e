/// <reference lib="webworker" />
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import { RELEASE_READY_MESSAGE } from './release-messages';
import { HASHED_FILE, isRemoteList, mayBeReleaseFile } from './remote-release-files';
import { isServerPath } from './server-paths';
import { currentReleaseFile, fetchRelease, keepRelease, keptHashedFile } from './remote-release-store';

declare const self: ServiceWorkerGlobalScope;

let refreshing: Promise<void> | undefined;

/**
 * Compares the release the network serves with the kept ones, once at a time: a newer one is stored whole as the
 * pending release, and the pages are told "A new version is ready"; it becomes current on the next load.
 */
function refreshRelease(): Promise<void> {
  refreshing ??= (async () => {
    if ((await keepRelease(await fetchRelease())) !== 'pending') return;
    for (const client of await self.clients.matchAll({ type: 'window' }))
      client.postMessage({ type: RELEASE_READY_MESSAGE });
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

export const isReleaseRequest: RouteMatchCallback = ({ url, request }) =>
  request.method === 'GET' && !isServerPath(url) && mayBeReleaseFile(url, self.location.origin);

/**
 * The remotes' files from the release pages load now, also offline: a page gets the release it started with, and
 * each load of the list checks the network for a newer one in the background. A content-hashed file the current
 * release lacks may be one of an older release a window still runs; anything else comes from the network.
 */
export const releaseFileOrNetwork: RouteHandlerCallback = async ({ url, request, event }) => {
  if (isRemoteList(url, self.location.origin))
    (event as ExtendableEvent).waitUntil(refreshRelease().catch(() => undefined));
  const kept =
    (await currentReleaseFile(url.href)) ??
    (HASHED_FILE.test(url.pathname) ? await keptHashedFile(url.href) : undefined);
  return kept ?? fetch(request);
};

/** True when no other window could be running the current release. */
export async function isOnlyWindow(): Promise<boolean> {
  return (await self.clients.matchAll({ type: 'window' })).length <= 1;
}

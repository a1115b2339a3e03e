/// <reference lib="webworker" />
import { Strategy, type StrategyHandler } from 'workbox-strategies';
import { RELEASE_READY_MESSAGE } from './release-messages';
import { releaseFiles, type RemoteManifest } from './remote-release-files';

declare const self: ServiceWorkerGlobalScope;

/** The remotes' release that pages load now: the runtime list, each mf-manifest.json and remoteEntry.js. */
const CURRENT_CACHE = 'memories-remotes-current';
/** A newer release, complete, waiting for a page load that may use it (never mixed into an open page). */
const PENDING_CACHE = 'memories-remotes-pending';
/** Content-hashed files: immutable, so every release's files can share one cache. */
export const REMOTE_CHUNKS_CACHE = 'memories-remote-chunks';

/** Fetches and stores the files of a release that the chunk cache does not hold yet. */
async function cacheReleaseAssets(assets: string[]): Promise<void> {
  const chunks = await caches.open(REMOTE_CHUNKS_CACHE);
  await Promise.all(
    assets.map(async (url) => {
      if (await chunks.match(url)) return;
      const response = await fetch(url);
      if (response.ok) await chunks.put(url, response);
    }),
  );
}

/**
 * Stores a remote's manifest together with its release: the assets first, then its remote entry next to the
 * manifest, so a stored manifest never names a file that is not stored.
 */
async function storeRelease(cacheName: string, request: Request, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  if (new URL(request.url).pathname.endsWith('/mf-manifest.json')) {
    const { entry, assets } = releaseFiles(request.url, (await response.clone().json()) as RemoteManifest);
    await cacheReleaseAssets(assets);
    if (entry) {
      const entryResponse = await fetch(entry, { cache: 'no-cache' });
      if (entryResponse.ok) await cache.put(entry, entryResponse);
    }
  }
  await cache.put(request, response);
}

async function notifyPages(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: RELEASE_READY_MESSAGE });
}

/**
 * The remotes' entry points, cached by their content: a page gets the release it started with at once (also
 * offline), and the network copy is compared in the background. A changed copy is stored, with all its files,
 * as the pending release, and the pages are told "A new version is ready"; it becomes current on the next load.
 */
export class RemoteReleaseStrategy extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const current = await caches.open(CURRENT_CACHE);
    const cached = await current.match(request);
    if (cached) {
      handler.waitUntil(this.revalidate(request, cached.clone()).catch(() => undefined));
      return cached;
    }
    const response = await handler.fetch(request);
    if (response.ok) handler.waitUntil(storeRelease(CURRENT_CACHE, request, response.clone()).catch(() => undefined));
    return response;
  }

  private async revalidate(request: Request, cached: Response): Promise<void> {
    const pending = await caches.open(PENDING_CACHE);
    const known = (await pending.match(request)) ?? cached;
    const response = await fetch(request.url, { cache: 'no-cache' });
    if (!response.ok || (await response.clone().text()) === (await known.text())) return;
    await storeRelease(PENDING_CACHE, request, response);
    await notifyPages();
  }
}

/** Makes the pending release current (what the next page load uses). */
export async function promotePendingRelease(): Promise<void> {
  const pending = await caches.open(PENDING_CACHE);
  const current = await caches.open(CURRENT_CACHE);
  for (const request of await pending.keys()) {
    const response = await pending.match(request);
    if (response) await current.put(request, response);
  }
  await caches.delete(PENDING_CACHE);
}

/** True when no other window could be running the current release. */
export async function isOnlyWindow(): Promise<boolean> {
  return (await self.clients.matchAll({ type: 'window' })).length <= 1;
}

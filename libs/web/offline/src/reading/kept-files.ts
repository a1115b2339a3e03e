import type { Memory } from '@memories/contracts';
import { withDeviceLock } from '../device-lock';
import { KEPT_FILES_PATH, keptFilesCacheName } from './kept-files-protocol';

export interface KeptFilesOptions {
  /** Absent where the browser offers no Cache Storage (an insecure origin): memories are still kept, images not. */
  caches?: CacheStorage;
  fetch?: typeof fetch;
  /** The page's origin: only its own private files are kept. */
  origin?: string;
}

/**
 * The app's private image files a memory shows (its thumbnail and the images of its content; a locked memory's, whose
 * content is ciphertext here, as it names them beside it), as absolute URLs. A locked memory's are kept as the
 * ciphertext they are: they open only where the journal is unlocked.
 */
export function keptFileUrlsOf(
  memory: Pick<Memory, 'thumbnailUrl' | 'contentHtml' | 'sealed'>,
  origin: string,
): string[] {
  const content = new DOMParser().parseFromString(memory.contentHtml, 'text/html');
  const sources = [
    memory.thumbnailUrl,
    ...Array.from(content.querySelectorAll('img[src]'), (image) => image.getAttribute('src') ?? ''),
    ...(memory.sealed?.imageUrls ?? []),
  ];
  const urls = sources.flatMap((source) => {
    if (!source) return [];
    try {
      const url = new URL(source, origin);
      return url.origin === origin && url.pathname.startsWith(KEPT_FILES_PATH) ? [url.href] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(urls)];
}

/**
 * `stillTheirs`, answering "no" when it cannot answer: it reads the device's record of who is signed in, which a
 * sign-out closes and deletes, so a question asked in the middle of one fails rather than answers.
 */
function stillTheirsOrNot(stillTheirs: () => Promise<boolean>): () => Promise<boolean> {
  return () => stillTheirs().catch(() => false);
}

/**
 * A user's cache is written, pruned and deleted holding this lock. A sign-out deletes the record of who is signed in
 * before it deletes their cache, so a keep or prune that asks `stillTheirs` holding the lock either ends before the
 * deletion or learns they signed out: no cache of theirs comes back after it, not even for a moment.
 */
const cacheLockName = (cacheName: string) => `memories-cache-${cacheName}`;

/** The images of kept memories, one Cache Storage cache per user, which the service worker answers from offline. */
export function createKeptFiles({
  caches = typeof globalThis.caches === 'undefined' ? undefined : globalThis.caches,
  fetch = (input, init) => globalThis.fetch(input, init),
  origin = typeof location === 'undefined' ? 'http://localhost' : location.origin,
}: KeptFilesOptions = {}) {
  return {
    origin,
    /**
     * Stores the files not kept yet, as the signed-in user reads them now (the media cookie goes with the request).
     * `stillTheirs` is asked before each file is stored, so nothing lands in a cache after its user signed out.
     */
    async keep(userId: string, urls: readonly string[], stillTheirs: () => Promise<boolean>): Promise<void> {
      if (!caches || urls.length === 0) return;
      const cacheName = keptFilesCacheName(userId);
      const theirs = stillTheirsOrNot(stillTheirs);
      for (const url of urls) {
        // Asked of the storage, not of the cache: opening it would make the cache of a user who signed out meanwhile.
        if (await caches.match(url, { cacheName })) continue;
        // no-cors: a file kept in S3 answers with a redirect to the bucket, whose opaque answer an <img> can still
        // show.
        const response = await fetch(url, { credentials: 'same-origin', mode: 'no-cors' }).catch(() => null);
        if (!response || !(response.ok || response.type === 'opaque')) continue;
        const stored = await withDeviceLock(cacheLockName(cacheName), async () => {
          if (!(await theirs())) return false;
          await (await caches.open(cacheName)).put(url, response);
          return true;
        });
        if (!stored) return;
      }
    },
    /** Deletes the user's kept files that no kept memory or list shows any more (`stillTheirs` as for keep). */
    async prune(userId: string, stillShown: ReadonlySet<string>, stillTheirs: () => Promise<boolean>): Promise<void> {
      const cacheName = keptFilesCacheName(userId);
      if (!caches) return;
      await withDeviceLock(cacheLockName(cacheName), async () => {
        if (!(await caches.has(cacheName)) || !(await stillTheirsOrNot(stillTheirs)())) return;
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) if (!stillShown.has(request.url)) await cache.delete(request);
      });
    },
    async forget(userId: string): Promise<void> {
      if (!caches) return;
      const cacheName = keptFilesCacheName(userId);
      await withDeviceLock(cacheLockName(cacheName), () => caches.delete(cacheName));
    },
  };
}

export type KeptFiles = ReturnType<typeof createKeptFiles>;

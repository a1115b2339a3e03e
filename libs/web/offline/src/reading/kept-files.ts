import type { Memory } from '@memories/contracts';
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
        if (!(await theirs())) return;
        const failed = await caches
          .open(cacheName)
          .then((cache) => cache.put(url, response))
          .then(
            () => null,
            (error: unknown) => ({ error }),
          );
        // Signed out between the question and the put: the opening made their cache again, so it goes again (also
        // when the put then failed).
        if (!(await theirs())) return void (await caches.delete(cacheName));
        if (failed) throw failed.error;
      }
    },
    /** Deletes the user's kept files that no kept memory or list shows any more (`stillTheirs` as for keep). */
    async prune(userId: string, stillShown: ReadonlySet<string>, stillTheirs: () => Promise<boolean>): Promise<void> {
      const cacheName = keptFilesCacheName(userId);
      if (!caches || !(await caches.has(cacheName))) return;
      const cache = await caches.open(cacheName);
      // Signed out between the question and the opening: the opening made their cache again, so it goes again.
      if (!(await stillTheirsOrNot(stillTheirs)())) return void (await caches.delete(cacheName));
      for (const request of await cache.keys()) if (!stillShown.has(request.url)) await cache.delete(request);
    },
    async forget(userId: string): Promise<void> {
      await caches?.delete(keptFilesCacheName(userId));
    },
  };
}

export type KeptFiles = ReturnType<typeof createKeptFiles>;

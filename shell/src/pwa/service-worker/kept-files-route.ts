/// <reference lib="webworker" />
import { isSealedFileUrl } from '@memories/contracts';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import {
  KEPT_FILES_OWNER_QUESTION,
  KEPT_FILES_PATH,
  keptFilesCacheName,
  type KeptFilesOwnerAnswer,
} from '@memories/web-offline/src/reading/kept-files-protocol';

declare const self: ServiceWorkerGlobalScope;

/** A page that does not answer in this time (closing, frozen) gets no kept image. */
const OWNER_ANSWER_TIMEOUT_MS = 2_000;

/**
 * The private images of the app, as an <img> asks for them, and a locked journal's encrypted ones, which the page
 * fetches itself to open them.
 */
export const isKeptFileRequest: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin &&
  request.method === 'GET' &&
  url.pathname.startsWith(KEPT_FILES_PATH) &&
  (request.destination === 'image' || isSealedFileUrl(url.pathname));

/** Asks the page that wants the image who is signed in there: only the page knows (the media cookie is HttpOnly). */
async function signedInUserOf(clientId: string): Promise<string | null> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  if (!client) return null;
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OWNER_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<KeptFilesOwnerAnswer>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.userId === 'string' ? event.data.userId : null);
    };
    client.postMessage({ type: KEPT_FILES_OWNER_QUESTION }, [channel.port2]);
  });
}

/**
 * The network, always: the server decides who may read a file. Only when it cannot be reached, the copy the page's
 * own user kept (the page filled that user's cache while reading; this worker never stores an answer).
 */
export const keptFileOrNetwork: RouteHandlerCallback = async ({ request, event }) => {
  try {
    return await fetch(request);
  } catch (failure) {
    const userId = await signedInUserOf((event as FetchEvent).clientId);
    // Asked of the storage, never by opening the cache: an opening creates the cache when it is not there, and a
    // sign-out in the page may delete it at any moment.
    const kept =
      userId === null
        ? undefined
        : await caches.match(request.url, { cacheName: keptFilesCacheName(userId), ignoreVary: true });
    if (kept) return kept;
    throw failure;
  }
};

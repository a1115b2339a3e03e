/// <reference lib="webworker" />
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import { SHARE_TARGET_PATH, SHARED_ITEM_PARAM } from '@memories/web-offline/src/sharing/share-target';
import { keepSharedItem, sharedItemOf } from '@memories/web-offline/src/sharing/shared-items';

declare const self: ServiceWorkerGlobalScope;

/** The manifest's share target: a POST the browser makes when someone shares a page, a text or photos to the app. */
export const isShareTargetPost: RouteMatchCallback = ({ url, request }) =>
  url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH && request.method === 'POST';

/**
 * Keeps what was shared on this device (IndexedDB; no network needed) and opens a new memory with it: the editor
 * takes the text, the link and the photos from there, so a share works offline and nothing is lost if the page is
 * closed before the memory is saved.
 */
export const keepShareAndOpenEditor: RouteHandlerCallback = async ({ request }) => {
  const id = crypto.randomUUID();
  await keepSharedItem(sharedItemOf(await request.formData(), id, Date.now()));
  return Response.redirect(`/memory/create?${SHARED_ITEM_PARAM}=${id}`, 303);
};

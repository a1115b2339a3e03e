// What the page and the service worker agree on about kept images. No imports: the worker is built from this file too.

/** Images of kept memories live in one Cache Storage cache per user; sign-out deletes that user's cache. */
export const KEPT_FILES_CACHE_PREFIX = 'memories-kept-files-';
export const keptFilesCacheName = (userId: string) => `${KEPT_FILES_CACHE_PREFIX}${encodeURIComponent(userId)}`;

/** The private files the app serves (the media cookie's path): the only answers kept for offline reading. */
export const KEPT_FILES_PATH = '/api/files/';

/**
 * The worker asks the page that wants an image offline whose copy it may have: only the page knows who is signed
 * in (the media cookie is HttpOnly), so a user never gets another user's kept image.
 */
export const KEPT_FILES_OWNER_QUESTION = 'memories:kept-files-owner';
export interface KeptFilesOwnerAnswer {
  userId: string | null;
}

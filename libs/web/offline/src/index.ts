// The browser's offline side of a signed-in user's journal (issue 20): what is kept to read offline and what waits
// to be sent. Everything here is keyed by the user it belongs to, and cleared when that user signs out.
export { clearOfflineDataOf } from './clear-offline-data';
export { deviceProfile } from './device-profile';
export { offlineReading } from './reading/default-offline-reading';
export { createOfflineReading, KEPT_LIST_LIMIT, KEPT_MEMORY_LIMIT } from './reading/offline-reading';
export type { KeptCopy, OfflineReading, OfflineReadingOptions } from './reading/offline-reading';
export { createKeptFiles, keptFileUrlsOf } from './reading/kept-files';
export type { KeptFiles, KeptFilesOptions } from './reading/kept-files';
export {
  KEPT_FILES_CACHE_PREFIX,
  KEPT_FILES_OWNER_QUESTION,
  KEPT_FILES_PATH,
  keptFilesCacheName,
} from './reading/kept-files-protocol';
export type { KeptFilesOwnerAnswer } from './reading/kept-files-protocol';
export { answerKeptFilesOwner } from './reading/kept-files-owner';
export { readThrough } from './reading/read-through';
export { readThroughKeptValue } from './reading/read-through-kept-value';
export type { ReadThrough, ReadThroughSteps } from './reading/read-through';
export { showKeptCopy, useKeptCopyShown, useOldestKeptCopyShown } from './reading/kept-copy-notice';
export { READING_DATABASE_NAME } from './kept-on-device';
export * from './outbox';
export { forgetThisDevicePush, pushSupported, subscribeThisDevice, thisDevicePushId } from './push/this-device-push';
export { SHARE_TARGET_PATH, SHARED_ITEM_PARAM } from './sharing/share-target';
export { forgetSharedItem, keepSharedItem, sharedItem, sharedItemOf } from './sharing/shared-items';
export type { SharedItem } from './sharing/shared-items';

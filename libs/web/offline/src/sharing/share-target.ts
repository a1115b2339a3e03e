/** Where the web app manifest's share target posts (the service worker answers it; see shell/src/pwa). */
export const SHARE_TARGET_PATH = '/share-target';
/** The editor's query parameter naming a shared item: `/memory/create?shared=<id>`. */
export const SHARED_ITEM_PARAM = 'shared';

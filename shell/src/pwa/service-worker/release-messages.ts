/** Messages between the page and the service worker about releases of the remotes. */
export const RELEASE_READY_MESSAGE = 'memories:release-ready';
export const PROMOTE_RELEASE_MESSAGE = 'memories:promote-release';

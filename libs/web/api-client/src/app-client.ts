// What must exist once in the page, and so a Module Federation singleton (`@memories/web-api-client/app-client`,
// tools/webpack/shared-singletons.ts): the app-wide client, which carries the session, and the error class every
// `instanceof` in the shell and the remotes must mean alike. The calls over the client are singletons of their own, one
// per area (app-apis/), so a page loads the ones it makes: a shared module is loaded whole, never tree-shaken, and the
// whole package was 7 KiB gzip of the landing page. The rest of the package holds no state and is built into each app.
// Inside the package, import these by their package names, never relatively: a relative import would be a second copy.
import { createApiClient } from './api-client';

export { ApiError } from './api-error';
export {
  createApiClient,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
} from './api-client';

/** The app-wide client: the shell and every remote share this one instance and with it the session connected to it. */
export const apiClient = createApiClient();

import { createAccountSecurityApi } from './account-security/account-security-api';
import { createAdminApi } from './admin/admin-api';
import { createApiClient } from './api-client';
import { createAuthApi } from './auth/auth-api';
import { createIntegrationsApi } from './integrations/integrations-api';
import { createMemoriesApi } from './memories/memories-api';
import { createTransferApi } from './transfer/transfer-api';
import { createRediscoveryApi } from './memories/rediscovery-api';
import { createMemoryVersionsApi } from './memories/memory-versions-api';
import { createUploadsApi } from './uploads/uploads-api';
import { createUsersApi } from './users/users-api';

/**
 * The app-wide client. This package is a Module Federation singleton, so the shell and every remote share this one
 * instance and with it the session connected to it.
 */
export const apiClient = createApiClient();

/** The auth calls of spec section 7 through the app-wide client. */
export const authApi = createAuthApi(apiClient);

/** The memory calls of spec section 7 through the app-wide client. */
export const memoriesApi = createMemoriesApi(apiClient);

/** The upload calls of spec section 7 through the app-wide client. */
export const uploadsApi = createUploadsApi(apiClient);

/** Export, import and single-memory downloads through the app-wide client's session. */
export const transferApi = createTransferApi(apiClient);
/** Looking back over the caller's memories (On This Day, calendar, timeline, stats) through the app-wide client. */
export const rediscoveryApi = createRediscoveryApi(apiClient);
/** The users calls of spec section 7 through the app-wide client. */
export const usersApi = createUsersApi(apiClient);
/** A memory's version history through the app-wide client. */
export const memoryVersionsApi = createMemoryVersionsApi(apiClient);

/** The signed-in user's sessions, two-factor sign-in and passkeys through the app-wide client. */
export const accountSecurityApi = createAccountSecurityApi(apiClient);

/** Instance administration (admins only) through the app-wide client. */
export const adminApi = createAdminApi(apiClient);
/** Personal access tokens and webhooks through the app-wide client. */
export const integrationsApi = createIntegrationsApi(apiClient);

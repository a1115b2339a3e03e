import { apiClient, authApi } from '@memories/web-api-client';
import { deviceProfile } from '@memories/web-offline';
import { createSessionStore } from './session-store';

/** The one session of the page. This package is a Module Federation singleton, so every remote sees this store. */
export const sessionStore = createSessionStore({ auth: authApi, client: apiClient, keptProfile: deviceProfile });

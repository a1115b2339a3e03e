import { apiClient, authApi } from '@memories/web-api-client';
import { lazyKeptProfile } from './lazy-kept-profile';
import { createSessionStore } from './session-store';

const keptProfile = lazyKeptProfile(async () => (await import('@memories/web-offline')).deviceProfile);

/** The one session of the page. This package is a Module Federation singleton, so every remote sees this store. */
export const sessionStore = createSessionStore({ auth: authApi, client: apiClient, keptProfile });

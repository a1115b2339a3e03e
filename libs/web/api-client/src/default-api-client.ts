import { createApiClient } from './api-client';

/**
 * The app-wide client. This package is a Module Federation singleton, so the shell and every remote share this one
 * instance and with it the access-token provider the session registers.
 */
export const apiClient = createApiClient();

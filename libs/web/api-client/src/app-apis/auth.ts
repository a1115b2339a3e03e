import { apiClient } from '@memories/web-api-client/app-client';
import { createAuthApi } from '../auth/auth-api';

/** The auth calls of spec section 7 through the app-wide client. */
export const authApi = createAuthApi(apiClient);

import { apiClient } from '@memories/web-api-client/app-client';
import { createAccountSecurityApi } from '../account-security/account-security-api';

/** The signed-in user's sessions, two-factor sign-in and passkeys through the app-wide client. */
export const accountSecurityApi = createAccountSecurityApi(apiClient);

import { apiClient } from '@memories/web-api-client/app-client';
import { createUsersApi } from '../users/users-api';

/** The users calls of spec section 7 through the app-wide client. */
export const usersApi = createUsersApi(apiClient);

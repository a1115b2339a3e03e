import { apiClient } from '@memories/web-api-client/app-client';
import { createAdminApi } from '../admin/admin-api';

/** Instance administration (admins only) through the app-wide client. */
export const adminApi = createAdminApi(apiClient);

import { apiClient } from '@memories/web-api-client/app-client';
import { createUploadsApi } from '../uploads/uploads-api';

/** The upload calls of spec section 7 through the app-wide client. */
export const uploadsApi = createUploadsApi(apiClient);

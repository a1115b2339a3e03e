import { apiClient } from '@memories/web-api-client/app-client';
import { createTransferApi } from '../transfer/transfer-api';

/** Export, import and single-memory downloads through the app-wide client's session. */
export const transferApi = createTransferApi(apiClient);

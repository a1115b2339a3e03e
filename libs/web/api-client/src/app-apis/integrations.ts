import { apiClient } from '@memories/web-api-client/app-client';
import { createIntegrationsApi } from '../integrations/integrations-api';

/** Personal access tokens and webhooks through the app-wide client. */
export const integrationsApi = createIntegrationsApi(apiClient);

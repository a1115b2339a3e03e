import { apiClient } from '@memories/web-api-client/app-client';
import { createPromptsApi } from '../habit/prompts-api';

/** Writing prompts and the personal template through the app-wide client. */
export const promptsApi = createPromptsApi(apiClient);

import { apiClient } from '@memories/web-api-client/app-client';
import { createJournalsApi } from '../journals/journals-api';

/** Journals, their members and locked journals' keys through the app-wide client. */
export const journalsApi = createJournalsApi(apiClient);

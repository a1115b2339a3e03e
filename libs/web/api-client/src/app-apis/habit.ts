import { apiClient } from '@memories/web-api-client/app-client';
import { createPromptsApi } from '../habit/prompts-api';
import { createRemindersApi } from '../habit/reminders-api';

/** Reminders to write (settings, this device's notifications, the e-mails' unsubscribe) through the app-wide client. */
export const remindersApi = createRemindersApi(apiClient);
/** Writing prompts and the personal template through the app-wide client. */
export const promptsApi = createPromptsApi(apiClient);

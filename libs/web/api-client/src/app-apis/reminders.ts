import { apiClient } from '@memories/web-api-client/app-client';
import { createRemindersApi } from '../habit/reminders-api';

/**
 * Reminders to write (settings, this device's notifications, the e-mails' unsubscribe) through the app-wide client:
 * apart from the prompts, which the dashboard loads on every visit.
 */
export const remindersApi = createRemindersApi(apiClient);

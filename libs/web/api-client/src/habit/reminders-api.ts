import type { PushDevice, PushSubscriptionInput, ReminderSettings, ReminderSettingsView } from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { WithMessage } from '../account-security/account-security-api';

/** Shown when the server gives no message of its own. */
export const REMINDERS_FALLBACK_MESSAGE = 'Could not change your reminders';

/** Reminders to write (Settings → Reminders) and the public one-click unsubscribe of their e-mails. */
export interface RemindersApi {
  get(): Promise<ReminderSettingsView>;
  save(settings: ReminderSettings): Promise<WithMessage<ReminderSettingsView>>;
  addDevice(subscription: PushSubscriptionInput): Promise<WithMessage<PushDevice>>;
  removeDevice(id: string): Promise<WithMessage<null>>;
  unsubscribe(token: string): Promise<WithMessage<null>>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createRemindersApi(client: ApiClient): RemindersApi {
  const options = { fallbackMessage: REMINDERS_FALLBACK_MESSAGE };
  return {
    get: async () => (await client.get<ReminderSettingsView>('/settings/reminders', options)).data,
    save: async (settings) =>
      withMessage(
        await client.request<ReminderSettingsView>('PUT', '/settings/reminders', { ...options, body: settings }),
      ),
    addDevice: async (subscription) =>
      withMessage(await client.post<PushDevice>('/settings/reminders/devices', subscription, options)),
    removeDevice: async (id) =>
      withMessage(await client.delete<null>(`/settings/reminders/devices/${encodeURIComponent(id)}`, options)),
    unsubscribe: async (token) =>
      withMessage(
        await client.post<null>(
          `/reminders/unsubscribe?${new URLSearchParams({ token }).toString()}`,
          { 'List-Unsubscribe': 'One-Click' },
          options,
        ),
      ),
  };
}

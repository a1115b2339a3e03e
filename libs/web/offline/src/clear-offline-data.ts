import { forgetThisDevicePush } from './push/this-device-push';
import { offlineReading } from './reading/default-offline-reading';
import { forgetAllSharedItems } from './sharing/shared-items';

/**
 * Everything this device kept of a user, gone: their profile, the memories and lists they read and those images,
 * what was shared into the app and not placed in a memory yet, and its subscription to their reminders.
 * The session calls it when the user's session ends (sign-out, or the server refusing it with 401/403). The one
 * place that knows every kind of offline data, so nothing of a signed-out user stays behind.
 */
export async function clearOfflineDataOf(userId: string): Promise<void> {
  await offlineReading.forget(userId);
  await forgetThisDevicePush().catch(() => undefined);
  await forgetAllSharedItems();
}

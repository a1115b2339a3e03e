/// <reference lib="webworker" />
import type { ReminderPushMessage } from '@memories/contracts';

declare const self: ServiceWorkerGlobalScope;

const APP_ICON = '/icons/icon-192.png';

function isReminder(value: unknown): value is ReminderPushMessage {
  const message = value as Partial<ReminderPushMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === 'reminder' &&
    typeof message.title === 'string' &&
    typeof message.body === 'string' &&
    typeof message.url === 'string' &&
    message.url.startsWith('/')
  );
}

/** A reminder from the notify service (decrypted by the browser): shown as a notification, one per day at most. */
export function showReminder(event: PushEvent): void {
  let message: unknown;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (!isReminder(message)) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: APP_ICON,
      badge: APP_ICON,
      tag: `reminder-${message.date}`,
      data: { url: message.url },
    }),
  );
}

/**
 * A tapped reminder opens the editor with the day's prompt: in a window of the app that is already open (focused
 * and navigated there), or in a new one.
 */
export function openReminder(event: NotificationEvent): void {
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.notification.close();
  if (typeof url !== 'string' || !url.startsWith('/')) return;
  event.waitUntil(
    (async () => {
      const target = new URL(url, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
}

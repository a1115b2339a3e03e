import type { PushSubscriptionInput } from '@memories/contracts';

/** Where this browser keeps the id the server gave its push subscription (to turn it off again). */
const DEVICE_ID_KEY = 'memories-push-device';

/** Whether this browser can receive reminders as notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's id of this browser's subscription, while this browser receives reminders. */
export async function thisDevicePushId(): Promise<string | null> {
  const id = localStorage.getItem(DEVICE_ID_KEY);
  return id && (await currentSubscription()) ? id : null;
}

/**
 * Subscribes this browser with the instance's VAPID public key (after the person allowed notifications) and hands
 * the subscription to `register`, which answers the server's id of it.
 */
export async function subscribeThisDevice(
  publicKey: string,
  register: (subscription: PushSubscriptionInput) => Promise<string>,
): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const { endpoint, keys } = subscription.toJSON();
  const id = await register({
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  });
  localStorage.setItem(DEVICE_ID_KEY, id);
}

/**
 * This browser stops receiving reminders: its subscription ends at the push service (the server removes it when
 * the push service answers 410) and its id is forgotten. Signing out calls it, so the next person on this device
 * gets no reminder of the previous one.
 */
export async function forgetThisDevicePush(): Promise<void> {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(DEVICE_ID_KEY);
  await (await currentSubscription())?.unsubscribe();
}

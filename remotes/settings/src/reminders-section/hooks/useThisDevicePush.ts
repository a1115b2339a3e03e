import { forgetThisDevicePush, pushSupported, subscribeThisDevice, thisDevicePushId } from '@memories/web-offline';
import { useCallback, useEffect, useState } from 'react';
import type { RemindersApi } from '@memories/web-api-client';

export type ThisDevicePush = 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * Whether this browser receives reminders as notifications, and turning that on (the browser asks the person first)
 * or off.
 */
export function useThisDevicePush(api: Pick<RemindersApi, 'addDevice' | 'removeDevice'>, publicKey: string | null) {
  const [state, setState] = useState<ThisDevicePush>('off');

  const refresh = useCallback(async () => {
    if (!pushSupported()) setState('unsupported');
    else if (Notification.permission === 'denied') setState('blocked');
    else setState((await thisDevicePushId()) ? 'on' : 'off');
  }, []);
  useEffect(() => void refresh(), [refresh]);

  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    if ((await Notification.requestPermission()) === 'granted') {
      await subscribeThisDevice(publicKey, async (subscription) => (await api.addDevice(subscription)).data.id);
    }
    await refresh();
  }, [api, publicKey, refresh]);

  const turnOff = useCallback(async () => {
    const id = await thisDevicePushId();
    if (id) await api.removeDevice(id);
    await forgetThisDevicePush();
    await refresh();
  }, [api, refresh]);

  return { state, turnOn, turnOff };
}

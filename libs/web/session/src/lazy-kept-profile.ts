import { mayKeepOfflineCopy } from '@memories/web-offline/kept-on-device';
import type { KeptProfile } from './session-store';

/**
 * This device's kept profile, with the offline code that keeps it loaded only when a session needs it: when someone
 * signs in or out here, or when a start may find someone kept. A visitor who never signed in on this device loads
 * none of it (7 KiB gzip of the landing page's first load).
 */
export function lazyKeptProfile(
  load: () => Promise<KeptProfile>,
  mayKeep: () => Promise<boolean> = mayKeepOfflineCopy,
): KeptProfile {
  return {
    keep: async (user, remembered) => (await load()).keep(user, remembered),
    lastSignedIn: async () => ((await mayKeep()) ? (await load()).lastSignedIn() : null),
    forget: async (userId) => (await load()).forget(userId),
  };
}

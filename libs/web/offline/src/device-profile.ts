import type { AuthUser } from '@memories/contracts';
import { browserSessionMarker } from './browser-session-marker';
import { clearOfflineDataOf } from './clear-offline-data';
import { offlineReading } from './reading/default-offline-reading';

/**
 * The signed-in user's profile on this device, for the session to open offline as them (the session's KeptProfile:
 * this package cannot import the session, which imports it). Never a token.
 *
 * What is kept of a sign-in without "remember me" lasts as long as its refresh cookie, the browser session: once that
 * ended, the next page finds no one signed in and forgets them, so nobody opening the browser later reads their
 * journal offline.
 */
export const deviceProfile = {
  async keep(user: AuthUser, remembered?: boolean): Promise<void> {
    if (!(await offlineReading.keepSignedInUser(user, remembered))) browserSessionMarker.mark(user.id);
  },
  async lastSignedIn(): Promise<AuthUser | null> {
    const kept = await offlineReading.signedInRecord();
    if (!kept) return null;
    if (kept.remembered === false && !browserSessionMarker.isMarked(kept.user.id)) {
      await clearOfflineDataOf(kept.user.id);
      return null;
    }
    return kept.user;
  },
  forget: clearOfflineDataOf,
};

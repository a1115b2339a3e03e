import type { AuthUser } from '@memories/contracts';
import { clearOfflineDataOf } from './clear-offline-data';
import { offlineReading } from './reading/default-offline-reading';

/**
 * The signed-in user's profile on this device, for the session to open offline as them (the session's KeptProfile:
 * this package cannot import the session, which imports it). Never a token.
 */
export const deviceProfile = {
  keep: (user: AuthUser) => offlineReading.keepSignedInUser(user),
  lastSignedIn: () => offlineReading.signedInUser(),
  forget: clearOfflineDataOf,
};

import type { Journal } from '@memories/contracts';
import { journalsApi } from '@memories/web-api-client';
import { readThroughKeptValue } from '@memories/web-offline';
import { sessionStore } from '@memories/web-session';
import { JournalsStore } from './journals-store';

/** Where the device keeps the person's journals, beside the memories it kept to read offline. */
const KEPT_JOURNALS_KEY = 'journals';

/**
 * The journals from the server, and kept on this device with the offline copy: offline, the switcher still lists
 * them and a locked journal's unlock still names it. Names and colours only; it goes with the rest at sign-out.
 */
function listThroughKeptCopy(): Promise<Journal[]> {
  return readThroughKeptValue(sessionStore.getState().user?.id, KEPT_JOURNALS_KEY, () => journalsApi.list()).then(
    ({ value }) => value,
  );
}

/** The page's store of the signed-in person's journals. */
export const journalsStore = new JournalsStore({ list: listThroughKeptCopy });

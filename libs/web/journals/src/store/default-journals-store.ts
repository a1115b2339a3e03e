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

/**
 * The page's one store of the signed-in person's journals: a Module Federation singleton
 * (`@memories/web-journals/journals-store`), so a journal made or renamed in Settings is in the dashboard's switcher
 * and the editor's picker without a reload, and the page asks for the list once. Import it by that name, never
 * relatively: a relative import would be a copy of its own in each app.
 */
export const journalsStore = new JournalsStore({ list: listThroughKeptCopy });

// A second entry point of this package (`@memories/web-offline/kept-on-device`), outside its Module Federation
// singleton: what a page must know before it loads the offline code at all, so a visitor's page never loads it.

/** The database of offline reading; the outbox of offline writing keeps its own, so neither migrates the other. */
export const READING_DATABASE_NAME = 'memories-offline-reading';

/**
 * Whether this device may keep a signed-in user's offline copy: false only when the browser lists its databases and
 * the reading database is not among them (a visitor who never signed in here). Opens and creates nothing.
 */
export async function mayKeepOfflineCopy(databaseName = READING_DATABASE_NAME): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((known) => known.name === databaseName);
}

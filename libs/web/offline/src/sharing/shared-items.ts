import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What another app shared into Memories, kept on this device until the new memory holds all of it. */
export interface SharedItem {
  id: string;
  title: string;
  text: string;
  url: string;
  /** Images only (the manifest accepts image/*), as shared. */
  files: File[];
  receivedAt: number;
}

interface SharedItemsSchema extends DBSchema {
  items: { key: string; value: SharedItem };
}

const DATABASE = 'memories-shared-items';
let database: Promise<IDBPDatabase<SharedItemsSchema>> | null = null;

function open(): Promise<IDBPDatabase<SharedItemsSchema>> {
  if (database) return database;
  const opening = openDB<SharedItemsSchema>(DATABASE, 1, {
    upgrade: (db) => db.createObjectStore('items', { keyPath: 'id' }),
    // The service worker and every page hold a connection: a sign-out's delete in one must not wait for the others.
    blocking: () => {
      if (database === opening) database = null;
      void opening.then((db) => db.close());
    },
  });
  database = opening;
  return opening;
}

/** The fields of a share target's POST, as the browser sends them (`title`, `text`, `url`, `files`). */
export function sharedItemOf(form: FormData, id: string, receivedAt: number): SharedItem {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const files = form
    .getAll('files')
    .filter((value): value is File => typeof value !== 'string' && value.type.startsWith('image/'));
  return { id, title: field('title'), text: field('text'), url: field('url'), files, receivedAt };
}

/**
 * Kept by the service worker the moment the share arrives (also offline): the editor takes it from here, and it is
 * forgotten only once the new memory holds everything in it. Not keyed by user: whoever is signed in on this device
 * shared it, and signing out clears it.
 */
export async function keepSharedItem(item: SharedItem): Promise<void> {
  await (await open()).put('items', item);
}

export async function sharedItem(id: string): Promise<SharedItem | undefined> {
  return (await open()).get('items', id);
}

export async function forgetSharedItem(id: string): Promise<void> {
  await (await open()).delete('items', id);
}

/**
 * Every shared item not placed in a memory yet, with their database (signing out clears them with the rest of the
 * user's data, and leaves no database behind).
 */
export async function forgetAllSharedItems(): Promise<void> {
  const connection = database;
  database = null;
  if (connection) (await connection.catch(() => null))?.close();
  await deleteDB(DATABASE);
}

import type { AuthUser, Memory } from '@memories/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { READING_DATABASE_NAME } from '../kept-on-device';

/** A memory as this device keeps it for its user: the server's answer and when it came. */
export interface KeptMemoryRecord {
  userId: string;
  id: string;
  memory: Memory;
  /** Epoch milliseconds the server sent this copy. */
  savedAt: number;
  /** Epoch milliseconds it was last opened or listed: the least recently used go first. */
  usedAt: number;
}

/** A page of a list (the dashboard's answer for one query) as this device keeps it. */
export interface KeptListRecord {
  userId: string;
  /** The query that asked for it, as its page writes it. */
  key: string;
  value: unknown;
  savedAt: number;
  usedAt: number;
}

/** The one user this browser has signed in now: the profile only, never a token. */
export interface SignedInRecord {
  user: AuthUser;
  savedAt: number;
  /** Signed in with "remember me"; false: what is kept of them goes when the browser session ends. */
  remembered?: boolean;
}

/**
 * A value the user's kept memories need to be read (a locked journal's wrapped key), under its key: kept until the
 * user's offline copy is forgotten, never evicted by what is read after it.
 */
export interface KeptValueRecord {
  userId: string;
  key: string;
  value: unknown;
  savedAt: number;
}

export const SIGNED_IN_KEY = 'signed-in';

export interface ReadingSchema extends DBSchema {
  device: { key: typeof SIGNED_IN_KEY; value: SignedInRecord };
  memories: { key: [string, string]; value: KeptMemoryRecord; indexes: { byUserAndUse: [string, number] } };
  lists: { key: [string, string]; value: KeptListRecord; indexes: { byUserAndUse: [string, number] } };
  values: { key: [string, string]; value: KeptValueRecord };
}

export type ReadingDatabase = IDBPDatabase<ReadingSchema>;

/** `onBlocking`: another connection (another tab) wants to delete the database; this one must let go. */
export function openReadingDatabase(
  name = READING_DATABASE_NAME,
  onBlocking: () => void = () => undefined,
): Promise<ReadingDatabase> {
  return openDB<ReadingSchema>(name, 2, {
    blocking: onBlocking,
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('device');
        // Keyed by user first: one user's records are one key range, read, trimmed and deleted together.
        const memories = database.createObjectStore('memories', { keyPath: ['userId', 'id'] });
        memories.createIndex('byUserAndUse', ['userId', 'usedAt']);
        const lists = database.createObjectStore('lists', { keyPath: ['userId', 'key'] });
        lists.createIndex('byUserAndUse', ['userId', 'usedAt']);
      }
      // Version 2: values apart from the lists, whose least recently used pages are evicted.
      if (oldVersion < 2) database.createObjectStore('values', { keyPath: ['userId', 'key'] });
    },
  });
}

/** Every key of one user in a store keyed [userId, …]: arrays sort after strings, so [userId, []] ends the range. */
export const recordsOf = (userId: string) => IDBKeyRange.bound([userId], [userId, []]);
/** One user's records in the order they were last used, oldest first. */
export const usesOf = (userId: string) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);

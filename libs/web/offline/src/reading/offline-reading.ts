import type { AuthUser, Memory } from '@memories/contracts';
import { createKeptFiles, keptFileUrlsOf, type KeptFiles } from './kept-files';
import { deleteDB } from 'idb';
import {
  openReadingDatabase,
  recordsOf,
  SIGNED_IN_KEY,
  usesOf,
  type ReadingDatabase,
  type SignedInRecord,
} from './reading-database';
import { mayKeepOfflineCopy, READING_DATABASE_NAME } from '../kept-on-device';

/** The issue asks for at least the last 50 memories read; each is small (text and JSON), images are kept apart. */
export const KEPT_MEMORY_LIMIT = 100;
/** Pages of the dashboard's list (one per query: filters, search, page), the most recently used first. */
export const KEPT_LIST_LIMIT = 10;

/** What this device kept, and when the server sent it. */
export interface KeptCopy<T> {
  value: T;
  savedAt: number;
}

export interface OfflineReadingOptions {
  databaseName?: string;
  files?: KeptFiles;
  now?: () => number;
}

/**
 * What a signed-in user read recently, kept on this device to read offline: memories, pages of their list and the
 * images both show, all keyed by the user. Nothing is written for a user who is not the one signed in here, so a
 * page still loading when its user signs out leaves nothing behind.
 */
export function createOfflineReading({
  databaseName = READING_DATABASE_NAME,
  files = createKeptFiles(),
  now = () => Date.now(),
}: OfflineReadingOptions = {}) {
  let database: Promise<ReadingDatabase> | null = null;
  async function close(): Promise<void> {
    const open = database;
    database = null;
    if (open) (await open.catch(() => null))?.close();
  }
  const db = () => (database ??= openReadingDatabase(databaseName, () => void close()));

  /** Reading never creates the database: a visitor who never signed in here gets none (where the browser can tell). */
  async function exists(): Promise<boolean> {
    return database !== null || mayKeepOfflineCopy(databaseName);
  }

  async function signedInRecord(): Promise<SignedInRecord | null> {
    if (!(await exists())) return null;
    return (await (await db()).get('device', SIGNED_IN_KEY)) ?? null;
  }
  const signedInUser = async () => (await signedInRecord())?.user ?? null;
  const isSignedIn = async (userId: string) => (await signedInUser())?.id === userId;

  /** Evicts the least recently used records of a user beyond the limit; true when any went. */
  async function trim(userId: string): Promise<boolean> {
    const transaction = (await db()).transaction(['memories', 'lists'], 'readwrite');
    let evicted = false;
    for (const [store, limit] of [
      ['memories', KEPT_MEMORY_LIMIT],
      ['lists', KEPT_LIST_LIMIT],
    ] as const) {
      const byUse = transaction.objectStore(store).index('byUserAndUse');
      let excess = (await byUse.count(usesOf(userId))) - limit;
      for (
        let cursor = await byUse.openCursor(usesOf(userId));
        cursor && excess > 0;
        cursor = await cursor.continue(), excess -= 1
      ) {
        await cursor.delete();
        evicted = true;
      }
    }
    await transaction.done;
    return evicted;
  }

  /** Every image a kept memory or a kept list of the user still shows. */
  async function filesStillShown(userId: string): Promise<Set<string>> {
    const database = await db();
    const memories = (await database.getAll('memories', recordsOf(userId))).map((record) => record.memory);
    const listed = (await database.getAll('lists', recordsOf(userId))).flatMap((record) => memoriesIn(record.value));
    return new Set([...memories, ...listed].flatMap((memory) => keptFileUrlsOf(memory, files.origin)));
  }

  async function keepAll(
    userId: string,
    memories: readonly Memory[],
    list?: { key: string; value: unknown },
  ): Promise<void> {
    // No one signed in (a page between sign-out and the login page), or the database gone with the last user (a page
    // that read as them and finishes after their sign-out): nothing to keep, and no database to create again.
    if (!userId || !(await exists())) return;
    const transaction = (await db()).transaction(['device', 'memories', 'lists'], 'readwrite');
    if ((await transaction.objectStore('device').get(SIGNED_IN_KEY))?.user.id !== userId) return transaction.done;
    const time = now();
    for (const memory of memories)
      await transaction.objectStore('memories').put({ userId, id: memory.id, memory, savedAt: time, usedAt: time });
    if (list)
      await transaction
        .objectStore('lists')
        .put({ userId, key: list.key, value: list.value, savedAt: time, usedAt: time });
    await transaction.done;
    const stillTheirs = () => isSignedIn(userId);
    if (await trim(userId)) await files.prune(userId, await filesStillShown(userId), stillTheirs);
    await files.keep(
      userId,
      [...new Set(memories.flatMap((memory) => keptFileUrlsOf(memory, files.origin)))],
      stillTheirs,
    );
  }

  async function kept<T>(
    store: 'memories' | 'lists',
    userId: string,
    key: string,
    valueOf: (record: { value?: unknown; memory?: Memory }) => T,
  ) {
    if (!userId || !(await exists())) return null;
    const database = await db();
    const record = await database.get(store, [userId, key]);
    if (!record) return null;
    // Read again is used again: it stays kept longer than what was not opened since.
    await database.put(store, { ...record, usedAt: now() } as never);
    return { value: valueOf(record), savedAt: record.savedAt } satisfies KeptCopy<T>;
  }

  return {
    signedInUser,
    signedInRecord,
    /**
     * The user this browser has signed in now; another user kept before stays keyed by their own id. `remembered`
     * when the sign-in said (a refresh keeps what it was): answers whether this sign-in is remembered.
     */
    async keepSignedInUser(user: AuthUser, remembered?: boolean): Promise<boolean> {
      const database = await db();
      const before = await database.get('device', SIGNED_IN_KEY);
      const kept = remembered ?? (before?.user.id === user.id ? before.remembered !== false : false);
      await database.put('device', { user, savedAt: now(), remembered: kept }, SIGNED_IN_KEY);
      return kept;
    },
    /** Memories the user opened, kept with their images. */
    keepMemories: (userId: string, memories: readonly Memory[]) => keepAll(userId, memories),
    /** A page of the user's list under the query that asked for it, and each memory on it. */
    keepList: (userId: string, key: string, value: unknown) => keepAll(userId, memoriesIn(value), { key, value }),
    keptMemory: (userId: string, memoryId: string): Promise<KeptCopy<Memory> | null> =>
      kept('memories', userId, memoryId, (record) => record.memory as Memory),
    keptList: <T>(userId: string, key: string): Promise<KeptCopy<T> | null> =>
      kept('lists', userId, key, (record) => record.value as T),
    /**
     * A value the user's kept memories need to be read (a locked journal's wrapped key): kept until the user is
     * forgotten, however much is read after it (kept lists and memories make room for newer ones; a value never does).
     */
    async keepValue(userId: string, key: string, value: unknown): Promise<void> {
      if (!userId || !(await exists())) return;
      const transaction = (await db()).transaction(['device', 'values'], 'readwrite');
      if ((await transaction.objectStore('device').get(SIGNED_IN_KEY))?.user.id !== userId) return transaction.done;
      await transaction.objectStore('values').put({ userId, key, value, savedAt: now() });
      await transaction.done;
    },
    async keptValue<T>(userId: string, key: string): Promise<KeptCopy<T> | null> {
      if (!userId || !(await exists())) return null;
      const record = await (await db()).get('values', [userId, key]);
      return record ? { value: record.value as T, savedAt: record.savedAt } : null;
    },
    /**
     * Everything this device kept of the user: their profile (if they are the one signed in), memories, lists, values,
     * images.
     */
    async forget(userId: string): Promise<void> {
      const transaction = (await db()).transaction(['device', 'memories', 'lists', 'values'], 'readwrite');
      if ((await transaction.objectStore('device').get(SIGNED_IN_KEY))?.user.id === userId)
        await transaction.objectStore('device').delete(SIGNED_IN_KEY);
      await transaction.objectStore('memories').delete(recordsOf(userId));
      await transaction.objectStore('lists').delete(recordsOf(userId));
      await transaction.objectStore('values').delete(recordsOf(userId));
      await transaction.done;
      await files.forget(userId);
      // The last user gone: no database is left at all, so nothing shows that anyone read here.
      const database = await db();
      const left = await Promise.all(
        (['device', 'memories', 'lists', 'values'] as const).map((store) => database.count(store)),
      );
      if (left.every((count) => count === 0)) {
        await close();
        await deleteDB(databaseName);
      }
    },
    /** Lets go of the database (tests delete it afterwards). */
    close,
  };
}

export type OfflineReading = ReturnType<typeof createOfflineReading>;

/** The memories of a kept list page: its value carries them as `memories`, as the api client's lists do. */
function memoriesIn(value: unknown): Memory[] {
  const memories = typeof value === 'object' && value !== null ? (value as { memories?: unknown }).memories : undefined;
  return Array.isArray(memories) ? (memories as Memory[]) : [];
}

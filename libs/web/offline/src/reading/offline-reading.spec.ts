import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import type { AuthUser, Memory } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { deleteDB, openDB } from 'idb';
import { createKeptFiles, keptFileUrlsOf } from './kept-files';
import { keptFilesCacheName } from './kept-files-protocol';
import { createOfflineReading, KEPT_LIST_LIMIT, KEPT_MEMORY_LIMIT, type OfflineReading } from './offline-reading';
import { readThrough } from './read-through';

// jsdom leaves out structuredClone, with which IndexedDB (here fake-indexeddb) copies every record it stores.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

const ORIGIN = 'https://journal.example';
const userOf = (id: string): AuthUser => ({
  id,
  name: id,
  email: `${id}@example.com`,
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member',
});
const ada = userOf('ada');
const bob = userOf('bob');

function memory(id: string, images: string[] = []): Memory {
  return {
    id,
    title: `Memory ${id}`,
    date: '2026-11-27T12:00:00.000Z',
    contentHtml: `<p>${id}</p>${images.map((src) => `<img src="${src}">`).join('')}`,
    contentJson: '{}',
    tags: [],
    isDraft: false,
    thumbnailUrl: images[0] ?? '',
    mood: null,
    sharedWith: [],
    userEmail: 'ada@example.com',
    ownerId: 'ada',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    viewCount: 0,
    likeCount: 0,
    commentCount: 0,
    journalId: 'journal-1',
    wordCount: 1,
    readingTime: 1,
    version: 1,
  };
}

/** Lets the fire-and-forget image keeping finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Cache Storage as the page sees it, in memory (jsdom has none). `openTurns`: turns of the event loop an opening takes
 * before it creates its cache, as in a browser, where another tab or the service worker may act meanwhile.
 */
function fakeCaches({ openTurns = 0 } = {}) {
  const stores = new Map<string, Map<string, Response>>();
  /** The name of every cache an opening created, in order. */
  const created: string[] = [];
  const urlOf = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      match: async (request: RequestInfo | URL) => entries.get(urlOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(urlOf(request), response),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo | URL) => entries.delete(urlOf(request)),
    }) as unknown as Cache;
  const caches = {
    match: async (request: RequestInfo | URL, options?: MultiCacheQueryOptions) =>
      stores
        .get(options?.cacheName ?? '')
        ?.get(urlOf(request))
        ?.clone(),
    open: async (name: string) => {
      for (let turn = 0; turn < openTurns; turn += 1) await settle();
      if (!stores.has(name)) {
        stores.set(name, new Map());
        created.push(name);
      }
      return cacheOf(stores.get(name) as Map<string, Response>);
    },
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  const urlsIn = (name: string) => [...(stores.get(name)?.keys() ?? [])].sort();
  return { caches, stores, created, urlsIn };
}

/** A hundred keeps one after the other: room for a busy machine. */
const MANY_KEEPS_TIMEOUT_MS = 30_000;

let databaseCount = 0;
let reading: OfflineReading;
let storage: ReturnType<typeof fakeCaches>;
let fetchFile: jest.Mock;
let clock: number;

beforeEach(async () => {
  databaseCount += 1;
  const name = `reading-${databaseCount}`;
  storage = fakeCaches();
  fetchFile = jest.fn(async (url: string) => new Response(`bytes of ${url}`, { status: 200 }));
  clock = Date.UTC(2026, 10, 27, 10, 42);
  reading = createOfflineReading({
    databaseName: name,
    files: createKeptFiles({ caches: storage.caches, fetch: fetchFile as unknown as typeof fetch, origin: ORIGIN }),
    now: () => clock,
  });
  await reading.keepSignedInUser(ada);
});

afterEach(async () => {
  await reading.close();
});

describe('a browser where no one signed in', () => {
  it('answers no one and nothing without creating the database', async () => {
    const fresh = createOfflineReading({
      databaseName: 'never-signed-in',
      files: createKeptFiles({ caches: storage.caches, origin: ORIGIN }),
    });

    await expect(fresh.signedInUser()).resolves.toBeNull();
    await expect(fresh.keptMemory('ada', 'm1')).resolves.toBeNull();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('never-signed-in');
  });
});

describe('kept memories', () => {
  it('keeps a memory for its user with the time the server sent it', async () => {
    await reading.keepMemories('ada', [memory('m1')]);
    clock += 60_000;

    await expect(reading.keptMemory('ada', 'm1')).resolves.toEqual({
      value: memory('m1'),
      savedAt: Date.UTC(2026, 10, 27, 10, 42),
    });
  });

  it('never answers one user with another user’s memory', async () => {
    await reading.keepMemories('ada', [memory('m1')]);

    await expect(reading.keptMemory('bob', 'm1')).resolves.toBeNull();
  });

  it('writes nothing for a user who is not the one signed in here (a page finishing after sign-out)', async () => {
    await reading.keepMemories('bob', [memory('m1', ['/api/files/bob/a.png'])]);

    await expect(reading.keptMemory('bob', 'm1')).resolves.toBeNull();
    expect(storage.stores.size).toBe(0);
  });

  it(
    `keeps the ${KEPT_MEMORY_LIMIT} most recently used, at least the last 50 read`,
    async () => {
      for (let index = 0; index < KEPT_MEMORY_LIMIT + 5; index += 1) {
        clock += 1_000;
        await reading.keepMemories('ada', [memory(`m${index}`)]);
        // Opening the first again keeps it among the recently used.
        if (index === KEPT_MEMORY_LIMIT - 1) await reading.keptMemory('ada', 'm0');
      }

      expect(await reading.keptMemory('ada', 'm0')).not.toBeNull();
      for (const evicted of ['m1', 'm2', 'm3', 'm4', 'm5']) expect(await reading.keptMemory('ada', evicted)).toBeNull();
      for (let index = 6; index < KEPT_MEMORY_LIMIT + 5; index += 1)
        expect(await reading.keptMemory('ada', `m${index}`)).not.toBeNull();
    },
    MANY_KEEPS_TIMEOUT_MS,
  );
});

describe('kept lists', () => {
  it('keeps a page of the list under its query, and each memory on it to open', async () => {
    const page = { memories: [memory('m1'), memory('m2')], pagination: { page: 0, size: 12, total: 2 } };

    await reading.keepList('ada', '{"page":0}', page);

    await expect(reading.keptList('ada', '{"page":0}')).resolves.toMatchObject({ value: page });
    await expect(reading.keptList('ada', '{"page":1}')).resolves.toBeNull();
    await expect(reading.keptMemory('ada', 'm2')).resolves.toMatchObject({ value: memory('m2') });
  });

  it(`keeps the ${KEPT_LIST_LIMIT} pages used last`, async () => {
    for (let index = 0; index <= KEPT_LIST_LIMIT; index += 1) {
      clock += 1_000;
      await reading.keepList('ada', `page ${index}`, { memories: [] });
    }

    await expect(reading.keptList('ada', 'page 0')).resolves.toBeNull();
    await expect(reading.keptList('ada', `page ${KEPT_LIST_LIMIT}`)).resolves.not.toBeNull();
  });
});

describe('kept values (a locked journal’s wrapped key)', () => {
  it('keeps a value for its user however many pages of the list are read after it, until the user is forgotten', async () => {
    await reading.keepValue('ada', 'journal key', { wrappedKey: 'k' });
    for (let index = 0; index <= KEPT_LIST_LIMIT; index += 1) {
      clock += 1_000;
      await reading.keepList('ada', `page ${index}`, { memories: [] });
    }

    await expect(reading.keptValue('ada', 'journal key')).resolves.toEqual({
      value: { wrappedKey: 'k' },
      savedAt: Date.UTC(2026, 10, 27, 10, 42),
    });
    await expect(reading.keptValue('bob', 'journal key')).resolves.toBeNull();
    await reading.forget('ada');
    await expect(reading.keptValue('ada', 'journal key')).resolves.toBeNull();
  });

  it('writes nothing for a user who is not the one signed in here', async () => {
    await reading.keepValue('bob', 'journal key', { wrappedKey: 'k' });

    await expect(reading.keptValue('bob', 'journal key')).resolves.toBeNull();
  });

  it('opens a database kept before values were, with what it kept', async () => {
    const name = `reading-${databaseCount}-version-1`;
    const before = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('device');
        database
          .createObjectStore('memories', { keyPath: ['userId', 'id'] })
          .createIndex('byUserAndUse', ['userId', 'usedAt']);
        database
          .createObjectStore('lists', { keyPath: ['userId', 'key'] })
          .createIndex('byUserAndUse', ['userId', 'usedAt']);
      },
    });
    await before.put('device', { user: ada, savedAt: clock }, 'signed-in');
    await before.put('memories', { userId: 'ada', id: 'm1', memory: memory('m1'), savedAt: clock, usedAt: clock });
    before.close();
    const upgraded = createOfflineReading({
      databaseName: name,
      files: createKeptFiles({ caches: storage.caches, origin: ORIGIN }),
      now: () => clock,
    });

    await expect(upgraded.keptMemory('ada', 'm1')).resolves.toMatchObject({ value: memory('m1') });
    await upgraded.keepValue('ada', 'journal key', 'k');
    await expect(upgraded.keptValue('ada', 'journal key')).resolves.toMatchObject({ value: 'k' });
    await upgraded.close();
  });
});

describe('kept images', () => {
  it('keeps the app’s private images of a memory in the user’s cache, and nothing from elsewhere', async () => {
    await reading.keepMemories('ada', [
      memory('m1', [
        '/api/files/ada/a.png',
        `${ORIGIN}/api/files/ada/b.png`,
        'https://elsewhere.example/c.png',
        '/logo.png',
      ]),
    ]);
    await settle();

    expect(storage.urlsIn(keptFilesCacheName('ada'))).toEqual([
      `${ORIGIN}/api/files/ada/a.png`,
      `${ORIGIN}/api/files/ada/b.png`,
    ]);
    expect(fetchFile).toHaveBeenCalledWith(`${ORIGIN}/api/files/ada/a.png`, {
      credentials: 'same-origin',
      mode: 'no-cors',
    });
  });

  it('stores nothing for a user who signed out before the image came, or while their sign-out was closing the record', async () => {
    const files = createKeptFiles({
      caches: storage.caches,
      fetch: fetchFile as unknown as typeof fetch,
      origin: ORIGIN,
    });
    const url = `${ORIGIN}/api/files/ada/a.png`;

    await files.keep('ada', [url], async () => false);
    expect(storage.stores.has(keptFilesCacheName('ada'))).toBe(false);

    await files.keep('ada', [url], async () => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    });
    expect(storage.stores.has(keptFilesCacheName('ada'))).toBe(false);
  });

  it('brings no cache back for a user who signed out while their kept images were being pruned', async () => {
    // The sign-out starts after 0 to 10 turns of the event loop, with an opening that takes three.
    for (let turns = 0; turns <= 10; turns += 1) {
      const caches = fakeCaches({ openTurns: 3 });
      const name = keptFilesCacheName('ada');
      const files = createKeptFiles({ caches: caches.caches, origin: ORIGIN });
      await (await caches.caches.open(name)).put(`${ORIGIN}/api/files/ada/a.png`, new Response('a'));
      let signedIn = true;

      const pruning = files.prune('ada', new Set(), async () => signedIn);
      for (let turn = 0; turn < turns; turn += 1) await settle();
      signedIn = false;
      await files.forget('ada');

      const createdBefore = caches.created.length;
      await pruning;
      const createdAfter = caches.created.slice(createdBefore);
      expect({ turns, caches: [...caches.stores.keys()], createdAfter }).toEqual({
        turns,
        caches: [],
        createdAfter: [],
      });
    }
  });

  it('fetches an image once however often its memory is kept', async () => {
    await reading.keepMemories('ada', [memory('m1', ['/api/files/ada/a.png'])]);
    await reading.keepMemories('ada', [memory('m1', ['/api/files/ada/a.png'])]);

    expect(fetchFile).toHaveBeenCalledTimes(1);
  });

  it('keeps no refused answer (a 404 is not an image)', async () => {
    fetchFile.mockResolvedValue(new Response('{}', { status: 404 }));

    await reading.keepMemories('ada', [memory('m1', ['/api/files/ada/a.png'])]);

    expect(storage.urlsIn(keptFilesCacheName('ada'))).toEqual([]);
  });

  it(
    'deletes the images no kept memory shows any more',
    async () => {
      await reading.keepMemories('ada', [memory('m0', ['/api/files/ada/old.png'])]);
      for (let index = 1; index <= KEPT_MEMORY_LIMIT; index += 1) {
        clock += 1_000;
        await reading.keepMemories('ada', [memory(`m${index}`, index === 1 ? ['/api/files/ada/new.png'] : [])]);
      }

      expect(storage.urlsIn(keptFilesCacheName('ada'))).toEqual([`${ORIGIN}/api/files/ada/new.png`]);
    },
    MANY_KEEPS_TIMEOUT_MS,
  );

  it('lists the thumbnail and content images once each', () => {
    const shown = memory('m1', ['/api/files/ada/a.png', '/api/files/ada/a.png', '/api/files/ada/b.png']);

    expect(keptFileUrlsOf(shown, ORIGIN)).toEqual([`${ORIGIN}/api/files/ada/a.png`, `${ORIGIN}/api/files/ada/b.png`]);
  });

  it('lists a locked memory’s encrypted images, which it names beside its ciphertext', () => {
    const sealedImage = '/api/files/ada/0b7e2f1c-6d1a-4a55-9a0e-6c1f2b3a4d5e.sealed';
    const locked = { ...memory('m1'), sealed: { ciphertext: 'AQ', imageUrls: [sealedImage] } };

    expect(keptFileUrlsOf(locked, ORIGIN)).toEqual([`${ORIGIN}${sealedImage}`]);
  });
});

describe('forgetting a user (sign-out, a refused session)', () => {
  it('removes their profile, memories, lists and images, and nothing of another user', async () => {
    await reading.keepMemories('ada', [memory('m1', ['/api/files/ada/a.png'])]);
    await reading.keepList('ada', 'first page', { memories: [memory('m2')] });
    await reading.keepSignedInUser(bob);
    await reading.keepMemories('bob', [memory('b1', ['/api/files/bob/b.png'])]);
    await settle();
    await reading.keepSignedInUser(ada);

    await reading.forget('ada');

    await expect(reading.signedInUser()).resolves.toBeNull();
    await expect(reading.keptMemory('ada', 'm1')).resolves.toBeNull();
    await expect(reading.keptMemory('ada', 'm2')).resolves.toBeNull();
    await expect(reading.keptList('ada', 'first page')).resolves.toBeNull();
    expect(storage.stores.has(keptFilesCacheName('ada'))).toBe(false);
    await expect(reading.keptMemory('bob', 'b1')).resolves.not.toBeNull();
    expect(storage.urlsIn(keptFilesCacheName('bob'))).toEqual([`${ORIGIN}/api/files/bob/b.png`]);
  });

  it('keeps the signed-in profile when another user’s data is forgotten', async () => {
    await reading.forget('bob');

    await expect(reading.signedInUser()).resolves.toEqual(ada);
  });

  it('deletes the database itself when the last user is forgotten, and a page still reading as no one opens none', async () => {
    const name = `reading-${databaseCount}`;
    await reading.keepMemories('ada', [memory('m1')]);

    await reading.forget('ada');

    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    await reading.keepMemories('', [memory('m1')]);
    await expect(reading.keptMemory('', 'm1')).resolves.toBeNull();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    await reading.keepSignedInUser(bob);
    await expect(reading.signedInUser()).resolves.toEqual(bob);
  });

  it('creates no database again for a page that read as the user and finishes after their sign-out', async () => {
    const name = `reading-${databaseCount}`;
    await reading.keepMemories('ada', [memory('m1')]);

    await reading.forget('ada');
    await reading.keepMemories('ada', [memory('m2')]);
    await reading.keepList('ada', 'list:1', { items: [memory('m3')] });
    await reading.keepValue('ada', 'journal-key:j1', { wrapped: 'x' });

    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
  });

  it('leaves nothing behind when the sign-out comes while an image is being kept, however the two interleave', async () => {
    // The image's answer arrives, then the sign-out starts after 0 to 20 turns of the event loop: every interleaving
    // of the keep's question, opening and put with the forget's record deletion, cache deletion and database deletion.
    for (let turns = 0; turns <= 20; turns += 1) {
      const name = `interleaving-${databaseCount}-${turns}`;
      const caches = fakeCaches({ openTurns: 3 });
      let answer: (response: Response) => void = () => undefined;
      const fetching = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
      const interleaved = createOfflineReading({
        databaseName: name,
        files: createKeptFiles({ caches: caches.caches, fetch: fetching as unknown as typeof fetch, origin: ORIGIN }),
      });
      await interleaved.keepSignedInUser(ada);
      const keeping = interleaved.keepMemories('ada', [memory('m1', ['/api/files/ada/a.png'])]);
      while (fetching.mock.calls.length === 0) await settle();

      answer(new Response('bytes'));
      for (let turn = 0; turn < turns; turn += 1) await settle();
      await interleaved.forget('ada');

      // Once the sign-out is done, no cache of the user comes back, not even for a moment while the keep ends.
      const createdBefore = caches.created.length;
      await keeping;
      const createdAfter = caches.created.slice(createdBefore);
      expect({ turns, caches: [...caches.stores.keys()], createdAfter }).toEqual({
        turns,
        caches: [],
        createdAfter: [],
      });
      expect({ turns, databases: (await indexedDB.databases()).map((database) => database.name) }).toEqual({
        turns,
        databases: expect.not.arrayContaining([name]),
      });
    }
  });
});

describe('reading through the kept copy', () => {
  const unreachable = new ApiError({
    kind: 'network',
    status: 0,
    message: 'Network error. Please check your connection.',
  });

  it('answers from the server and keeps the answer', async () => {
    const keep = jest.fn(async () => undefined);

    await expect(readThrough({ load: async () => 'fresh', keep, kept: async () => null })).resolves.toEqual({
      value: 'fresh',
      keptAt: null,
    });
    expect(keep).toHaveBeenCalledWith('fresh');
  });

  it('answers with the kept copy and its time when the server cannot be reached', async () => {
    const kept = async () => ({ value: 'copy', savedAt: 42 });

    await expect(
      readThrough({ load: async () => Promise.reject(unreachable), keep: jest.fn(), kept }),
    ).resolves.toEqual({ value: 'copy', keptAt: 42 });
  });

  it('rejects as before when nothing was kept, or when the server answered (a kept copy never hides a 404)', async () => {
    const notFound = new ApiError({ kind: 'http', status: 404, message: 'Memory not found' });
    const kept = async () => ({ value: 'copy', savedAt: 42 });

    await expect(
      readThrough({ load: async () => Promise.reject(unreachable), keep: jest.fn(), kept: async () => null }),
    ).rejects.toBe(unreachable);
    await expect(readThrough({ load: async () => Promise.reject(notFound), keep: jest.fn(), kept })).rejects.toBe(
      notFound,
    );
  });
});

afterAll(async () => {
  for (let index = 1; index <= databaseCount; index += 1) await deleteDB(`reading-${index}`);
});

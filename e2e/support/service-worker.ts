import { expect, type Page } from '@playwright/test';

// For the suites that let the app's service worker register (test.use({ serviceWorkers: 'allow' })).

/** Loads a page, waits for the service worker to be active, and loads it again so that the worker controls it. */
export async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The names of every IndexedDB database of the origin (opening none). */
export async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

/**
 * Every cache and URL stored in Cache Storage and the names of every IndexedDB database of the origin. It opens each
 * cache it lists, and an opening creates a cache the page deleted meanwhile: read it when the page is done deleting
 * (wait for a sign-out with `databaseNames`), never while it deletes.
 */
export async function storedData(
  page: Page,
): Promise<{ cacheNames: string[]; cachedUrls: string[]; databases: string[] }> {
  return page.evaluate(async () => {
    const cacheNames = await caches.keys();
    const cachedUrls: string[] = [];
    for (const name of cacheNames) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) cachedUrls.push(request.url);
    }
    const databases = (await indexedDB.databases()).map((database) => database.name ?? '');
    return { cacheNames, cachedUrls, databases };
  });
}

/** Every record of one object store of an IndexedDB database of the origin ([] when the database does not exist). */
export async function indexedDbRecords<T = unknown>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    async ({ name, storeName }) => {
      // Opened only when it exists: opening creates a database.
      if (!(await indexedDB.databases()).some((each) => each.name === name)) return [];
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      try {
        return await new Promise<T[]>((resolve, reject) => {
          const reading = opened.transaction(storeName).objectStore(storeName).getAll();
          reading.onsuccess = () => resolve(reading.result as T[]);
          reading.onerror = () => reject(reading.error);
        });
      } finally {
        opened.close();
      }
    },
    { name: database, storeName: store },
  );
}

/**
 * Where the origin keeps each of `needles`, by the place that holds it: every record of every IndexedDB database
 * (`indexedDB <database>/<store>`), every answer in Cache Storage (`cache <cache>: <url>`), and Web Storage
 * (`localStorage <key>`, `sessionStorage <key>`). Bytes are read as Latin-1 (one character a byte), so a needle of
 * ASCII is found in text and in binary alike.
 */
export async function placesHolding(page: Page, needles: readonly string[]): Promise<Record<string, string[]>> {
  return page.evaluate(async (wanted) => {
    const latin1 = (bytes: Uint8Array) => {
      let text = '';
      for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return text;
    };
    const textOf = async (value: unknown): Promise<string> => {
      if (value instanceof Blob) return latin1(new Uint8Array(await value.arrayBuffer()));
      if (value instanceof ArrayBuffer) return latin1(new Uint8Array(value));
      if (ArrayBuffer.isView(value)) return latin1(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      if (value !== null && typeof value === 'object') {
        const entries: [unknown, unknown][] = value instanceof Map ? [...value] : Object.entries(value);
        return (await Promise.all(entries.map(async ([key, each]) => `${key}\n${await textOf(each)}`))).join('\n');
      }
      return String(value);
    };
    const places: Record<string, string[]> = Object.fromEntries(wanted.map((needle) => [needle, []]));
    const look = (place: string, text: string) => {
      for (const needle of wanted) if (text.includes(needle)) places[needle].push(place);
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(database.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const reading = database.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        look(`indexedDB ${name}/${store}`, await textOf(records));
      }
      database.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const answer = await cache.match(request);
        look(`cache ${name}: ${request.url}`, answer ? latin1(new Uint8Array(await answer.arrayBuffer())) : '');
      }
    }
    for (const [kind, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (const key of Object.keys(storage)) look(`${kind} ${key}`, `${key}\n${storage.getItem(key) ?? ''}`);
    return places;
  }, needles);
}

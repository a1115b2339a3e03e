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

/** Every cache and URL stored in Cache Storage and the names of every IndexedDB database of the origin. */
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

import { expect, test, type BrowserContext } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory } from '../support/memories';
import { openControlled, storedData } from '../support/service-worker';

// The installable app (issue 20): the manifest and icons an install prompt checks, the Workbox service worker that
// serves the app with no network, a new release offered rather than mixed, and no private answer in its caches.
// Run once, on desktop Chromium (the only browser with service worker routing in Playwright).

test.use({ serviceWorkers: 'allow' });

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function offline(context: BrowserContext, isOffline: boolean): Promise<void> {
  await context.setOffline(isOffline);
}

test.describe('the installable, offline app', () => {
  test('meets the install criteria: manifest, icons, a controlling worker, and /dashboard answering offline', async ({
    page,
    request,
    context,
  }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await manifestResponse.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Memories',
      short_name: 'Memories',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
      '192x192 any',
      '48x48 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await response.body())).toEqual({ width, height });
    }

    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await openControlled(page, '/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const appleTouch = await request.get(
      (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '',
    );
    expect(pngSize(await appleTouch.body())).toEqual({ width: 180, height: 180 });
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

    // The start URL answers from the worker with no network (Lighthouse's "works offline" part of installability).
    await offline(context, true);
    const start = await page.goto('/dashboard');
    expect(start?.status()).toBe(200);
    expect(start?.fromServiceWorker()).toBe(true);
    await expect(page.locator('#root')).not.toBeEmpty();
    await offline(context, false);
  });

  test('a new release of a remote is offered with "A new version is ready", and used only after Reload', async ({
    page,
  }) => {
    await openControlled(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The worker holds the landing remote's release. Playwright cannot route a worker's own requests, so the server
    // cannot be made to answer differently: instead the worker's copy is turned into an older release (same files,
    // another build version), and the server's copy is then the newer one.
    const isStored = () =>
      page.evaluate(
        async () =>
          (await caches.match(new URL('/remotes/landing/mf-manifest.json', location.href).href, {
            ignoreVary: true,
          })) !== undefined,
      );
    // The worker stores a release once all its files are stored.
    await expect.poll(isStored).toBe(true);
    await page.evaluate(async () => {
      const cache = await caches.open('memories-remotes-current');
      const [request] = (await cache.keys()).filter((key) => key.url.endsWith('/remotes/landing/mf-manifest.json'));
      const manifest = await (await cache.match(request))!.json();
      manifest.metaData.buildInfo.buildVersion = 'previous-release';
      await cache.put(
        request,
        new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const buildVersionOfNextManifest = async () =>
      (
        await (
          await page.waitForResponse((response) => response.url().endsWith('/remotes/landing/mf-manifest.json'))
        ).json()
      ).metaData.buildInfo.buildVersion;

    const served = buildVersionOfNextManifest();
    await page.reload();
    // The open page runs the release it started with, from the worker's cache...
    expect(await served).toBe('previous-release');
    // ...and is told that a newer one is ready.
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(notice).toBeVisible();

    const next = buildVersionOfNextManifest();
    await notice.getByRole('button', { name: 'Reload' }).click();
    expect(await next).not.toBe('previous-release');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('keeps no private answer in its caches, before and after Logout', async ({ page, request }) => {
    const owner = await signUp(request, 'offline-private', 'Pia Private');
    const id = await createMemory(request, owner, {
      title: 'Night train',
      date: '2026-03-03',
      text: 'Written on the night train.',
      tags: ['train'],
    });
    await signInWithCookie(page, owner);
    await openControlled(page, '/dashboard');
    await page.getByRole('button', { name: 'View Night train' }).click();
    await expect(page).toHaveURL(new RegExp(`/memory/${id}$`));
    await expect(page.getByRole('heading', { name: 'Night train' })).toBeVisible();

    const signedIn = await storedData(page);
    // The app's files are cached (the worker works), and nothing from the API is.
    expect(signedIn.cachedUrls.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
    expect(signedIn.cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const signedOut = await storedData(page);
    expect(signedOut.cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    // Workbox's own database only dates the cached app files.
    expect(signedOut.databases.filter((name) => name !== 'workbox-expiration')).toEqual([]);
  });
});

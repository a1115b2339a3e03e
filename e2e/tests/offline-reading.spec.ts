import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, uploadPng } from '../support/memories';
import { databaseNames, indexedDbRecords, openControlled, storedData } from '../support/service-worker';
import { switchTheme } from '../support/theme';

// Offline reading (issue 20): a signed-in reader opens the app with no network as the user this browser had signed
// in, and reads the memories listed and opened before, with their images, from the copy kept on this device, under
// an Offline banner that says from when. Sign-out leaves nothing of them. Run once, on desktop Chromium.

test.use({ serviceWorkers: 'allow' });
// One long scenario: the worker precaches the shell, then four loads online, three offline and a sign-out.
test.setTimeout(120_000);

/** The reading database's memories of a user, as the page's IndexedDB holds them. */
async function keptMemoryIds(page: Page, userId: string): Promise<string[]> {
  const records = await indexedDbRecords<{ userId: string; id: string }>(page, 'memories-offline-reading', 'memories');
  return records.filter((record) => record.userId === userId).map((record) => record.id);
}

/** The images kept for offline reading in the caches named after the user. */
async function keptImageUrls(page: Page, userId: string): Promise<string[]> {
  const { cacheNames } = await storedData(page);
  return page.evaluate(
    async (names) => {
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    },
    cacheNames.filter((name) => name.includes(userId)),
  );
}

const imageShown = (page: Page, src: string) =>
  expect
    .poll(() =>
      page
        .locator(`article img[src="${src}"]`)
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBe(1);

test('a reader opens the app offline and reads the kept memories with their images; sign-out leaves nothing of them', async ({
  page,
  request,
  context,
}) => {
  const reader = await signUp(request, 'offline-reading', 'Olive Offline');
  const fileUrl = await uploadPng(request, reader, 'boats.png');
  const harbourId = await createMemory(request, reader, {
    title: 'Harbour boats',
    date: '2026-05-01',
    contentJson: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Boats in the rain.' }] },
        { type: 'image', attrs: { src: fileUrl } },
      ],
    },
    thumbnailUrl: fileUrl,
  });
  await createMemory(request, reader, {
    title: 'Night train',
    date: '2026-03-03',
    text: 'Written on the night train.',
  });
  await signInWithCookie(page, reader);

  // Online: the list and the memory are read, and so kept.
  await openControlled(page, '/dashboard');
  await expect(page.getByRole('button', { name: 'View Night train' })).toBeVisible();
  const keptFrom = Date.now();
  await page.getByRole('button', { name: 'View Harbour boats' }).click();
  await expect(page).toHaveURL(new RegExp(`/memory/${harbourId}$`));
  await imageShown(page, fileUrl);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Harbour boats' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect.poll(async () => (await keptMemoryIds(page, reader.id)).length).toBe(2);
  await expect.poll(() => keptImageUrls(page, reader.id)).toEqual([fileUrl]);
  const keptUntil = Date.now();

  // Offline: the reload opens signed in, the memory and its image from the kept copy, with the banner and its time.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Harbour boats' })).toBeVisible();
  await expect(page.getByText('Boats in the rain.')).toBeVisible();
  await imageShown(page, fileUrl);
  const banner = page.getByRole('status').filter({ hasText: 'Offline — showing your copy from' });
  await expect(banner).toBeVisible();
  const keptAt = Date.parse((await banner.locator('time').getAttribute('datetime')) ?? '');
  expect(keptAt).toBeGreaterThanOrEqual(keptFrom - 1_000);
  expect(keptAt).toBeLessThanOrEqual(keptUntil);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'View Night train' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Harbour boats' })).toBeVisible();
  await expect(banner).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the dashboard offline, light');
  await switchTheme(page, 'dark');
  await expectNoSeriousAxeViolations(page, 'the dashboard offline, dark');

  // Online again: sign-out clears every kept memory, image and the profile of the reader.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => databaseNames(page)).not.toContain('memories-offline-reading');
  const signedOut = await storedData(page);
  expect(signedOut.cacheNames.filter((name) => name.includes(reader.id))).toEqual([]);
  expect(signedOut.cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  expect(await keptMemoryIds(page, reader.id)).toEqual([]);
});

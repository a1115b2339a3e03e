import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createMemory, draftSavedNotice, savedOnDeviceNotice, waitingSaves } from '../support/memories';
import { indexedDbRecords, openControlled } from '../support/service-worker';
import { switchTheme, useTheme } from '../support/theme';

// Writing with no network (issue 20): saves that cannot reach the server wait in the device's outbox (IndexedDB),
// survive a reload, and are sent in order, once each, when the connection returns; a memory changed elsewhere
// meanwhile is never overwritten silently; signing out asks before deleting what was not sent.

// The reload while offline needs the app's service worker (the shell and remotes from its caches).
test.use({ serviceWorkers: 'allow' });

const title = (page: Page) => page.getByLabel('Memory Title *');
// Behind an open dialog the editor is hidden from the accessibility tree, not from the page.
const content = (page: Page) => page.getByRole('textbox', { name: 'Content', includeHidden: true });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'This memory was changed elsewhere' });

async function typeAtEnd(page: Page, text: string): Promise<void> {
  await content(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

async function writeNewMemory(page: Page, memoryTitle: string, text: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Create Memory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
  await title(page).fill(memoryTitle);
  await typeAtEnd(page, text);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(page).toHaveURL(/\/memory\/edit\/offline-/);
}

async function myMemories(request: APIRequestContext, owner: TestUser) {
  const response = await request.get('/api/memories/my?size=100', { headers: authorised(owner) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string; title: string; contentJson: string; version: number }[];
}

/** The names of the origin's IndexedDB databases. */
const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));

/** How many saves the user's outbox holds. */
const outboxSaves = async (page: Page, userId: string) =>
  (await indexedDbRecords(page, `memories-outbox-${userId}`, 'saves')).length;

/** Every save (create or update) of a memory that reached the server and was answered with success. */
function watchSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('response', (response) => {
    const method = response.request().method();
    const path = new URL(response.url()).pathname;
    if ((method === 'POST' || method === 'PUT') && /^\/api\/memories\/memory(\/[^/]+)?$/.test(path) && response.ok())
      saves.push(`${method} ${path}`);
  });
  return saves;
}

test('two memories written and a third edited offline survive a reload and arrive once each, in order, when the network returns', async ({
  page,
  context,
  request,
}) => {
  // Waiting budgets, not speed checks (here and below): the worker's precache, a reload offline and axe on a loaded
  // machine.
  test.setTimeout(240_000);
  const owner = await signUp(request, 'offline-writing', 'Olive Outbox');
  const thirdId = await createMemory(request, owner, {
    title: 'Third memory',
    date: '2026-07-01',
    text: 'Before the train.',
    isDraft: true,
  });
  await useTheme(page, 'light');
  await signInWithCookie(page, owner);
  await openControlled(page, `/memory/edit/${thirdId}`);
  await expect(content(page)).toHaveText('Before the train.', { timeout: 60_000 });
  const saves = watchSaves(page);

  await context.setOffline(true);
  await typeAtEnd(page, ' Then the tunnel.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(waitingSaves(page)).toHaveText('1 change waiting to be sent');

  await writeNewMemory(page, 'Night train', 'We left at midnight.');
  await writeNewMemory(page, 'Morning platform', 'Coffee from a machine.');
  await expect(waitingSaves(page)).toHaveText('3 changes waiting to be sent');
  await expectNoSeriousAxeViolations(page, 'pending saves in the top bar, light');

  // Nothing lost by a reload with no network: the editor opens the memory from the outbox.
  await page.reload();
  await expect(title(page)).toHaveValue('Morning platform', { timeout: 60_000 });
  await expect(content(page)).toHaveText('Coffee from a machine.');
  await expect(waitingSaves(page)).toHaveText('3 changes waiting to be sent');
  expect(saves).toEqual([]);
  expect(await myMemories(request, owner)).toHaveLength(1);

  await context.setOffline(false);
  await expect(waitingSaves(page)).toBeHidden();
  // The memory created offline is now edited under its server id.
  await expect(page).toHaveURL(/\/memory\/edit\/[0-9a-f-]{36}$/);
  // Another drain (as the next `online` event or retry would run) finds nothing left to send.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => outboxSaves(page, owner.id)).toBe(0);

  const stored = await myMemories(request, owner);
  expect(stored.map((memory) => memory.title).sort()).toEqual(['Morning platform', 'Night train', 'Third memory']);
  expect(stored.find((memory) => memory.id === thirdId)?.contentJson).toContain('Before the train. Then the tunnel.');
  const [edit, ...creates] = saves;
  expect(edit).toBe(`PUT /api/memories/memory/${thirdId}`);
  expect(creates).toEqual(['POST /api/memories/memory', 'POST /api/memories/memory']);
  expect(page.url()).toContain(stored.find((memory) => memory.title === 'Morning platform')?.id ?? 'missing');
});

test('an edit sent after the memory changed elsewhere shows both versions and keeps the one chosen', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUp(request, 'offline-conflict', 'Cora Conflict');
  const memoryId = await createMemory(request, owner, {
    title: 'Lake day',
    date: '2026-06-01',
    text: 'We swam.',
    isDraft: true,
  });
  await useTheme(page, 'dark');
  await signInWithCookie(page, owner);
  await page.goto(`/memory/edit/${memoryId}`);
  await expect(content(page)).toHaveText('We swam.', { timeout: 60_000 });

  await context.setOffline(true);
  await typeAtEnd(page, ' Then a nap.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(waitingSaves(page)).toHaveText('1 change waiting to be sent');
  await expectNoSeriousAxeViolations(page, 'pending saves in the top bar, dark');
  // On to another memory; meanwhile the memory changes on another device.
  await page.getByRole('banner').getByRole('link', { name: 'Create Memory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
  const elsewhere = await request.put(`/api/memories/memory/${memoryId}`, {
    headers: authorised(owner),
    data: {
      title: 'Lake day',
      date: '2026-06-01',
      contentJson: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We swam. Then lunch.' }] }],
      }),
      tags: [],
      isDraft: true,
      thumbnailUrl: '',
      sharedWith: [],
      version: 1,
    },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

  await context.setOffline(false);
  const choice = page.getByRole('banner').getByRole('link', { name: /1 change needs your choice/ });
  await expect(choice).toBeVisible();
  await expect(waitingSaves(page)).toBeHidden();
  // Refused, not overwritten: the server still has the other device's text.
  expect((await myMemories(request, owner))[0]).toMatchObject({ version: 2 });
  expect((await myMemories(request, owner))[0].contentJson).toContain('Then lunch.');

  await choice.click();
  const dialog = conflictDialog(page);
  await expect(dialog.getByRole('region', { name: 'Text of your version' })).toHaveText('We swam. Then a nap.');
  await expect(dialog.getByRole('region', { name: 'Text of newer version' })).toHaveText('We swam. Then lunch.');
  await expect(content(page)).toHaveText('We swam. Then a nap.');
  await expectNoSeriousAxeViolations(page, 'outbox conflict, dark');
  await switchTheme(page, 'light');
  await expectNoSeriousAxeViolations(page, 'outbox conflict, light');

  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(draftSavedNotice(page)).toBeVisible();
  await expect(choice).toBeHidden();
  const [kept] = await myMemories(request, owner);
  expect(kept.version).toBe(3);
  expect(kept.contentJson).toContain('We swam. Then a nap.');
  expect(kept.contentJson).not.toContain('lunch');
});

/**
 * Holds the user's outbox in a write of its own (a second connection, as another tab would have) until released:
 * every read or write of its saves waits behind it, in the order it was asked for.
 */
async function holdOutboxSaves(page: Page, userId: string): Promise<() => Promise<void>> {
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const saves = database.transaction('saves', 'readwrite').objectStore('saves');
          let held = true;
          (window as unknown as { releaseOutbox: () => void }).releaseOutbox = () => {
            held = false;
          };
          // A transaction ends once no request of it is waiting: one request after another keeps it open.
          const keepOpen = () => {
            if (held) saves.count().onsuccess = keepOpen;
            else database.close();
          };
          saves.count().onsuccess = () => {
            resolve();
            keepOpen();
          };
        };
      }),
    `memories-outbox-${userId}`,
  );
  return () => page.evaluate(() => (window as unknown as { releaseOutbox: () => void }).releaseOutbox());
}

test('a save kept while the returning connection sends the memory it edits goes on under the server id, without a conflict', async ({
  page,
  context,
  request,
}) => {
  // The connection returns while an edit of a memory created offline is being kept: the drain sends the memory's
  // create first (issue 33). The edit must go on on top of what the create made, under the server's id.
  test.setTimeout(120_000);
  const owner = await signUp(request, 'offline-race', 'Rhea Race');
  await signInWithCookie(page, owner);
  await page.goto('/memory/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  await title(page).fill('Ferry crossing');
  await typeAtEnd(page, 'The sea was calm.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(page).toHaveURL(/\/memory\/edit\/offline-/);
  const localId = new URL(page.url()).pathname.split('/').pop() ?? 'missing';

  // The connection returns; the drain's create is held on its way to the server.
  let createArrived = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (createArrived = resolve));
  let releaseCreate = () => undefined as void;
  const released = new Promise<void>((resolve) => (releaseCreate = resolve));
  await page.route('**/api/memories/memory', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    createArrived();
    await released;
    await route.fallback();
  });
  await context.setOffline(false);
  await arrived;

  // The create is answered while the outbox is busy: what the drain records of it waits behind the hold, and so does
  // the edit saved next, so the drain's record goes first.
  const releaseOutbox = await holdOutboxSaves(page, owner.id);
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/memories/memory',
  );
  releaseCreate();
  expect((await created).ok()).toBe(true);
  await typeAtEnd(page, ' Gulls followed us.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await releaseOutbox();

  await expect(draftSavedNotice(page)).toBeVisible();
  await expect(conflictDialog(page)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: /needs your choice/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/memory\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: /^Last saved: / })).toBeVisible();
  const [stored, ...others] = await myMemories(request, owner);
  expect(others).toEqual([]);
  expect(page.url()).toContain(stored.id);
  expect(stored.version).toBe(2);
  expect(stored.contentJson).toContain('The sea was calm. Gulls followed us.');
  await expect.poll(() => outboxSaves(page, owner.id)).toBe(0);
  // Saved whole: no mirror of the text is left, under either id.
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('memories.editorDraft'))),
  ).toEqual([]);
  expect(await page.evaluate((id) => Object.keys(localStorage).some((key) => key.includes(id)), localId)).toBe(false);
});

test('signing out with unsent saves asks first, and then leaves no outbox of the user', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await signUp(request, 'offline-sign-out', 'Sid Signout');
  await signInWithCookie(page, owner);
  await page.goto('/memory/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible({ timeout: 60_000 });
  // The browser is online but the server cannot be reached: the save waits, and keeps waiting.
  await page.route('**/api/memories/memory', (route) => route.abort('internetdisconnected'));
  await title(page).fill('Unsent');
  await typeAtEnd(page, 'Words that never left this device.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(waitingSaves(page)).toHaveText('1 change waiting to be sent');
  expect(await databases(page)).toContain(`memories-outbox-${owner.id}`);

  await page.getByRole('button', { name: 'Logout' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete unsent changes?' });
  await expect(question).toContainText(
    '1 change saved on this device has not been sent yet. Signing out deletes it from this device.',
  );
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(waitingSaves(page)).toHaveText('1 change waiting to be sent');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete unsent changes?' })
    .getByRole('button', { name: 'Sign out and delete' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await databases(page)).not.toContain(`memories-outbox-${owner.id}`);
  expect(await myMemories(request, owner)).toEqual([]);
});

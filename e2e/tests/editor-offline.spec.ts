import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createMemory, draftSavedNotice } from '../support/memories';

// The editor under a dropped network (issue 10, "Faults"): the browser goes offline while the user types, and
// nothing typed is lost. Saves wait in the device's outbox (issue 20) and are sent once the network returns; edits
// not saved yet are mirrored in localStorage and offered back (docs/decisions.md "Never losing a word").

const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const title = (page: Page) => page.getByLabel('Memory Title *');

async function typeAtEnd(page: Page, text: string): Promise<void> {
  await content(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

async function myMemories(request: APIRequestContext, owner: TestUser) {
  const response = await request.get('/api/memories/my?size=100', { headers: authorised(owner) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string; title: string; contentJson: string; isDraft: boolean }[];
}

/** A save with no network is kept on the device, and the editor says so instead of failing. */
async function expectSaveKeptOnDevice(page: Page, button: 'Save Draft' | 'Publish'): Promise<void> {
  const save = page.getByRole('button', { name: button });
  await save.click();
  // Disabled while a save runs: enabled again, this save has finished (the notice may still be the one before).
  await expect(save).toBeEnabled();
  await expect(
    page.getByRole('status').filter({ hasText: "Saved on this device — will be sent when you're back online" }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toHaveCount(0);
}

test.describe('the editor under a dropped network', () => {
  test('a new memory written and published offline is kept on the device and stored once when the network returns', async ({
    page,
    context,
    request,
  }) => {
    const owner = await signUp(request, 'offline-new', 'Nora Network');
    await signInWithCookie(page, owner);
    await page.goto('/memory/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();

    await context.setOffline(true);
    await title(page).fill('Night train');
    await page.getByLabel('Date *').fill('2026-08-01');
    await typeAtEnd(page, 'We left at midnight.');
    await expectSaveKeptOnDevice(page, 'Save Draft');
    await typeAtEnd(page, ' The signal dropped in every tunnel.');
    await expectSaveKeptOnDevice(page, 'Publish');

    await expect(title(page)).toHaveValue('Night train');
    await expect(content(page)).toHaveText('We left at midnight. The signal dropped in every tunnel.');
    expect(await myMemories(request, owner)).toEqual([]);

    // Sent by itself when the network returns: one memory, published, with every word.
    await context.setOffline(false);
    await expect.poll(async () => (await myMemories(request, owner)).length).toBe(1);
    const stored = await myMemories(request, owner);
    expect(stored[0]).toMatchObject({ title: 'Night train', isDraft: false });
    expect(stored[0].contentJson).toContain('We left at midnight. The signal dropped in every tunnel.');
    // Saved: nothing is left to offer back.
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('memories.editorDraft'))),
      )
      .toEqual([]);
  });

  test('edits made offline, auto-saved on the device or only mirrored, and the tab closed, come back after reconnecting and save', async ({
    page,
    context,
    request,
  }) => {
    const owner = await signUp(request, 'offline-edit', 'Ola Offline');
    const id = await createMemory(request, owner, {
      title: 'Mountain hut',
      date: '2026-08-02',
      text: 'Arrived before the storm.',
      isDraft: true,
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/edit/${id}`);
    await expect(content(page)).toHaveText('Arrived before the storm.');
    await page.getByLabel('Auto-save', { exact: true }).check();

    await context.setOffline(true);
    await title(page).fill('Mountain hut, snowed in');
    await typeAtEnd(page, ' Then the power and the network went.');
    // Auto-save keeps it on the device, in the background.
    await expect(page.getByText(/^Last saved on this device: /)).toBeVisible();
    // The last words are only in the mirror: not saved anywhere yet.
    await page.getByLabel('Auto-save', { exact: true }).uncheck();
    await typeAtEnd(page, ' Candles.');
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).some((value) => value.includes('Candles.'))))
      .toBe(true);

    // The tab is closed while still offline (no prompt, as a crash or a dead battery would).
    await page.close({ runBeforeUnload: false });
    await context.setOffline(false);
    const stillSaved = (await myMemories(request, owner)).find((memory) => memory.id === id);
    expect(stillSaved?.title).toBe('Mountain hut');

    const again = await context.newPage();
    await again.goto(`/memory/edit/${id}`);
    const restore = again.getByRole('dialog', { name: 'Restore unsaved changes?' });
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(title(again)).toHaveValue('Mountain hut, snowed in');
    await expect(content(again)).toHaveText('Arrived before the storm. Then the power and the network went. Candles.');

    await again.getByRole('button', { name: 'Save Draft' }).click();
    await expect(draftSavedNotice(again)).toBeVisible();
    const stored = (await myMemories(request, owner)).find((memory) => memory.id === id);
    expect(stored?.title).toBe('Mountain hut, snowed in');
    expect(stored?.contentJson).toContain('Arrived before the storm. Then the power and the network went. Candles.');
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { ONE_PIXEL_PNG } from '../support/memories';
import { indexedDbRecords, openControlled } from '../support/service-worker';
import { switchTheme, useTheme } from '../support/theme';

// Issue 38's writing habit in the editor: "Need a prompt?", the day's prompt and a reminder's link opening a new
// memory under the prompt, the personal template written in Settings, and sharing into Memories from another app
// through the web app manifest's share target (the service worker takes the POST the browser makes).

const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });

async function myMemories(request: APIRequestContext, owner: TestUser) {
  const response = await request.get('/api/memories/my?size=100', { headers: authorised(owner) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string; title: string; contentJson: string; isDraft: boolean }[];
}

const SHARED = {
  title: 'Harbour at dawn',
  text: 'The boats went out before six.',
  url: 'https://example.com/harbour',
};

/**
 * What the browser does when someone picks Memories in a share sheet: a multipart POST navigation to the manifest's
 * action, with the shared title, text, link and a photo (here from a page the service worker controls).
 */
async function shareToMemories(page: Page, action: string): Promise<void> {
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      Object.assign(form, { id: 'share-sheet', method: 'post', action, enctype: 'multipart/form-data' });
      for (const [name, value] of Object.entries(fields))
        form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
      form.append(Object.assign(document.createElement('input'), { type: 'file', name: 'files', id: 'shared-files' }));
      document.body.append(form);
    },
    { action, fields: SHARED },
  );
  await page
    .locator('#shared-files')
    .setInputFiles({ name: 'boats.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await page.evaluate(() => document.querySelector<HTMLFormElement>('#share-sheet')?.submit());
}

/** The shared items are placed in the draft and forgotten on this device. */
async function expectSharedDraft(page: Page, request: APIRequestContext, owner: TestUser): Promise<void> {
  await expect(page.getByLabel('Memory Title *')).toHaveValue(SHARED.title);
  await expect(content(page).getByText(SHARED.text)).toBeVisible();
  await expect(content(page).getByRole('link', { name: SHARED.url })).toBeVisible();
  await expect(content(page).locator('img')).toHaveCount(1);

  await expect
    .poll(async () => (await myMemories(request, owner)).map(({ title, isDraft }) => ({ title, isDraft })))
    .toEqual([{ title: SHARED.title, isDraft: true }]);
  await expect
    .poll(async () => JSON.parse((await myMemories(request, owner))[0].contentJson).content)
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'image' }),
        expect.objectContaining({ type: 'paragraph', content: [expect.objectContaining({ text: SHARED.text })] }),
        expect.objectContaining({
          type: 'paragraph',
          content: [
            expect.objectContaining({
              text: SHARED.url,
              marks: [expect.objectContaining({ type: 'link', attrs: expect.objectContaining({ href: SHARED.url }) })],
            }),
          ],
        }),
      ]),
    );
  const [memory] = await myMemories(request, owner);
  const image = JSON.parse(memory.contentJson).content.find((block: { type: string }) => block.type === 'image');
  // Private images are served to the signed-in browser (its media cookie).
  const stored = await page.request.get(image.attrs.src);
  expect(stored.ok()).toBe(true);
  expect(Buffer.from(await stored.body())).toEqual(ONE_PIXEL_PNG);
  await expect.poll(async () => (await indexedDbRecords(page, 'memories-shared-items', 'items')).length).toBe(0);
}

test('"Need a prompt?" is used with the keyboard and puts the prompt in as a heading; axe with the helper open', async ({
  page,
  request,
}) => {
  const owner = await signUp(request, 'prompt-helper', 'Pia Prompt');
  await useTheme(page, 'light');
  await signInWithCookie(page, owner);
  await page.goto('/memory/create');
  await expect(content(page)).toBeVisible();

  await page.getByRole('button', { name: 'Need a prompt?' }).focus();
  await page.keyboard.press('Enter');
  const helper = page.getByRole('region', { name: 'Writing prompt' });
  await expect(helper.getByRole('button', { name: 'Shuffle' })).toBeFocused();
  const shown = helper.getByTestId('prompt-text');
  await expect(shown).not.toHaveText(/^(Finding a prompt…)?$/);
  const first = (await shown.textContent()) ?? '';
  await page.keyboard.press('Enter');
  // Another draw from the same library (100+ prompts): it may repeat, but the text is always a prompt.
  await expect(shown).not.toHaveText(/^(Finding a prompt…)?$/);
  expect(first.length).toBeGreaterThan(5);

  await expectNoSeriousAxeViolations(page, 'editor with the prompt helper (light)');
  await switchTheme(page, 'dark');
  await expectNoSeriousAxeViolations(page, 'editor with the prompt helper (dark)');

  const prompt = (await shown.textContent()) ?? '';
  await page.keyboard.press('Tab');
  await expect(helper.getByRole('button', { name: 'Insert as heading' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(helper).toBeHidden();
  await expect(content(page).getByRole('heading', { level: 2, name: prompt })).toBeVisible();
  // The caret is under the heading: what is typed next is the memory's text.
  await page.keyboard.type('My grandmother, in her kitchen.');
  await expect(content(page).locator('p').first()).toHaveText('My grandmother, in her kitchen.');
});

test("the day's prompt and a reminder's link open a new memory under the prompt, above the template written in Settings", async ({
  page,
  request,
}) => {
  const owner = await signUp(request, 'prompt-template', 'Tess Template');
  await signInWithCookie(page, owner);

  await page.goto('/settings/prompts');
  await page.getByRole('link', { name: 'Write a template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your template' })).toBeVisible();
  const template = page.getByRole('textbox', { name: 'Template' });
  await template.click();
  await page.keyboard.type('Three good things:');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved. New memories start with it.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByTestId('template-status')).toContainText('New memories start with your template');

  // The dashboard's prompt for today is the one the day's reminder carries.
  const today = new Date().toLocaleDateString('sv');
  const answer = await request.get(`/api/prompts/today?date=${today}`, { headers: authorised(owner) });
  expect(answer.ok(), await answer.text()).toBe(true);
  const todays = (await answer.json()).data as { text: string };
  await page.goto('/dashboard');
  const card = page.getByTestId('today-prompt');
  await expect(card).toContainText(todays.text);
  await card.getByRole('link', { name: 'Write about it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
  await expect(content(page).getByRole('heading', { level: 2, name: todays.text })).toBeVisible();
  await expect(content(page).getByText('Three good things:')).toBeVisible();

  // A reminder's link (services/notify builds it the same way) opens the editor with its prompt.
  await page.goto(`/memory/create?prompt=${encodeURIComponent('What surprised you today?')}`);
  await expect(content(page).getByRole('heading', { level: 2, name: 'What surprised you today?' })).toBeVisible();
  await expect(content(page).getByText('Three good things:')).toBeVisible();

  // An existing memory never takes the template.
  await page.getByLabel('Memory Title *').fill('A surprise');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/memory\/edit\//);
  const [saved] = await myMemories(request, owner);
  expect(JSON.parse(saved.contentJson).content[0]).toMatchObject({
    type: 'heading',
    content: [{ text: 'What surprised you today?' }],
  });
  await page.reload();
  await expect(content(page).getByText('Three good things:')).toHaveCount(1);
});

test.describe('sharing into Memories', () => {
  // The share target is the service worker's: it must control the page the browser posts from.
  test.use({ serviceWorkers: 'allow' });

  test('a page, a text and a photo shared from another app open a new draft with all of them, the photo uploaded', async ({
    page,
    request,
  }) => {
    // Waiting budget, not a speed check: the worker precaches the shell before it controls the page.
    test.slow();
    const owner = await signUp(request, 'share-target', 'Sam Share');
    await signInWithCookie(page, owner);
    await openControlled(page, '/dashboard');

    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['image/*'] }] },
    });

    await shareToMemories(page, manifest.share_target.action);

    await expect(page).toHaveURL(/\/memory\/edit\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expectSharedDraft(page, request, owner);
  });

  test('a share with no network opens a draft kept in the outbox, and its photo follows when the network returns', async ({
    page,
    context,
    request,
  }) => {
    // Waiting budget, not a speed check: the worker precaches the shell before it controls the page.
    test.slow();
    const owner = await signUp(request, 'share-offline', 'Otto Offline');
    await signInWithCookie(page, owner);
    await openControlled(page, '/dashboard');

    await context.setOffline(true);
    await shareToMemories(page, '/share-target');
    await expect(page).toHaveURL(/\/memory\/edit\/offline-/, { timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'will be sent when you' })).toBeVisible();
    await expect(
      page.getByText('The shared photo is kept on this device and will be added when you are back online.'),
    ).toBeVisible();
    expect(await myMemories(request, owner)).toEqual([]);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/memory\/edit\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByText('The shared photo is kept on this device')).toBeHidden();
    await expectSharedDraft(page, request, owner);
  });
});

import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { createMemory, saveDraftInEditor } from '../support/memories';
import { expectTheme, switchTheme, useTheme } from '../support/theme';

// A memory's version history against the real embedded server: edits kept as versions, the History screen from the
// viewer's More Options, a version compared with the current text, a restore, and the restore undone.

const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');
const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const history = (page: Page) => page.getByRole('dialog', { name: /^History of/ });

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More Options' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(history(page)).toBeVisible();
}

async function saveAs(request: APIRequestContext, owner: TestUser, id: string, text: string): Promise<void> {
  const response = await request.put(`/api/memories/memory/${id}`, {
    headers: authorised(owner),
    data: {
      title: 'Harbour walk',
      date: '2026-05-01',
      contentJson: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('version history', () => {
  test('edit three times, compare the first version, restore it and undo the restore', async ({ page, request }) => {
    const owner = await signUp(request, 'history');
    const id = await createMemory(request, owner, {
      title: 'Harbour walk',
      date: '2026-05-01',
      text: 'We walked to the harbour.',
      isDraft: true,
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/edit/${id}`);
    await expect(content(page)).toContainText('We walked to the harbour.');

    for (const text of [
      'We walked to the old harbour at dawn.',
      'We walked to the old harbour at dawn and saw boats.',
      'Boats, gulls and rain at the harbour.',
    ]) {
      await content(page).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
      await saveDraftInEditor(page);
    }

    await page.goto(`/memory/${id}`);
    await expect(page.getByText('Boats, gulls and rain at the harbour.')).toBeVisible();
    await openHistory(page);
    const versions = history(page).getByRole('navigation', { name: 'Versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(4);
    await expect(versions.getByRole('listitem').first()).toContainText('Current version');
    await versions.getByRole('button').last().click();

    const text = history(page).getByTestId('version-text');
    // The first version against the current text: its words marked as brought back, the current ones as taken away.
    await expect(text.locator('ins')).toHaveText([/We walked to/]);
    await expect(text.locator('del')).toHaveText([/Boats, gulls and rain at/]);
    await expect(text).toContainText('the harbour.');
    await history(page).getByRole('button', { name: 'Restore this version' }).click();

    await expect(history(page)).toBeHidden();
    const restored = page.getByRole('status').filter({ hasText: 'Version restored' });
    await expect(restored).toBeVisible();
    await expect(page.getByRole('article')).toContainText('We walked to the harbour.');
    await restored.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('article')).toContainText('Boats, gulls and rain at the harbour.');
    await expect(page.getByRole('status').filter({ hasText: 'Version restored' })).toBeVisible();

    // Both the restore and its undo are in the history: nothing was lost on the way.
    await openHistory(page);
    await expect(history(page).getByRole('navigation', { name: 'Versions' }).getByRole('listitem')).toHaveCount(6);
  });

  test('the History screen: light and dark, desktop and phone, no serious axe violation, screenshots kept', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'history-axe');
    const id = await createMemory(request, owner, {
      title: 'Harbour walk',
      date: '2026-05-01',
      text: 'We walked to the harbour.',
      isDraft: true,
    });
    await saveAs(request, owner, id, 'We walked to the old harbour at dawn.');
    await saveAs(request, owner, id, 'Boats, gulls and rain at the harbour.');
    await useTheme(page, 'light');
    await signInWithCookie(page, owner);

    for (const [viewportName, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 360, height: 780 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/memory/${id}`);
      await openHistory(page);
      await history(page).getByRole('navigation', { name: 'Versions' }).getByRole('button').last().click();
      await expect(history(page).getByRole('button', { name: 'Restore this version' })).toBeVisible();
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await switchTheme(page, 'dark');
        await expectTheme(page, theme);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `history-${viewportName}-${theme}.png`),
          animations: 'disabled',
        });
        await expectNoSeriousAxeViolations(page, `history (${viewportName}, ${theme})`);
      }
      await switchTheme(page, 'light');
    }
  });
});

import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { createMemory, draftSavedNotice } from '../support/memories';
import { useTheme, type ThemeName } from '../support/theme';

// The same memory open on two devices (a laptop, light, and a phone at 360 px, dark), each editing and saving: the
// second save meets the first one's newer version, and the person chooses. Nothing anyone typed is lost on the way.

const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');

const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'This memory was changed elsewhere' });
// Behind an open dialog the editor is hidden from the accessibility tree, not from the page.
const editorText = (page: Page) => page.getByRole('textbox', { name: 'Content', includeHidden: true });

async function openOn(
  browser: Browser,
  owner: TestUser,
  memoryId: string,
  theme: ThemeName,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await useTheme(page, theme);
  await signInWithCookie(page, owner);
  await page.goto(`/memory/edit/${memoryId}`);
  await expect(editorText(page)).toHaveText('We swam.');
  return page;
}

async function typeAtTheEnd(page: Page, text: string): Promise<void> {
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test('two devices save the same memory: the second sees both versions side by side and keeps either, nothing typed is lost', async ({
  browser,
  request,
}) => {
  // A waiting budget, not a speed check: two browser contexts, two saves each, two axe runs and a clipboard round trip
  // take ~13 s on a quiet machine and minutes on a loaded one.
  test.setTimeout(180_000);
  const owner = await signUp(request, 'editor-conflict');
  const memoryId = await createMemory(request, owner, {
    title: 'Lake day',
    date: '2026-06-01',
    text: 'We swam.',
    isDraft: true,
  });
  const stored = async () => {
    const response = await request.get(`/api/memories/memory/${memoryId}`, { headers: authorised(owner) });
    return (await response.json()).data as { contentJson: string; version: number };
  };
  const laptop = await openOn(browser, owner, memoryId, 'light', { viewport: { width: 1280, height: 800 } });
  const phone = await openOn(browser, owner, memoryId, 'dark', {
    viewport: { width: 360, height: 780 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });

  await typeAtTheEnd(laptop, ' Then lunch.');
  await laptop.getByRole('button', { name: 'Save Draft' }).click();
  await expect(draftSavedNotice(laptop)).toBeVisible();
  expect((await stored()).version).toBe(2);

  // The phone saves on top of version 1: refused, and its text stays where it was typed.
  await typeAtTheEnd(phone, ' Then a nap.');
  await phone.getByRole('button', { name: 'Save Draft' }).click();
  const onPhone = conflictDialog(phone);
  await expect(onPhone.getByRole('region', { name: 'Text of your version' })).toHaveText('We swam. Then a nap.');
  await expect(onPhone.getByRole('region', { name: 'Text of newer version' })).toHaveText('We swam. Then lunch.');
  await expect(onPhone.getByRole('region', { name: 'Text of your version' }).locator('mark')).toContainText(['nap']);
  await expect(editorText(phone)).toHaveText('We swam. Then a nap.');
  await expectNoSeriousAxeViolations(phone, 'editor version conflict, 360 px, dark');
  await phone.screenshot({ path: path.join(SCREENSHOTS, 'editor-conflict-phone-dark.png') });

  await onPhone.getByRole('button', { name: 'Copy text' }).last().click();
  await expect(onPhone.getByText('The newer text was copied.')).toBeVisible();
  expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe('Lake day\n\nWe swam. Then lunch.');

  // Chosen with the keyboard: "Keep mine" saves the phone's text on top of the laptop's version.
  await onPhone.getByRole('button', { name: 'Keep mine' }).focus();
  await phone.keyboard.press('Enter');
  await expect(draftSavedNotice(phone)).toBeVisible();
  expect(await stored()).toMatchObject({ version: 3, contentJson: expect.stringContaining('We swam. Then a nap.') });

  // The laptop, still on version 2, saves again: its turn to choose, and it takes the phone's version.
  await typeAtTheEnd(laptop, ' And cake.');
  await laptop.getByRole('button', { name: 'Save Draft' }).click();
  const onLaptop = conflictDialog(laptop);
  await expect(onLaptop.getByRole('region', { name: 'Text of your version' })).toHaveText(
    'We swam. Then lunch. And cake.',
  );
  await expect(onLaptop.getByRole('region', { name: 'Text of newer version' })).toHaveText('We swam. Then a nap.');
  await expect(editorText(laptop)).toHaveText('We swam. Then lunch. And cake.');
  await expectNoSeriousAxeViolations(laptop, 'editor version conflict, desktop, light');
  await laptop.screenshot({ path: path.join(SCREENSHOTS, 'editor-conflict-desktop-light.png') });
  await onLaptop.getByRole('button', { name: 'Keep theirs' }).click();

  await expect(onLaptop).toHaveCount(0);
  await expect(editorText(laptop)).toHaveText('We swam. Then a nap.');
  expect((await stored()).version).toBe(3);
  await laptop.context().close();
  await phone.context().close();
});

import { UNDO_NEW_GROUP_DELAY_MS } from '@memories/editor-schema';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createMemory } from '../support/memories';

// The rich-text editor of /memory/edit/{id} (spec section 2 "Memory editor", section 5 links, images and colour
// hex) against the real embedded server: every toolbar action, its undo, the link and hex refusals, uploads of
// several images at once, resizing and aligning an image, and what Save Draft stores.

const content = (page: Page) => page.locator('.ProseMirror');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

async function openEditor(page: Page, owner: TestUser, text = 'Hello world'): Promise<string> {
  const id = await createMemory(page.request, owner, { title: 'Toolbar day', date: '2026-06-01', text, isDraft: true });
  await signInWithCookie(page, owner);
  await page.goto(`/memory/edit/${id}`);
  await expect(content(page)).toContainText(text);
  return id;
}

/**
 * Selects the text of the document's only paragraph with the keyboard (the toolbar acts on the selection). Waits for
 * the editor's own selection, not only the page's: ProseMirror takes a keyboard selection from the DOM on its next
 * `selectionchange`, and a toolbar control used before that acts on the caret the click left.
 */
async function selectAll(page: Page): Promise<void> {
  await content(page).getByText('Hello world').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString().trim())).toBe('Hello world');
  await expect
    .poll(() =>
      content(page).evaluate((dom) => {
        // Tiptap keeps its editor on the element it renders into.
        const { state } = (dom as HTMLElement & { editor: { state: EditorStateLike } }).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to).trim();
      }),
    )
    .toBe('Hello world');
}

/** The part of ProseMirror's state the selection check reads (the page's editor is not typed here). */
interface EditorStateLike {
  doc: { textBetween(from: number, to: number): string };
  selection: { from: number; to: number };
}

/**
 * Changes within 500 ms of each other are one undo step (spec section 9); waiting out that delay makes the next
 * change its own step, as it is for a person who pauses between two edits.
 */
async function startNewUndoStep(page: Page): Promise<void> {
  await page.waitForTimeout(UNDO_NEW_GROUP_DELAY_MS + 100);
}

async function undo(page: Page): Promise<void> {
  await content(page).focus();
  await page.keyboard.press(`${mod}+Z`);
}

/** A PNG of the given size drawn by the browser itself (the upload service checks the bytes are a real PNG). */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#3c78d8';
      context.fillRect(0, 0, w, h);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

test.describe('rich-text toolbar', () => {
  // Each test drives many steps through the real server: more than the suites' one budget while other suites share the
  // machine.
  test.describe.configure({ timeout: 120_000 });
  let owner: TestUser;
  test.beforeEach(async ({ request }) => {
    owner = await signUp(request, 'toolbar');
  });

  test('each toolbar action produces its HTML, shows as pressed, and is undone with Ctrl+Z', async ({ page }) => {
    await openEditor(page, owner);
    const actions: [button: string, produced: string, pressed: boolean][] = [
      ['Bold', 'strong', true],
      ['Italic', 'em', true],
      ['Strikethrough', 's', true],
      ['Highlight', 'mark', true],
      ['Heading 1', 'h1', true],
      ['Heading 2', 'h2', true],
      ['Heading 3', 'h3', true],
      ['Bullet List', 'ul > li', true],
      ['Numbered List', 'ol > li', true],
      ['Align Center', 'p[style*="text-align: center"]', true],
      ['Align Right', 'p[style*="text-align: right"]', true],
      ['Quote', 'blockquote', true],
      ['Code Block', 'pre > code', true],
      ['Horizontal Rule', 'hr', false],
    ];
    for (const [button, produced, pressed] of actions) {
      await selectAll(page);
      await toolbar(page).getByRole('button', { name: button, exact: true }).click();

      await expect(content(page).locator(produced), button).toHaveCount(1);
      // With the caret inside the changed text, as a person checks what is on.
      if (pressed) await content(page).locator(produced).getByText('Hello world').click();
      if (pressed)
        await expect(toolbar(page).getByRole('button', { name: button, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      await undo(page);
      await expect(content(page).locator(produced), `${button} undone`).toHaveCount(0);
      await expect(content(page)).toHaveText('Hello world');
    }
  });

  test('Insert Table adds a 3x3 table with a header row; font family and colours style the selection', async ({
    page,
  }) => {
    await openEditor(page, owner);

    await selectAll(page);
    await page.getByRole('combobox', { name: 'Font Family' }).selectOption('Georgia');
    await expect(content(page).locator('span[style*="font-family: Georgia"]')).toHaveText('Hello world');

    await selectAll(page);
    await toolbar(page).getByRole('button', { name: 'Background Color' }).click();
    const background = page.getByRole('dialog', { name: 'Background Color' });
    await background.getByRole('button', { name: 'Light yellow 3 #fff2cc' }).click();
    await expect(content(page).locator('mark[data-color="#fff2cc"]')).toHaveText('Hello world');
    await background.getByRole('button', { name: 'Close' }).click();
    await expect(background).toBeHidden();

    await content(page).click();
    await page.keyboard.press('End');
    await toolbar(page).getByRole('button', { name: 'Insert Table' }).click();
    const table = content(page).locator('table');
    await expect(table.locator('tr')).toHaveCount(3);
    await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
    await expect(table.locator('td')).toHaveCount(6);
  });

  test('the link modal refuses schemes outside the allowed list and adds an allowed link with Enter', async ({
    page,
  }) => {
    await openEditor(page, owner);
    await selectAll(page);

    await toolbar(page).getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert Link' });
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await expect(dialog.getByText(/^Links must start with http:, https:, ftp:/)).toBeVisible();
    await expect(content(page).locator('a')).toHaveCount(0);

    await dialog.getByLabel('URL').fill('');
    await dialog.getByLabel('URL').press('Enter');
    await expect(dialog.getByText('Enter a URL.')).toBeVisible();

    await dialog.getByLabel('URL').fill('https://example.com/lake');
    await dialog.getByLabel('URL').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(content(page).locator('a[href="https://example.com/lake"]')).toHaveText('Hello world');
    await expect(toolbar(page).getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the text colour picker accepts only # and six hex digits, resets, and closes on an outside click', async ({
    page,
  }) => {
    await openEditor(page, owner);
    await selectAll(page);

    await toolbar(page).getByRole('button', { name: 'Text Color' }).click();
    const picker = page.getByRole('dialog', { name: 'Text Color' });
    for (const group of ['Basic', 'Grays', 'Reds', 'Blues', 'Greens', 'Yellows'])
      await expect(picker.getByRole('group', { name: group })).toBeVisible();
    await expect(picker.getByTestId('current-color')).toHaveText('Default');

    for (const refused of ['ff0000', '#f00', '#ff00zz']) {
      await picker.getByLabel('Hex').fill(refused);
      await picker.getByLabel('Hex').press('Enter');
      await expect(picker.getByText('Enter # followed by six hex digits, e.g. #1a2b3c.')).toBeVisible();
    }
    await expect(content(page).locator('span[style*="color"]')).toHaveCount(0);

    await picker.getByLabel('Hex').fill('#CC0000');
    await picker.getByLabel('Hex').press('Enter');
    await expect(content(page).locator('span[style*="color"]')).toHaveText('Hello world');
    await expect(picker.getByTestId('current-color')).toHaveText('#cc0000');

    await picker.getByRole('button', { name: 'Reset to Black' }).click();
    await expect(content(page).locator('span[style*="color"]')).toHaveCount(0);

    await page.getByRole('heading', { level: 1 }).click();
    await expect(picker).toBeHidden();
  });

  test('several images upload at once with a progress indicator, at their natural width capped at 600', async ({
    page,
  }) => {
    await openEditor(page, owner);
    const [small, wide, medium] = await Promise.all([png(page, 240, 120), png(page, 1200, 600), png(page, 420, 300)]);
    // Hold the byte uploads until the progress indicator has been seen, then let them through unchanged.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/upload/files/**', async (route) => {
      await released;
      await route.continue();
    });

    await content(page).click();
    await page.keyboard.press('End');
    await page.getByTestId('image-upload-input').setInputFiles([
      { name: 'small.png', mimeType: 'image/png', buffer: small },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
      { name: 'wide.png', mimeType: 'image/png', buffer: wide },
      { name: 'medium.png', mimeType: 'image/png', buffer: medium },
    ]);

    // The refused file is reported in the error modal at once; while the modal is open the page behind it is
    // hidden from assistive technology, so the progress indicator is checked once the user has closed it.
    const refused = page.getByRole('alertdialog', { name: 'Error' });
    await expect(refused).toContainText('Failed to upload notes.txt: Only image files can be uploaded');
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(toolbar(page).getByRole('progressbar', { name: 'Uploading 3 images' })).toBeVisible();
    release();

    const images = content(page).locator('img');
    await expect(images).toHaveCount(3);
    await expect(toolbar(page).getByRole('progressbar')).toHaveCount(0);
    await expect(images.nth(0)).toHaveAttribute('alt', 'small.png');
    await expect(images.nth(0)).toHaveAttribute('width', '240');
    await expect(images.nth(1)).toHaveAttribute('width', '600');
    await expect(images.nth(2)).toHaveAttribute('width', '420');
    for (let index = 0; index < 3; index++)
      await expect(images.nth(index)).toHaveAttribute('src', /^\/api\/files\/users\/.+\.png$/);
    // Under 300 px wide: the small layout of the shared content styles, beside the text.
    await expect(page.locator('.memory-image').nth(0)).toHaveAttribute('data-image-size', 'small');
    await expect(page.locator('.memory-image').nth(0)).toHaveCSS('float', 'left');
    await expect(page.locator('.memory-image').nth(1)).toHaveCSS('float', 'none');
  });

  test('an image resizes from its handles within the limits, aligns from its controls, and both undo', async ({
    page,
  }) => {
    await openEditor(page, owner);
    await content(page).click();
    await page.keyboard.press('End');
    await page
      .getByTestId('image-upload-input')
      .setInputFiles([{ name: 'lake.png', mimeType: 'image/png', buffer: await png(page, 400, 200) }]);
    const image = content(page).locator('img');
    await expect(image).toHaveAttribute('width', '400');

    await startNewUndoStep(page);
    await dragHandle(page, 'e', 100, 0);
    await expect(image).toHaveAttribute('width', '500');
    await startNewUndoStep(page);
    await dragHandle(page, 'w', 450, 0);
    await expect(image).toHaveAttribute('width', '100');
    await undo(page);
    await expect(image).toHaveAttribute('width', '500');

    await image.hover();
    const controls = page.getByRole('group', { name: 'Image alignment' });
    await expect(controls).toBeVisible();
    await startNewUndoStep(page);
    await controls.getByRole('button', { name: 'Align image center' }).click();
    const layout = page.locator('.memory-image');
    await expect(layout).toHaveAttribute('data-align', 'center');
    await expect(controls.getByRole('button', { name: 'Align image center' })).toHaveAttribute('aria-pressed', 'true');
    await startNewUndoStep(page);
    await controls.getByRole('button', { name: 'Align image right' }).click();
    await expect(layout).toHaveAttribute('data-align', 'right');
    await undo(page);
    await expect(layout).toHaveAttribute('data-align', 'center');
  });

  test('Save Draft stores what the toolbar made (the server renders the same HTML)', async ({ page }) => {
    const id = await openEditor(page, owner);
    await selectAll(page);
    await toolbar(page).getByRole('button', { name: 'Bold', exact: true }).click();
    await toolbar(page).getByRole('button', { name: 'Align Center' }).click();
    await toolbar(page).getByRole('button', { name: 'Text Color' }).click();
    await page.getByRole('dialog', { name: 'Text Color' }).getByRole('button', { name: 'Crimson #cc0000' }).click();
    await page.getByRole('dialog', { name: 'Text Color' }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Save Draft' }).click();

    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
        return ((await response.json()).data as { contentHtml: string }).contentHtml;
      })
      .toBe('<p style="text-align:center"><strong><span style="color:#cc0000">Hello world</span></strong></p>');
  });

  test('the toolbar stays usable on a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openEditor(page, owner);
    // On a phone the fields above the content (title, date, tags, mood) fill the first screen: the person scrolls.
    await toolbar(page).scrollIntoViewIfNeeded();

    const bar = await toolbar(page).boundingBox();
    expect(bar?.width).toBeLessThanOrEqual(360);
    await expect(toolbar(page).getByRole('combobox', { name: 'Font Family' })).toBeInViewport();
    await selectAll(page);
    await toolbar(page).getByRole('button', { name: 'Italic' }).click();
    await expect(content(page).locator('em')).toHaveText('Hello world');
  });
});

/** Drags one resize handle of the (only) image by dx, dy with a mouse. */
async function dragHandle(page: Page, handle: string, dx: number, dy: number): Promise<void> {
  await content(page).locator('img').hover();
  const grip: Locator = page.locator(`[data-resize-handle="${handle}"]`);
  const box = await grip.boundingBox();
  if (!box) throw new Error(`handle ${handle} is not shown`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

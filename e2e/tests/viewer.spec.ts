import { expect, test, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { createMemory, shareMemory, uploadPng } from '../support/memories';
import { axeScan } from '../support/accessibility';

// The memory view (spec section 2 "Memory view", sections 6 and 8) against the real embedded server: users and
// memories are created through the API (its own request context, so the browser starts signed out), then each
// user signs in and opens the memory in the browser.

const lakeDay = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'We swam ' },
        { type: 'text', text: 'all afternoon', marks: [{ type: 'bold' }] },
      ],
    },
  ],
};

const viewer = (page: Page) => page.getByTestId('remote-viewer');

const seriousViolations = async (page: Page) => {
  const { violations } = await axeScan(page).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id: rule, nodes }) => `${rule}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

test.describe('memory view', () => {
  test('the owner sees the whole memory with Publish, Edit, Delete, Share, Print and Download', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'view-owner', 'Vera Viewer');
    const id = await createMemory(request, owner, {
      title: 'Lake day',
      date: '2026-07-04',
      contentJson: lakeDay,
      tags: ['summer', 'lake'],
      isDraft: true,
    });
    await signInWithCookie(page, owner);

    await page.goto(`/memory/${id}`);
    await expect(viewer(page).getByRole('heading', { level: 1, name: 'Lake day' })).toBeVisible();
    await expect(viewer(page)).toContainText(`By ${owner.email}`);
    await expect(viewer(page)).toContainText('2 tags');
    await expect(viewer(page)).toContainText('Draft');
    await expect(viewer(page).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['summer', 'lake']);
    await expect(viewer(page).locator('strong')).toHaveText('all afternoon');
    await expect(viewer(page)).toContainText('min read');
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Edit' })).toBeVisible();

    await viewer(page).getByRole('button', { name: 'More Options' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Lake day”' });
    await expect(share).toContainText('Nobody yet: only you can see this memory.');
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(share).toBeHidden();

    expect(await seriousViolations(page)).toEqual([]);

    await viewer(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/memory/edit/${id}$`));
  });

  test('the owner publishes a draft from the view; it reloads as published and offers "Refresh View"', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'view-publisher', 'Vera Viewer');
    const id = await createMemory(request, owner, {
      title: 'Draft to publish',
      date: '2026-07-04',
      contentJson: lakeDay,
      tags: ['summer', 'lake'],
      isDraft: true,
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/${id}`);

    await viewer(page).getByRole('button', { name: 'Publish' }).click();

    await expect(viewer(page).getByRole('status').filter({ hasText: 'Memory published successfully' })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Refresh View' })).toBeVisible();
    await expect(viewer(page).getByText('Published', { exact: true })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
    expect((await stored.json()).data.isDraft).toBe(false);
  });

  test('the owner deletes after confirming in the in-page dialog, by keyboard; the notice shows and the dashboard follows', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'view-deleter', 'Vera Viewer');
    const id = await createMemory(request, owner, {
      title: 'Gone soon',
      date: '2026-07-04',
      contentJson: lakeDay,
      tags: ['summer', 'lake'],
      isDraft: false,
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/${id}`);
    // The browser's own confirm must never appear again.
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const askToDelete = async () => {
      await viewer(page).getByRole('button', { name: 'More Options' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete memory' });
      await expect(dialog).toHaveAccessibleDescription(
        'Are you sure you want to delete "Gone soon"? This action cannot be undone.',
      );
      // Cancel has the focus: Enter on a dialog that just opened never deletes.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      return dialog;
    };
    const first = await askToDelete();
    await page.keyboard.press('Escape');
    await expect(first).toBeHidden();
    await expect(viewer(page).getByRole('heading', { level: 1, name: 'Gone soon' })).toBeVisible();

    const second = await askToDelete();
    await page.keyboard.press('Tab');
    await expect(second.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText('Memory deleted successfully')).toBeVisible();
    expect(nativeDialogs).toEqual([]);
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
    expect(stored.status()).toBe(404);
  });

  test('a share recipient reads the memory without Publish, Edit or Delete', async ({ page, request }) => {
    const owner = await signUp(request, 'view-sharer', 'Vera Viewer');
    const recipient = await signUp(request, 'view-recipient', 'Vera Viewer');
    const id = await createMemory(request, owner, {
      title: 'Shared lake day',
      date: '2026-07-04',
      contentJson: lakeDay,
      tags: ['summer', 'lake'],
      isDraft: false,
    });
    await shareMemory(request, owner, id, recipient);
    await signInWithCookie(page, recipient);

    await page.goto(`/memory/${id}`);
    await expect(viewer(page).getByRole('heading', { level: 1, name: 'Shared lake day' })).toBeVisible();
    await expect(viewer(page)).toContainText(`By ${owner.email}`);
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(viewer(page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await viewer(page).getByRole('button', { name: 'More Options' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Share', 'Print', 'Download']);
  });

  test('a stranger gets the error modal and a way back to the dashboard', async ({ page, request }) => {
    const owner = await signUp(request, 'view-private', 'Vera Viewer');
    const stranger = await signUp(request, 'view-stranger', 'Vera Viewer');
    const id = await createMemory(request, owner, {
      title: 'Private lake day',
      date: '2026-07-04',
      contentJson: lakeDay,
      tags: ['summer', 'lake'],
      isDraft: false,
    });
    await signInWithCookie(page, stranger);

    await page.goto(`/memory/${id}`);
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Private lake day')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await viewer(page).getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the images of the content form "Attachments (2)"; the full-screen viewer works by keyboard', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'view-gallery', 'Vera Viewer');
    const small = await uploadPng(request, owner, 'pebble.png');
    const wide = await uploadPng(request, owner, 'shore.png');
    const contentJson = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'A pebble from the shore.' }] },
        { type: 'image', attrs: { src: small, alt: 'Pebble', width: 120 } },
        { type: 'paragraph', content: [{ type: 'text', text: 'And the shore itself.' }] },
        { type: 'image', attrs: { src: wide, alt: 'Shore', width: 480, align: 'center' } },
      ],
    };
    const id = await createMemory(request, owner, {
      title: 'Shore pictures',
      date: '2026-07-04',
      contentJson,
      isDraft: false,
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/${id}`);

    // Under 300 px wide: the small layout (floated); otherwise the image has its own row.
    const content = viewer(page).locator('.memory-content');
    await expect(content.getByRole('img', { name: 'Pebble' })).toHaveAttribute('data-image-size', 'small');
    await expect(content.getByRole('img', { name: 'Pebble' })).toHaveCSS('float', 'left');
    await expect(content.getByRole('img', { name: 'Shore' })).not.toHaveAttribute('data-image-size');
    await expect(content.getByRole('img', { name: 'Shore' })).toHaveCSS('float', 'none');
    // The uploaded bytes are served back (GET /api/files/...) and shown.
    await expect
      .poll(() =>
        content.getByRole('img', { name: 'Pebble' }).evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(1);

    const gallery = viewer(page).getByRole('region', { name: 'Attachments (2)' });
    await expect(gallery.getByRole('listitem')).toHaveCount(2);
    await expect(gallery.getByRole('button', { name: /^Download image/ })).toHaveCount(2);
    // Read-only in the view, the owner included: removing images is the editor's job.
    await expect(gallery.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);

    await gallery.getByRole('button', { name: 'Open image 1 of 2' }).focus();
    await page.keyboard.press('Enter');
    const fullScreen = page.getByRole('dialog', { name: 'Attachments' });
    await expect(fullScreen).toBeVisible();
    await expect(fullScreen.getByText('1 / 2')).toBeVisible();
    await expect(fullScreen.getByRole('img')).toHaveAttribute('src', small);

    await page.keyboard.press('ArrowRight');
    await expect(fullScreen.getByText('2 / 2')).toBeVisible();
    await expect(fullScreen.getByRole('img')).toHaveAttribute('src', wide);
    await page.keyboard.press('ArrowRight');
    await expect(fullScreen.getByText('1 / 2')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(fullScreen.getByText('2 / 2')).toBeVisible();
    const download = page.waitForEvent('download');
    await fullScreen.getByRole('button', { name: 'Download image 2' }).click();
    expect((await download).suggestedFilename()).toBe('image-2.png');

    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(fullScreen).toBeHidden();
    await expect(gallery.getByRole('button', { name: 'Open image 2 of 2' })).toBeFocused();
  });

  test('a share recipient sees the gallery too, without removal', async ({ page, request }) => {
    const owner = await signUp(request, 'view-gallery-owner', 'Vera Viewer');
    const recipient = await signUp(request, 'view-gallery-reader', 'Vera Viewer');
    const image = await uploadPng(request, owner, 'pebble.png');
    const contentJson = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: image, alt: 'Pebble' } },
        { type: 'paragraph', content: [{ type: 'text', text: 'One picture.' }] },
      ],
    };
    const id = await createMemory(request, owner, {
      title: 'One picture',
      date: '2026-07-04',
      contentJson,
      isDraft: false,
    });
    await shareMemory(request, owner, id, recipient);
    await signInWithCookie(page, recipient);

    await page.goto(`/memory/${id}`);

    const gallery = viewer(page).getByRole('region', { name: 'Attachments (1)' });
    await expect(gallery.getByRole('button', { name: 'Download image 1' })).toBeVisible();
    await expect(gallery.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);
  });

  test('every element the editor can produce reads well in light and dark mode on a 360 px phone', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'view-rich', 'Vera Viewer');
    const image = await uploadPng(request, owner, 'pebble.png');
    const text = (value: string, marks?: unknown[]) =>
      marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
    const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
    const cell = (type: 'tableHeader' | 'tableCell', value: string) => ({ type, content: [paragraph(text(value))] });
    const contentJson = {
      type: 'doc',
      content: [
        ...[1, 2, 3].map((level) => ({ type: 'heading', attrs: { level }, content: [text(`Heading ${level}`)] })),
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Centred line')] },
        paragraph(
          text('Highlighted', [{ type: 'highlight', attrs: { color: '#fef08a' } }]),
          text(' black ', [{ type: 'textStyle', attrs: { color: '#000000' } }]),
          text('serif', [{ type: 'textStyle', attrs: { fontFamily: 'Georgia' } }]),
          text(' and a '),
          text('link', [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }]),
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Bullet'))] }] },
        { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph(text('Numbered'))] }] },
        { type: 'blockquote', content: [paragraph(text('A quote'))] },
        {
          type: 'codeBlock',
          content: [text('const shore = "long line of code that is wider than a phone screen can show";')],
        },
        { type: 'horizontalRule' },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [cell('tableHeader', 'Place'), cell('tableHeader', 'When'), cell('tableHeader', 'Who')],
            },
            {
              type: 'tableRow',
              content: [cell('tableCell', 'Lake'), cell('tableCell', 'July'), cell('tableCell', 'Family')],
            },
          ],
        },
        { type: 'image', attrs: { src: image, alt: 'Pebble', width: 120, align: 'right' } },
        paragraph(text('Text beside the small image.')),
      ],
    };
    const id = await createMemory(request, owner, {
      title: 'Everything at once',
      date: '2026-07-04',
      contentJson,
      isDraft: false,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await signInWithCookie(page, owner);
    await page.goto('/dashboard');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), scheme === 'dark');
      await page.goto(`/memory/${id}`);
      const content = viewer(page).locator('.memory-content');
      await expect(content.getByRole('table')).toBeVisible();
      await expect(content.locator('th')).toHaveCount(3);
      await expect(content.getByText('Centred line')).toHaveCSS('text-align', 'center');
      await expect(content.getByRole('img', { name: 'Pebble' })).toHaveCSS('float', 'right');
      await expect(viewer(page).getByRole('region', { name: 'Attachments (1)' })).toBeVisible();

      expect(await seriousViolations(page)).toEqual([]);
      // Nothing (the code block, the table) widens the page beyond the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});

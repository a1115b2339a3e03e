import { readFile } from 'node:fs/promises';
import { dayOneArchive, unzipBytes, zipBytes } from '@memories/server-testing/archives';
import { expect, test, type Page } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, uploadPng } from '../support/memories';

// "Your data" and the memory view's Download and Print, in the browser against the embedded server: the export is
// the browser's own download of a real ZIP, the import shows its progress and report, the printed page is clean.

const settings = (page: Page) => page.getByTestId('remote-settings');
const viewerOf = (page: Page) => page.getByTestId('remote-viewer');

// Each test moves a whole archive through the browser: given the time that takes on a loaded machine.
test.beforeEach(() => test.slow());

test.describe('your data', () => {
  test('exports the journal as the browser download of a complete ZIP, with its progress on the page', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'export', 'Xena Export');
    const image = await uploadPng(request, owner, 'shell.png');
    await createMemory(request, owner, {
      title: 'Shell beach',
      date: '2026-02-14',
      contentJson: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Shells everywhere.' }] },
          { type: 'image', attrs: { src: image } },
        ],
      },
      tags: ['beach'],
    });
    await signInWithCookie(page, owner);
    await page.goto('/settings/data');

    const download = page.waitForEvent('download');
    await settings(page).getByRole('button', { name: 'Export my data' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^memories-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzipBytes(await readFile(await saved.path()));
    expect([...files.keys()].sort()).toEqual([
      'images/2026-02-14-shell-beach/1.png',
      'memories.json',
      // In the folder of the owner's one journal, "Journal".
      'memories/journal/2026-02-14-shell-beach.md',
    ]);
    expect(files.get('memories/journal/2026-02-14-shell-beach.md')?.toString()).toContain('Shells everywhere.');
    await expect(settings(page).getByRole('status')).toContainText('Export complete: 1 memory,');
  });

  test('imports a Day One export with upload and import progress, then shows the report', async ({ page, request }) => {
    const owner = await signUp(request, 'import', 'Ida Import');
    await signInWithCookie(page, owner);
    await page.goto('/settings/data');

    await settings(page)
      .getByTestId('import-file-input')
      .setInputFiles({
        name: 'dayone.zip',
        mimeType: 'application/zip',
        buffer: await zipBytes(dayOneArchive().entries),
      });
    const report = settings(page).getByTestId('import-report');
    await expect(report).toContainText(
      'Import of dayone.zip finished: 2 imported, 0 already in your journal, 0 could not be imported.',
    );
    await expect(report.getByRole('list', { name: 'Notes on single entries' })).toContainText('A video was left out');

    await settings(page)
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'notes.txt.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await expect(settings(page).getByRole('alert')).toContainText('This file is not a ZIP archive');
  });
});

test.describe('download and print a memory', () => {
  test('downloads the memory with its image as a ZIP, and prints only the memory', async ({ page, request }) => {
    const owner = await signUp(request, 'print', 'Pia Print');
    const image = await uploadPng(request, owner, 'pier.png');
    const id = await createMemory(request, owner, {
      title: 'Pier at dusk',
      date: '2026-03-01',
      contentJson: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Lights on the water.' }] },
          { type: 'image', attrs: { src: image, width: 2400 } },
        ],
      },
      tags: ['evening'],
    });
    await signInWithCookie(page, owner);
    await page.goto(`/memory/${id}`);
    await expect(viewerOf(page).getByRole('heading', { level: 1, name: 'Pier at dusk' })).toBeVisible();

    const download = page.waitForEvent('download');
    await viewerOf(page).getByRole('button', { name: 'More Options' }).click();
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('2026-03-01-pier-at-dusk.zip');
    const files = await unzipBytes(await readFile(await saved.path()));
    expect([...files.keys()]).toEqual(['2026-03-01-pier-at-dusk.md', 'images/1.png']);
    expect(files.get('2026-03-01-pier-at-dusk.md')?.toString()).toContain('![](images/1.png)');

    await page.emulateMedia({ media: 'print' });
    await expect(viewerOf(page).getByRole('heading', { level: 1, name: 'Pier at dusk' })).toBeVisible();
    await expect(viewerOf(page).getByText('Lights on the water.')).toBeVisible();
    await expect(viewerOf(page).getByRole('list', { name: 'Tags' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden();
    const fits = await viewerOf(page)
      .locator('article img')
      .first()
      .evaluate(
        (img) => img.getBoundingClientRect().width <= (img.closest('article')?.getBoundingClientRect().width ?? 0),
      );
    expect(fits).toBe(true);
  });
});

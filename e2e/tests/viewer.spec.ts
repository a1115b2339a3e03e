import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { authorised, logIn, signUp } from '../support/accounts';
import { createMemory, shareMemory } from '../support/memories';

// The memory view (spec section 2 "Memory view", sections 6 and 8) against the real embedded server: users and
// memories are created through the API (its own request context, so the browser starts signed out), then each
// user signs in and opens the memory in the browser.

const lakeDay = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We swam ' }, { type: 'text', text: 'all afternoon', marks: [{ type: 'bold' }] }] }],
};

const viewer = (page: Page) => page.getByTestId('remote-viewer');

test.describe('memory view', () => {
  test('the owner sees the whole memory with Publish, Edit and Delete; Share, Print and Download only announce themselves', async ({ page, request }) => {
    const owner = await signUp(request, 'view-owner', 'Vera Viewer');
    const id = await createMemory(request, owner, { title: 'Lake day', date: '2026-07-04', contentJson: lakeDay, tags: ['summer', 'lake'], isDraft: true });
    await logIn(page, owner);

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

    for (const action of ['Share', 'Print', 'Download']) {
      await viewer(page).getByRole('button', { name: 'More Options' }).click();
      await page.getByRole('menuitem', { name: action }).click();
      const dialog = page.getByRole('dialog', { name: 'Under Construction' });
      await expect(dialog).toContainText(`${action} functionality is currently under development.`);
      await dialog.getByRole('button', { name: 'Got it' }).click();
      await expect(dialog).toBeHidden();
    }

    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(serious.map(({ id: rule, nodes }) => `${rule}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await viewer(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/memory/edit/${id}$`));
  });

  test('the owner publishes a draft from the view; it reloads as published and offers "Refresh View"', async ({ page, request }) => {
    const owner = await signUp(request, 'view-publisher', 'Vera Viewer');
    const id = await createMemory(request, owner, { title: 'Draft to publish', date: '2026-07-04', contentJson: lakeDay, tags: ['summer', 'lake'], isDraft: true });
    await logIn(page, owner);
    await page.goto(`/memory/${id}`);

    await viewer(page).getByRole('button', { name: 'Publish' }).click();

    await expect(viewer(page).getByRole('status').filter({ hasText: 'Memory published successfully' })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Refresh View' })).toBeVisible();
    await expect(viewer(page).getByText('Published', { exact: true })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
    expect((await stored.json()).data.isDraft).toBe(false);
  });

  test('the owner deletes after confirming; the notice shows and the dashboard follows', async ({ page, request }) => {
    const owner = await signUp(request, 'view-deleter', 'Vera Viewer');
    const id = await createMemory(request, owner, { title: 'Gone soon', date: '2026-07-04', contentJson: lakeDay, tags: ['summer', 'lake'], isDraft: false });
    await logIn(page, owner);
    await page.goto(`/memory/${id}`);

    const confirmed: string[] = [];
    page.once('dialog', (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await viewer(page).getByRole('button', { name: 'More Options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();

    await expect(page.getByText('Memory deleted successfully')).toBeVisible();
    expect(confirmed).toEqual(['Are you sure you want to delete "Gone soon"? This action cannot be undone.']);
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
    expect(stored.status()).toBe(404);
  });

  test('a share recipient reads the memory without Publish, Edit or Delete', async ({ page, request }) => {
    const owner = await signUp(request, 'view-sharer', 'Vera Viewer');
    const recipient = await signUp(request, 'view-recipient', 'Vera Viewer');
    const id = await createMemory(request, owner, { title: 'Shared lake day', date: '2026-07-04', contentJson: lakeDay, tags: ['summer', 'lake'], isDraft: false });
    await shareMemory(request, owner, id, recipient);
    await logIn(page, recipient);

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
    const id = await createMemory(request, owner, { title: 'Private lake day', date: '2026-07-04', contentJson: lakeDay, tags: ['summer', 'lake'], isDraft: false });
    await logIn(page, stranger);

    await page.goto(`/memory/${id}`);
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Private lake day')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await viewer(page).getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, draftSavedNotice } from '../support/memories';

// A remote taken offline in the middle of a signed-in session (ARCHITECTURE "Front end"): its files stop
// answering while the rest of the origin keeps serving. Its page shows the fallback with Retry inside the
// signed-in layout, every other page keeps working, and Retry brings it back once its files answer again, all in
// the same document (no reload).

const fallback = (page: Page, remote: string) =>
  page.locator(`[data-testid="remote-fallback"][data-remote="${remote}"]`);

/** Marks the current document, so a later check can tell that no reload happened in between. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe('a remote taken offline mid-session', () => {
  test('the viewer: fallback inside the layout, the dashboard and profile keep working, Retry recovers it', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'remote-offline', 'Otto Offline');
    const id = await createMemory(request, owner, {
      title: 'Pier lights',
      date: '2026-02-02',
      text: 'Lights on the pier at night.',
      tags: ['night'],
    });
    await signInWithCookie(page, owner);
    // The viewer's files stop answering (a failed deployment, a dropped CDN): the connection is refused. Before the
    // dashboard opens, as the dashboard prefetches the viewer once a View button shows; that prefetch fails quietly.
    await page.route('**/remotes/viewer/**', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await expect(page.getByTestId('memory-card')).toHaveCount(1);
    await markDocument(page);

    await page.getByRole('button', { name: 'View Pier lights' }).click();
    await expect(page).toHaveURL(new RegExp(`/memory/${id}$`));
    await expect(fallback(page, 'viewer')).toBeVisible();
    await expect(fallback(page, 'viewer').getByRole('alert')).toContainText(
      'This part of Memories could not be loaded',
    );
    // Inside the signed-in layout: its navigation is still there around the fallback.
    const navigation = page.getByRole('navigation').first();
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // The rest of the product keeps working: other remotes' pages load and show their data.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-memory')).toHaveCount(1);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByTestId('memory-card')).toHaveCount(1);
    await page.getByRole('link', { name: 'Create Memory' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();

    // Still offline: Retry fails again and keeps the fallback, rather than breaking the page.
    await page.goBack();
    await page.getByRole('button', { name: 'View Pier lights' }).click();
    await expect(fallback(page, 'viewer')).toBeVisible();
    await fallback(page, 'viewer').getByRole('button', { name: 'Retry' }).click();
    await expect(fallback(page, 'viewer')).toBeVisible();

    // The remote returns: Retry loads it in place.
    await page.unroute('**/remotes/viewer/**');
    await fallback(page, 'viewer').getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByTestId('remote-viewer').getByRole('heading', { level: 1, name: 'Pier lights' }),
    ).toBeVisible();
    await expect(fallback(page, 'viewer')).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('the memories remote gone after its page loaded: its parts degrade in place, a page not fetched yet falls back, the editor keeps working, Retry recovers', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'remote-offline-list', 'Lia List');
    await createMemory(request, owner, {
      title: 'Snow day',
      date: '2026-01-20',
      text: 'The whole street was white.',
      isDraft: true,
    });
    await signInWithCookie(page, owner);
    await page.goto('/dashboard');
    await expect(page.getByTestId('memory-card')).toHaveCount(1);
    await markDocument(page);

    // The server behind /remotes/memories/ goes down: the proxy in front answers 503 for every file.
    await page.route('**/remotes/memories/**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    // The list view's code was never fetched (it loads on first use): the page keeps showing the cards.
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('memory-card')).toHaveCount(1);
    await expect(fallback(page, 'memories')).toHaveCount(0);
    // The profile page was never fetched either: it needs the dead server, so its remote falls back in the layout.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(fallback(page, 'memories')).toBeVisible();

    // The editor, another remote, still opens and still saves.
    await page.getByRole('link', { name: 'Create Memory' }).first().click();
    await page.getByLabel('Memory Title *').fill('Written while the list was down');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Still writing.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(draftSavedNotice(page)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(fallback(page, 'memories')).toBeVisible();
    await page.unroute('**/remotes/memories/**');
    await fallback(page, 'memories').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('tab', { name: 'Drafts (2)' })).toBeVisible();
    await expect(fallback(page, 'memories')).toHaveCount(0);
    // The list view's code, lost while the server was down, is fetched again the next time the list view is asked for.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('memory-row')).toHaveCount(2);
    await expectSameDocument(page);
  });
});

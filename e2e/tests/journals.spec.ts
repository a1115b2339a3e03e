import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createMemory } from '../support/memories';

// Journals through the browser (issue 37): Settings → Journals, the switcher and colours on the dashboard and the
// timeline, the editor's journal picker, and a journal shared with someone else.

interface JournalAnswer {
  id: string;
  name: string;
  color: string;
}

async function makeJournal(request: APIRequestContext, owner: TestUser, name: string): Promise<JournalAnswer> {
  const response = await request.post('/api/journals', { headers: authorised(owner), data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as JournalAnswer;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Settings → Journals makes, renames, reorders and deletes journals; the dashboard switches between them', async ({
  page,
  request,
}) => {
  const user = await signUp(request, 'journals', 'Jo Journal');
  await signInWithCookie(page, user);

  await page.goto('/settings/journals');
  await expect(page.getByTestId('journal-row')).toHaveCount(1);
  await expect(page.getByTestId('journal-row')).toContainText('0 memories · Yours · default');
  await page.getByRole('button', { name: 'New journal' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'New journal' });
  await dialog.getByLabel(/^Name/).fill('Travel');
  await dialog.getByRole('button', { name: 'Create journal' }).click();
  await expect(page.getByTestId('journal-row')).toHaveCount(2);
  await expect(page.getByText('Journal created')).toBeVisible();

  const travelRow = page.getByTestId('journal-row').filter({ hasText: 'Travel' });
  await travelRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('alertdialog', { name: 'Edit “Travel”' });
  await edit.getByLabel(/^Name/).fill('Trips');
  await edit.getByRole('radio', { name: 'Colour 3 of 8' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  // From the keyboard: the moved journal's own row moves in the page, and focus stays on the button pressed.
  await page.getByRole('button', { name: 'Move Journal down' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('journal-row').first()).toContainText('Trips');
  await expect(page.getByRole('button', { name: 'Move Journal down' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Move Journal down' })).toHaveAttribute('aria-disabled', 'true');

  const journals = (await (await request.get('/api/journals', { headers: authorised(user) })).json())
    .data as JournalAnswer[];
  const trips = journals.find((journal) => journal.name === 'Trips')!;
  await createMemory(request, user, { title: 'Rome in spring', date: '2026-04-01', journalId: trips.id });
  await createMemory(request, user, { title: 'Garden tea', date: '2026-04-02' });

  await page.goto('/dashboard');
  await expect(page.getByTestId('memory-card')).toHaveCount(2);
  await expect(
    page.getByTestId('memory-card').filter({ hasText: 'Rome in spring' }).getByTestId('journal-badge'),
  ).toHaveText('Trips');
  await choose(page, 'Journal', 'Trips');
  await expect(page).toHaveURL(new RegExp(`journal=${trips.id}`));
  await expect(page.getByTestId('memory-card')).toHaveCount(1);
  await expect(page.getByTestId('memories-total')).toHaveText('Total 1 memories in Trips');

  await page.goto('/timeline');
  await choose(page, 'Journal', 'Journal');
  await expect(page.getByRole('link', { name: /Garden tea/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Rome in spring/ })).toHaveCount(0);

  // One list of journals for the page: renamed in Settings, reached and left without a reload, it is renamed on the
  // dashboard's cards too.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const romeBadge = page.getByTestId('memory-card').filter({ hasText: 'Rome in spring' }).getByTestId('journal-badge');
  await expect(romeBadge).toHaveText('Trips');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Journals' }).click();
  await page.getByTestId('journal-row').filter({ hasText: 'Trips' }).getByRole('button', { name: 'Edit' }).click();
  const rename = page.getByRole('alertdialog', { name: 'Edit “Trips”' });
  await rename.getByLabel(/^Name/).fill('Voyages');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('journal-row').filter({ hasText: 'Voyages' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(romeBadge).toHaveText('Voyages');

  // Deleting a journal with memories asks where they go.
  await page.goto('/settings/journals');
  await page.getByTestId('journal-row').filter({ hasText: 'Voyages' }).getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete “Voyages”?' });
  await expect(remove).toContainText('Its 1 memory moves to the journal you choose');
  await remove.getByRole('button', { name: 'Delete journal' }).click();
  await expect(page.getByTestId('journal-row')).toHaveCount(1);
  await expect(page.getByTestId('journal-row')).toContainText('2 memories');
});

test('the editor puts a memory into the journal picked, and a shared journal shows who wrote what', async ({
  browser,
  request,
}) => {
  const owner = await signUp(request, 'journal-owner', 'Olive Owner');
  const editor = await signUp(request, 'journal-editor', 'Eddie Editor');
  const family = await makeJournal(request, owner, 'Family');
  const added = await request.post(`/api/journals/${family.id}/members`, {
    headers: authorised(owner),
    data: { email: editor.email, role: 'editor' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const lunch = await createMemory(request, owner, { title: 'Sunday lunch', date: '2026-05-03', journalId: family.id });

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithCookie(page, editor);
  await page.goto('/memory/create');
  await page.getByLabel(/^Memory Title/).fill('Swimming lesson');
  await choose(page, 'Journal', 'Family (shared by Olive Owner)');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('First length of the pool.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/memory\/edit\//);
  const swim = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto('/dashboard');
  await choose(page, 'Journal', 'Family');
  await expect(page.getByTestId('memory-card')).toHaveCount(2);
  // Each card says who wrote it, when that is not the reader.
  const card = (title: string) => page.getByTestId('memory-card').filter({ hasText: title });
  await expect(card('Sunday lunch').getByTestId('shared-by')).toContainText('Shared by Olive Owner');
  await expect(card('Swimming lesson').getByTestId('shared-by')).toHaveCount(0);
  // An editor changes only their own: the owner's memory offers View alone.
  await page.getByRole('button', { name: 'Actions for Sunday lunch' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Actions for Swimming lesson' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit', 'Delete']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View Sunday lunch' }).click();
  await expect(page.getByTestId('remote-viewer').getByTestId('journal-badge')).toHaveText('Family');
  await expect(page.getByTestId('remote-viewer').getByTestId('shared-by')).toContainText('Olive Owner');
  await expect(page.getByTestId('remote-viewer').getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // Reached by its address, the editor says so before anything is written, and leads back to the memory.
  await page.goto(`/memory/edit/${lunch}`);
  await expect(page.getByText('You can edit only the memories you wrote in this journal.')).toBeVisible();
  await expect(page.locator('.ProseMirror')).toHaveCount(0);
  await page.getByRole('link', { name: 'View the memory' }).click();
  await expect(page.getByTestId('remote-viewer').getByRole('heading', { name: 'Sunday lunch' })).toBeVisible();
  await context.close();

  // The journal's owner may edit and delete what a member wrote there.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInWithCookie(ownerPage, owner);
  await ownerPage.goto(`/memory/${swim}`);
  const viewer = ownerPage.getByTestId('remote-viewer');
  await expect(viewer.getByTestId('shared-by')).toContainText('Eddie Editor');
  await expect(viewer.getByRole('button', { name: 'Edit' })).toBeVisible();
  await ownerContext.close();
});

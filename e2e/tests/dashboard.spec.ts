import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createMemory } from '../support/memories';

// The My Memories list (spec section 2) against the real embedded server: memories are created through the API
// as a registered user, then the list is driven through the browser as that user.

interface SeedMemory {
  title: string;
  isDraft: boolean;
  tags: string[];
  text: string;
  /** yyyy-MM-dd; today unless set. */
  date?: string;
}

const today = new Date();
const isoDay = (day: Date) => day.toISOString().slice(0, 10);
// "MMM d" and "MMM d, yyyy" as the page formats them (noon UTC keeps the day in any nearby time zone).
const shortDay = today.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
const longDay = today.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

async function seed(request: APIRequestContext, user: TestUser, memories: SeedMemory[]): Promise<void> {
  // One at a time so createdAt follows the list order (the sorts are checked against it).
  for (const memory of memories) await createMemory(request, user, { ...memory, date: memory.date ?? isoDay(today) });
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cards = (page: Page) => page.getByTestId('memory-card');
const total = (page: Page) => page.getByTestId('memories-total');

// 30 memories: "Memory 01" .. "Memory 30"; every third is a draft, every fifth carries "sea" and "sand" as well as
// "trip", and the first two are dated two years back (outside This Week).
const thirty: SeedMemory[] = Array.from({ length: 30 }, (_, index) => {
  const number = index + 1;
  return {
    title: `Memory ${String(number).padStart(2, '0')}`,
    isDraft: number % 3 === 0,
    tags: number % 5 === 0 ? ['trip', 'sea', 'sand'] : ['trip'],
    text: `${'A long day at the coast. '.repeat(6)}Number ${number}.`,
    date: number <= 2 ? `${today.getUTCFullYear() - 2}-01-10` : undefined,
  };
});

test.describe('My Memories', () => {
  test('filters, sorts, searches, toggles tags and views, and pages through 30 memories, keeping it all in the URL', async ({
    page,
    request,
  }) => {
    const user = await signUp(request, 'dash', 'Dana Board');
    await seed(request, user, thirty);
    await signInWithCookie(page, user);
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: 'My Memories' })).toBeVisible();
    await expect(total(page)).toHaveText('Total 30 memories you have created');
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).first()).toContainText('Memory 30');
    await expect(cards(page).first()).toContainText(shortDay);
    await expect(page.getByText('Showing 1 to 12 of 30 results')).toBeVisible();

    // Pager: Next, a numbered page, then Previous.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText('Showing 25 to 30 of 30 results')).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();

    // Sorts (a filter change goes back to the first page).
    await choose(page, 'Sort By', 'Oldest First');
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page).first()).toContainText('Memory 01');
    await choose(page, 'Sort By', 'Title A-Z');
    await expect(cards(page).first()).toContainText('Memory 01');
    await expect(cards(page).nth(11)).toContainText('Memory 12');

    // Type.
    await choose(page, 'Type', 'Drafts');
    await expect(total(page)).toHaveText('Total 10 memories you have created');
    await expect(cards(page).first()).toContainText('Draft');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await choose(page, 'Type', 'Published');
    await expect(total(page)).toHaveText('Total 20 memories you have created');
    await expect(cards(page).first()).toContainText('Live');

    // Date range: the two old (published) memories drop out.
    await choose(page, 'Date Range', 'This Week');
    await expect(page).toHaveURL(/range=week/);
    await expect(total(page)).toHaveText('Total 18 memories you have created');

    // Tag chips from /memories/tags; the card shows its first tag and "+N".
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'sea' }).click();
    await expect(page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'sea' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(total(page)).toHaveText('Total 4 memories you have created');
    await expect(cards(page).first()).toContainText('trip');
    await expect(cards(page).first()).toContainText('+2');

    // List view: excerpt, badge, long date, two tags and "+1"; the state survives a reload.
    await page.getByRole('button', { name: 'List view' }).click();
    const row = page.getByTestId('memory-row').first();
    await expect(row).toContainText('Published');
    await expect(row).toContainText(longDay);
    await expect(row).toContainText('+1');
    await expect(row).toContainText(`${'A long day at the coast. '.repeat(4)}`.trim().slice(0, 60));
    await page.reload();
    await expect(page.getByTestId('memory-row')).toHaveCount(4);
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Published');

    // Search, then an empty result with the filtered hint.
    await page.getByLabel('Search memories').fill('Memory 10');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('memory-row')).toHaveCount(1);
    await page.getByLabel('Search memories').fill('no such memory');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No memories found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();

    // Clear Filters resets everything.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(total(page)).toHaveText('Total 30 memories you have created');
    await expect(cards(page)).toHaveCount(12);

    // View passes the memory on to /memory/{id}.
    await cards(page).first().getByRole('button', { name: 'View Memory 30' }).click();
    await expect(page).toHaveURL(/\/memory\/[0-9a-f-]{36}$/);
  });

  test('deletes after the confirm, then shows the first-memory empty state; fits a 360 px screen', async ({
    page,
    request,
  }) => {
    const user = await signUp(request, 'dash', 'Dana Board');
    await seed(request, user, [{ title: 'Only one', isDraft: false, tags: [], text: 'Short.' }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInWithCookie(page, user);
    await page.goto('/dashboard');

    await expect(cards(page)).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Actions for Only one' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete memory' });
    await expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete "Only one"?');
    await confirm.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByText('Memory deleted successfully')).toBeVisible();
    await expect(page.getByText('No memories found')).toBeVisible();
    await expect(page.getByText('Start by creating your first memory')).toBeVisible();
    await page.getByRole('link', { name: 'Create Your First Memory' }).click();
    await expect(page).toHaveURL(/\/memory\/create$/);
  });

  test('profile: counts, tabs with their counts and empty states, Create Memory except on Shared, notices', async ({
    page,
    request,
  }) => {
    const user = await signUp(request, 'dash', 'Dana Board');
    await seed(request, user, [
      { title: 'Beach day', isDraft: false, tags: [], text: 'Sun.' },
      { title: 'Hike', isDraft: false, tags: [], text: 'Hills.' },
      { title: 'Unfinished', isDraft: true, tags: [], text: 'Later.' },
    ]);
    await signInWithCookie(page, user);
    await page.goto('/profile');

    await expect(page.getByRole('heading', { level: 1, name: 'Dana Board' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(
      page.getByText(`Joined ${today.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`),
    ).toBeVisible();
    await expect(page.getByTestId('profile-counts')).toContainText('3Memories2Published1Drafts0Shared');

    await expect(page.getByRole('tab', { name: 'Published (2)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('profile-memory')).toHaveCount(2);
    await expect(page.getByTestId('remote-memories').getByRole('link', { name: 'Create Memory' })).toBeVisible();

    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    await expect(page.getByTestId('profile-memory')).toHaveCount(1);
    await expect(page.getByTestId('profile-memory')).toContainText('Draft');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('profile-memory')).toContainText('Unfinished');

    await page.getByRole('tab', { name: 'Shared (0)' }).click();
    await expect(page.getByText('No shared memories yet')).toBeVisible();
    await expect(page.getByText('Memories that others share with you will appear here')).toBeVisible();
    await expect(page.getByTestId('remote-memories').getByRole('link', { name: 'Create Memory' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByTestId('remote-settings').getByLabel(/^First name/)).toHaveValue('Dana');
  });
});

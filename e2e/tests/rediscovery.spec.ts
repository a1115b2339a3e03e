import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, type SeedMemory } from '../support/memories';
import { switchTheme, useTheme } from '../support/theme';

// Finding and looking back (issue 18) through the shell against the real embedded server: the dashboard's search
// (a word only in a memory's text, its highlighted snippet, the operators, "Did you mean", the URL), On This Day,
// the timeline (scrolling, jumping to a year), the calendar's click-through and the profile's writing stats. Each
// new screen is also checked by axe in light and dark at a desktop and a phone width, with screenshots kept.

const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 780 } } as const;

const pad = (value: number) => String(value).padStart(2, '0');
/** A day as the browser sees it (the suite and Chromium share the machine's time zone). */
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const today = new Date();
const daysAgo = (days: number) => localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
/** Today's month and day `years` back; on a Feb 29, a leap year back (four years a step). */
const sameDayYearsAgo = (years: number) => {
  const step = today.getMonth() === 1 && today.getDate() === 29 ? 4 : 1;
  return localDay(new Date(today.getFullYear() - years * step, today.getMonth(), today.getDate()));
};

async function seed(page: Page, label: string, memories: SeedMemory[]) {
  const user = await signUp(page.request, label, 'Rita Recall');
  // One at a time, so the order of creation is the order given.
  for (const memory of memories) await createMemory(page.request, user, memory);
  await signInWithCookie(page, user);
  return user;
}

/** axe in light and dark at both widths, on the page as `open` leaves it; a screenshot of each. */
async function checkEveryWay(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await useTheme(page, 'light');
    await open();
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await switchTheme(page, 'dark');
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${viewportName}-${theme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await expectNoSeriousAxeViolations(page, `${name} (${viewportName}, ${theme})`);
    }
  }
}

test.describe('finding and looking back', () => {
  test('search finds a word only in the text, marks it, reads the operators, keeps the query in the URL and suggests a spelling', async ({
    page,
  }) => {
    await seed(page, 'search', [
      {
        title: 'Beach walk',
        date: '2025-06-01',
        text: 'We found a green marble in the sand, <b>not</b> a shell.',
        tags: ['sea'],
      },
      { title: 'Marble hall', date: '2025-06-02', text: 'Cold floors and echoes.', tags: ['city'] },
      {
        title: 'Rainy afternoon',
        date: '2025-06-03',
        text: 'We played marbles with the kids while it rained.',
        tags: ['home'],
        isDraft: true,
      },
    ]);
    await page.goto('/dashboard');
    const box = page.getByLabel('Search memories');
    const cards = page.getByTestId('memory-card');
    await expect(cards).toHaveCount(3);
    await expect(page.getByText('Searches titles and text. Try')).toBeVisible();

    // As you type: results follow without the Search button, the best match first, the snippet marked.
    await box.fill('marble');
    await expect(page).toHaveURL(/[?&]q=marble(&|$)/);
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('Marble hall');
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveText('Relevance');
    const beach = cards.filter({ hasText: 'Beach walk' });
    await expect(beach.getByTestId('search-snippet').locator('mark')).toHaveText('marble');
    await expect(beach.getByTestId('search-snippet')).toContainText('found a green marble in the sand, not a shell');
    await expect(beach.getByTestId('search-snippet').locator('b')).toHaveCount(0);

    // Operators, each with the Search button or Enter.
    for (const [query, titles] of [
      ['marble -sand', ['Marble hall', 'Rainy afternoon']],
      ['marble tag:sea', ['Beach walk']],
      ['marble is:draft', ['Rainy afternoon']],
      ['"green marble" OR echoes', ['Marble hall', 'Beach walk']],
      ['marble before:2025-06-02', ['Beach walk']],
    ] as const) {
      await box.fill(query);
      await box.press('Enter');
      await expect(cards, query).toHaveCount(titles.length);
      for (const title of titles) await expect(cards.filter({ hasText: title }), query).toHaveCount(1);
    }

    // The URL holds the query: opening it again keeps the box and the results; the list view shows the snippets too,
    // and a word also finds the other English forms the user wrote.
    await page.goto('/dashboard?q=marbles&view=list');
    await expect(box).toHaveValue('marbles');
    await expect(page.getByTestId('memory-row')).toHaveCount(3);
    await expect(page.getByTestId('memory-row').filter({ hasText: 'Rainy afternoon' }).locator('mark')).toHaveText(
      'marbles',
    );
    await expect(page.getByTestId('memory-row').filter({ hasText: 'Beach walk' }).locator('mark')).toHaveText('marble');

    // Nothing found: "Did you mean" offers the user's own word and searches it.
    await box.fill('echoez');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No memories found')).toBeVisible();
    await page.getByRole('button', { name: 'echoes' }).click();
    await expect(box).toHaveValue('echoes');
    await expect(page.getByTestId('memory-row')).toHaveCount(1);
    await expect(page.getByTestId('memory-row')).toContainText('Marble hall');
  });

  test('On This Day, the search and its "Did you mean" pass axe in light and dark, desktop and phone', async ({
    page,
  }) => {
    // Three screens, each loaded and checked with axe four times (light and dark, desktop and phone).
    test.slow();
    await seed(page, 'this-day', [
      { title: 'Three years back', date: sameDayYearsAgo(3), text: 'The old harbour before the new bridge.' },
      { title: 'A year back', date: sameDayYearsAgo(1), text: 'Lanterns on the water.', tags: ['evening'] },
      { title: 'Not this day', date: daysAgo(40), text: 'Another day entirely.' },
    ]);

    await checkEveryWay(page, 'dashboard-on-this-day', async () => {
      await page.goto('/dashboard');
      const onThisDay = page.getByRole('region', { name: 'On this day' });
      await expect(onThisDay.getByTestId('memory-summary-card')).toHaveCount(2);
      await expect(onThisDay.getByTestId('memory-summary-card').first()).toContainText('1 year ago');
      await expect(onThisDay.getByTestId('memory-summary-card').first()).toContainText('A year back');
      await expect(onThisDay.getByTestId('memory-summary-card').last()).toContainText('3 years ago');
    });
    await checkEveryWay(page, 'dashboard-search', async () => {
      await page.goto('/dashboard?q=harbour');
      await expect(page.getByTestId('search-snippet').locator('mark')).toHaveText('harbour');
      await expect(page.getByTestId('on-this-day')).toHaveCount(0);
    });
    await checkEveryWay(page, 'dashboard-did-you-mean', async () => {
      await page.goto('/dashboard?q=lantrens');
      await expect(page.getByRole('button', { name: 'lanterns' })).toBeVisible();
    });

    await page.getByRole('button', { name: 'lanterns' }).click();
    await page.getByTestId('memory-card').first().getByRole('button', { name: 'View A year back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'A year back' })).toBeVisible();
  });

  test('the timeline scrolls into the past a page at a time, jumps to a year, and the calendar lists a day', async ({
    page,
  }) => {
    // 45 memories, one every 20 days back from today: three pages of the timeline over about two and a half years.
    const memories = Array.from({ length: 45 }, (_, index) => ({
      title: `Entry ${String(index).padStart(2, '0')}`,
      date: daysAgo(index * 20),
      text: `Day number ${index}.`,
    }));
    await seed(page, 'timeline', memories);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timeline' }).click();
    await expect(page).toHaveURL(/\/timeline$/);

    const entries = page.getByTestId('timeline-entry');
    await expect(entries).toHaveCount(20);
    await expect(entries.first()).toContainText('Entry 00');
    await entries.last().scrollIntoViewIfNeeded();
    await expect(entries).toHaveCount(40);
    await entries.last().scrollIntoViewIfNeeded();
    await expect(entries).toHaveCount(45);
    await expect(page.getByText('That is where your journal begins.')).toBeVisible();
    await expect(entries.last()).toContainText('Entry 44');
    await expect(page.getByRole('heading', { level: 2, name: String(today.getFullYear()), exact: true })).toBeVisible();

    // Jump to the oldest year: it starts with that year's newest memory.
    const oldest = memories.at(-1)!;
    const oldestYear = oldest.date.slice(0, 4);
    const newestOfThatYear = memories.find((memory) => memory.date.startsWith(oldestYear))!;
    await page
      .getByRole('group', { name: 'Jump to a year' })
      .getByRole('button', { name: new RegExp(`^${oldestYear},`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`year=${oldestYear}`));
    await expect(entries.first()).toContainText(newestOfThatYear.title);

    // The calendar follows to December of that year; step to the month of a memory and list its day.
    const target = memories[30];
    await page.goto(`/timeline?month=${target.date.slice(0, 7)}`);
    const calendar = page.getByTestId('month-calendar');
    await calendar
      .getByRole('button', {
        name: new RegExp(` ${Number(target.date.slice(8))}, ${target.date.slice(0, 4)}: 1 memory$`),
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`day=${target.date}`));
    await page.getByTestId('day-memories').getByRole('link', { name: target.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  });

  test('the timeline and its calendar pass axe in light and dark, desktop and phone, and the phone has a Timeline tab', async ({
    page,
  }) => {
    await seed(page, 'timeline-axe', [
      { title: 'Spring walk', date: '2025-04-12', text: 'Blossom everywhere.', tags: ['spring'] },
      { title: 'Same day, later', date: '2025-04-12', text: 'Dinner out.', isDraft: true },
      { title: 'Winter', date: '2024-12-24', text: 'Snow at last.' },
    ]);
    await checkEveryWay(page, 'timeline', async () => {
      await page.goto('/timeline?day=2025-04-12');
      await expect(page.getByTestId('timeline-entry')).toHaveCount(3);
      await expect(page.getByTestId('day-memories').getByRole('link')).toHaveCount(2);
    });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Timeline' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Timeline' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('timeline-entry')).toHaveCount(3);
  });

  test('the profile shows writing stats, a chart and a heat map (axe in light and dark, desktop and phone), and Surprise me opens a memory', async ({
    page,
  }) => {
    // The profile loaded and checked with axe four times, then the memory Surprise me opens.
    test.slow();
    await seed(page, 'stats', [
      { title: 'Two days ago', date: daysAgo(2), text: 'one two three' },
      { title: 'Yesterday', date: daysAgo(1), text: 'four five' },
      { title: 'Today', date: daysAgo(0), text: 'six' },
      { title: 'Long ago', date: daysAgo(30), text: 'seven eight nine ten' },
    ]);
    await checkEveryWay(page, 'profile-writing', async () => {
      await page.goto('/profile');
      const stats = page.getByTestId('writing-stats');
      await expect(stats).toContainText('Memories4');
      await expect(stats).toContainText('Words10');
      await expect(stats).toContainText('Current streak3 days');
      await expect(stats).toContainText('Longest streak3 days');
      await expect(page.getByTestId('month-chart')).toHaveAttribute('aria-label', /^Memories per month: /);
      await expect(page.getByTestId('year-heat-map').getByRole('img')).toHaveAttribute(
        'aria-label',
        /(memory|memories) on \d+ days? in \d{4}$/,
      );
    });

    await page.getByRole('button', { name: 'Surprise me' }).click();
    await expect(page).toHaveURL(/\/memory\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /^(Two days ago|Yesterday|Today|Long ago)$/ }),
    ).toBeVisible();
  });
});

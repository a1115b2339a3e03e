import { expect, test } from '@playwright/test';
import path from 'node:path';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { createMemory } from '../support/memories';
import { switchTheme, useTheme } from '../support/theme';

// A memory's mood (issue 38) through the shell against the real embedded server: chosen in the editor with the
// keyboard alone, saved, named on the viewer and on the dashboard's card, and colouring the calendar and the year
// heat map (with their legend) once "Colour by mood" is on. The editor with the mood control passes axe in both themes.

const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');
const thisYear = new Date().getFullYear();
const MONTH = `${thisYear}-01`;

test.describe('mood', () => {
  test('is chosen by keyboard in the editor, shown on the viewer and the card, and colours the calendar', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'mood', 'Moira Mood');
    const id = await createMemory(request, owner, { title: 'Sunny walk', date: `${MONTH}-09`, text: 'Warm light.' });
    await createMemory(request, owner, { title: 'Rainy bus', date: `${MONTH}-12`, mood: 2 });
    await signInWithCookie(page, owner);

    await useTheme(page, 'light');
    await page.goto(`/memory/edit/${id}`);
    const moods = page.getByRole('radiogroup', { name: 'Mood' });
    await expect(moods.getByRole('radio', { name: 'No mood' })).toBeChecked();
    await expect(moods.getByRole('radio')).toHaveCount(6);
    await expectNoSeriousAxeViolations(page, 'editor with the mood control (light)');
    await switchTheme(page, 'dark');
    await expectNoSeriousAxeViolations(page, 'editor with the mood control (dark)');

    // Tab from the tags field reaches the group at its chosen radio; the arrow keys choose.
    await page.getByLabel('Tags').focus();
    for (let presses = 0; presses < 4; presses++) {
      if (await moods.getByRole('radio', { name: 'No mood' }).evaluate((radio) => radio === document.activeElement))
        break;
      await page.keyboard.press('Tab');
    }
    await expect(moods.getByRole('radio', { name: 'No mood' })).toBeFocused();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await expect(moods.getByRole('radio', { name: 'Good' })).toBeChecked();
    await expect(moods.getByRole('radio', { name: 'Good' })).toBeFocused();
    await page.getByRole('button', { name: 'Save Draft' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Memory saved as draft!' })).toBeVisible();

    const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) });
    expect((await stored.json()).data.mood).toBe(4);

    await page.goto(`/memory/${id}`);
    await expect(page.getByTestId('remote-viewer').getByText('Mood: Good')).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByTestId('memory-card').filter({ hasText: 'Sunny walk' })).toContainText('Mood: Good');
    await expect(page.getByTestId('memory-card').filter({ hasText: 'Rainy bus' })).toContainText('Mood: Bad');

    await page.goto(`/timeline?month=${MONTH}`);
    const calendar = page.getByTestId('month-calendar');
    await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Sunny walk' })).toContainText('Mood: Good');
    const sunny = calendar.getByRole('button', { name: /: 1 memory, Mood: Good$/ });
    await expect(calendar.getByRole('button', { name: /: 1 memory$/ })).toHaveCount(2);
    await calendar.getByRole('switch', { name: 'Colour by mood' }).check();
    await expect(calendar.getByRole('list', { name: 'Mood colours' })).toContainText('Good');
    await expect(sunny).toHaveAttribute('data-mood', '4');
    const rainy = calendar.getByRole('button', { name: /: 1 memory, Mood: Bad$/ });
    await expect(rainy).toHaveAttribute('data-mood', '2');
    const colourOf = (cell: typeof sunny) => cell.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await colourOf(sunny)).not.toBe(await colourOf(rainy));
    await expectNoSeriousAxeViolations(page, 'calendar coloured by mood (dark)');

    // The choice holds for the year heat map too, on this device.
    await page.goto('/profile');
    const heatMap = page.getByTestId('year-heat-map');
    await expect(heatMap.getByRole('switch', { name: 'Colour by mood' })).toBeChecked();
    await expect(heatMap.locator(`rect[data-mood="4"]`)).toHaveCount(1);
    await expect(page.getByTestId('mood-per-month')).toContainText('Mood: Okay');
  });

  test('the mood control, the coloured calendar and the month moods pass axe on a phone in light and dark', async ({
    page,
    request,
  }) => {
    const owner = await signUp(request, 'mood-phone', 'Moira Mood');
    const id = await createMemory(request, owner, { title: 'Good swim', date: `${MONTH}-05`, mood: 4 });
    await createMemory(request, owner, { title: 'Awful cold', date: `${MONTH}-06`, mood: 1 });
    await signInWithCookie(page, owner);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.addInitScript(() => localStorage.setItem('memories.colourByMood', 'true'));

    const screens = [
      { name: 'mood-editor', url: `/memory/edit/${id}`, ready: page.getByRole('radiogroup', { name: 'Mood' }) },
      { name: 'mood-calendar', url: `/timeline?month=${MONTH}`, ready: page.getByTestId('mood-legend') },
      { name: 'mood-profile', url: '/profile', ready: page.getByTestId('mood-per-month') },
    ];
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      for (const screen of screens) {
        await page.goto(screen.url);
        await expect(screen.ready.first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${screen.name}-phone-${theme}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        await expectNoSeriousAxeViolations(page, `${screen.name} (phone, ${theme})`);
      }
    }
  });
});

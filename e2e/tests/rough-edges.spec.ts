import { expect, test, type Page } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, draftSavedNotice } from '../support/memories';

// What a new user trips over on the first day (issue 20): a draft save that stopped the writing, and a filters panel
// that filled a phone's first screen. (The in-page delete dialog is proven in viewer.spec.ts and dashboard.spec.ts.)

const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });

test('Save Draft confirms in passing: no modal, no focus taken, writing goes on, and the notice leaves by itself', async ({
  page,
  request,
}) => {
  const writer = await signUp(request, 'rough-draft', 'Dora Draft');
  // On a phone, where the shell's tab bar takes the bottom of the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithCookie(page, writer);
  await page.goto('/memory/create');
  await page.getByLabel('Memory Title *').fill('Night train');
  await content(page).click();
  await page.keyboard.type('The carriage was half empty.');

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(draftSavedNotice(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The notice never pulls the focus to itself (a screen reader still hears it: it is a status).
  expect(await page.evaluate(() => document.activeElement?.closest('[role="status"]') ?? null)).toBeNull();
  const notice = await draftSavedNotice(page).boundingBox();
  const tabBar = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox();
  expect((notice?.y ?? Infinity) + (notice?.height ?? 0)).toBeLessThanOrEqual(tabBar?.y ?? 0);

  // While the notice is still up, the writer carries on: nothing to press first.
  await content(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Then the lights went out.');
  await expect(content(page)).toHaveText('The carriage was half empty. Then the lights went out.');
  await expect(draftSavedNotice(page)).toBeHidden();

  // Publish keeps the spec's modal with "View Memory".
  await page.getByRole('button', { name: 'Publish' }).click();
  const published = page.getByRole('dialog', { name: 'Success' });
  await expect(published).toContainText('Memory published successfully!');
  await published.getByRole('button', { name: 'View Memory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Night train' })).toBeVisible();
});

test('on a phone the filters start closed behind a button that counts the active ones', async ({ page, request }) => {
  const writer = await signUp(request, 'rough-filters', 'Fay Filter');
  await createMemory(request, writer, {
    title: 'Seaside',
    date: '2026-04-01',
    text: 'Waves.',
    tags: ['sea'],
    isDraft: true,
  });
  await createMemory(request, writer, {
    title: 'Hills',
    date: '2026-04-02',
    text: 'Wind.',
    tags: ['walk'],
    isDraft: false,
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithCookie(page, writer);
  await page.goto('/dashboard');

  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(page.getByTestId('memory-card')).toHaveCount(2);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAccessibleName('Filters');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveCount(0);
  // The first memory is on the first screen, not below a panel of filters.
  const firstCard = await page.getByTestId('memory-card').first().boundingBox();
  expect(firstCard?.y ?? Infinity).toBeLessThan(740);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Drafts', exact: true }).click();
  await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'sea' }).click();
  await expect(page.getByTestId('memory-card')).toHaveCount(1);
  await expect(toggle).toHaveAccessibleName('Filters (2 active)');

  // A reload (the filters live in the URL) starts closed again, the badge still counting.
  await page.reload();
  await expect(page.getByTestId('memory-card')).toHaveCount(1);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAccessibleName('Filters (2 active)');
  await expect(toggle).toContainText('2');

  // On a wide screen the panel is always open and there is nothing to toggle.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible();
  await expect(toggle).toHaveCount(0);
});

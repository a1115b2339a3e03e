import { CLIENT_HEADER } from '@memories/contracts';
import { expect, test } from '@playwright/test';
import { axeScan } from '../support/accessibility';

// The public landing page (spec sections 1, 2 "Landing page" and 9) through the real embedded server.

test.describe('landing page', () => {
  test('shows the four sections, the privacy statement, the planned features and the contact details', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Capture Moments' })).toBeVisible();
    for (const id of ['home', 'features', 'about', 'contact'])
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    await expect(page.locator('#about')).toContainText(
      'private and accessible only to you, plus any users you choose to share them with',
    );
    await expect(page.getByRole('list', { name: 'Coming soon' }).getByRole('listitem')).toHaveText([
      'Shared albums',
      'Smart reminders',
      'An AI assistant',
      'Native mobile apps',
      'Advanced search',
      'A timeline',
    ]);
    await expect(page.locator('#contact')).toContainText(
      'Mon-Fri 9:00 AM to 6:00 PM EST, Sat 10:00 AM to 4:00 PM EST, Sun closed',
    );
  });

  test('"Learn more" scrolls to about and "Get Started" opens the registration page', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('button', { name: 'Learn more' }).click();
    await expect(page.locator('#about')).toBeInViewport();

    await page.getByTestId('remote-landing').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a section link on another page comes back to the landing page and scrolls to that section', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Features' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#features')).toBeInViewport();
  });

  test('the contact form requires every field and only shows the under-construction notice', async ({ page }) => {
    // The page itself only asks for a session refresh; the form must add nothing to that.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && !request.url().endsWith('/api/auth/refresh'))
        sent.push(`${request.method()} ${request.url()}`);
    });
    await page.goto('/');
    // The form is fetched as its section nears the viewport, as a visitor scrolling down would.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact form' });

    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(form.getByRole('textbox', { name: label })).toHaveAccessibleDescription(`${label} is required`);
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill('A question');
    await form.getByRole('textbox', { name: 'Message' }).fill('Does it export?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const dialog = page.getByRole('dialog', { name: 'Under Construction' });
    await expect(dialog).toContainText('Contact functionality is currently under development.');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual([]);
  });

  test('greets a signed-in visitor with "Your Memories"', async ({ page }) => {
    const email = `e2e-landing-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'correct-horse-1';
    const registered = await page.request.post('/api/auth/register', {
      headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value },
      data: { name: 'Ada Lovelace', email, password, confirmPassword: password },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Memories' })).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      test(`has no serious accessibility violations (${colorScheme}, ${viewport.name})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        await page.goto('/');
        await expect(page.getByTestId('remote-landing')).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
        await page.locator('#contact').scrollIntoViewIfNeeded();
        await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();

        const { violations } = await axeScan(page).analyze();
        const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
        expect(
          serious.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  }
});

import { expect, test } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory } from '../support/memories';

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/profile',
  '/memory/create',
  '/memory/edit/0b7e4a52-1c1b-4c1e-9d5e-1f6f3a0c2a11',
  '/memory/0b7e4a52-1c1b-4c1e-9d5e-1f6f3a0c2a11',
];

test.describe('the shell', () => {
  test('serves the landing remote at / inside the public layout', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('remote-landing')).toBeVisible();
    await expect(page.getByText('Capture Moments').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  });

  test('renders its own login and register pages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel(/email/i).first()).toBeVisible();
    await page.goto('/register');
    await expect(page.getByLabel(/first name/i)).toBeVisible();
  });

  for (const route of SIGNED_IN_ROUTES) {
    test(`guards ${route}: a visitor is sent to /login, replacing the history entry`, async ({ page }) => {
      await page.goto('/');
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('redirects /create-memory to /memory/create (and on to /login for a visitor)', async ({ page }) => {
    await page.goto('/create-memory');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows a fallback with Retry when a remote cannot load, and recovers when it returns', async ({ page }) => {
    await page.route('**/remotes/landing/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The rest of the application keeps working around the dead remote.
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.unroute('**/remotes/landing/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('remote-landing')).toBeVisible();
  });

  test('gives every remote the shared modules it asks for, without a version warning', async ({ page, request }) => {
    // The Module Federation runtime warns when the shell offers a singleton at a version a remote does not accept.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/Federation|shared/i.test(message.text())) warnings.push(`${message.type()}: ${message.text()}`);
    });
    const user = await signUp(request, 'shared-versions');
    const id = await createMemory(request, user, { title: 'Every remote once', date: '2026-11-30' });
    await signInWithCookie(page, user);

    await page.goto(`/memory/${id}`);
    await expect(page.getByTestId('remote-viewer')).toBeVisible();
    for (const [link, remote] of [
      ['Dashboard', 'remote-memories'],
      ['Create Memory', 'remote-editor'],
      ['Profile', 'remote-memories'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await expect(page.getByTestId(remote)).toBeVisible();
    }
    await page.goto('/settings');
    await expect(page.getByTestId('remote-settings')).toBeVisible();

    expect(warnings).toEqual([]);
  });

  test('shows the default error screen for an unknown route', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
  });
});

test.describe('the API through the same origin', () => {
  test('GET /api/health reports every service and Postgres as up, gathered over the bus', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(JSON.stringify(body.data)).toMatch(/auth/);
    expect(JSON.stringify(body.data)).toMatch(/memory/);
    expect(JSON.stringify(body.data)).toMatch(/upload/);
    expect(JSON.stringify(body.data).toLowerCase()).toMatch(/postgres|database/);
  });

  test('serves the runtime remote list with every remote', async ({ request }) => {
    const response = await request.get('/remotes.json');
    expect(response.headers()['cache-control']).toContain('no-cache');
    const list = await response.json();
    expect(list.remotes.map((remote: { name: string }) => remote.name).sort()).toEqual([
      'editor',
      'landing',
      'memories',
      'settings',
      'viewer',
    ]);
  });
});

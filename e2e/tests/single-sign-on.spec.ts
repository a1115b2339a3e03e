import { getFreePort, startTestOidcProvider, type TestOidcProvider } from '@memories/server-testing/oidc';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { startOwnInstance, type OwnInstance } from '../support/own-instance';
import { switchTheme, useTheme } from '../support/theme';

// Single sign-on through the screens, with a real OpenID provider (oidc-provider) on 127.0.0.1: the login page
// while the provider is down, then "Sign in with Family ID" → the provider's sign-in and consent pages → the
// dashboard, a replayed callback refused, Linked sign-in in the settings, and a logout that signs out at the provider
// too (OIDC_LOGOUT). The instance is one of its own: it needs single sign-on settings the shared server has not.

const PHONE = { width: 360, height: 780 };
const PROVIDER_PASSWORD = 'provider-password-1';

let instance: OwnInstance;
let provider: TestOidcProvider | undefined;
let providerPort: number;
/** The app's own address (PUBLIC_URL, `npm start`'s default): the callback must come back to the origin it left. */
let app: string;

test.beforeAll(async () => {
  // The hook's own timeout: it starts a whole instance.
  test.setTimeout(180_000);
  providerPort = await getFreePort();
  instance = await startOwnInstance({
    OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
    OIDC_CLIENT_ID: 'memories',
    OIDC_CLIENT_SECRET: 'a-secret-the-provider-knows',
    OIDC_DISPLAY_NAME: 'Family ID',
    OIDC_LOGOUT: 'true',
  });
  app = instance.url.replace('127.0.0.1', 'localhost');
});

test.afterAll(async () => {
  await provider?.stop();
  await instance?.stop();
});

async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: app });
  const page = await context.newPage();
  await useTheme(page, 'light');
  return page;
}

async function signInAtProvider(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByLabel('Username').fill('ada');
  await page.getByLabel('Password').fill(PROVIDER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow access' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('signs in with the instance’s provider: login page → provider → dashboard, and out at both', async ({
  browser,
}) => {
  test.slow();
  const page = await openPage(browser);

  // The provider is not up yet: the login page says so, and the password form still works.
  await page.goto('/login');
  await expect(page.getByText('Single sign-on is unavailable right now.', { exact: false })).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'login, single sign-on unavailable');

  provider = await startTestOidcProvider({
    port: providerPort,
    clients: [
      {
        client_id: 'memories',
        client_secret: 'a-secret-the-provider-knows',
        redirect_uris: [`${app}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${app}/login`],
      },
    ],
    accounts: {
      ada: {
        password: PROVIDER_PASSWORD,
        claims: { email: 'ada.lovelace@example.com', email_verified: true, name: 'Ada Lovelace' },
      },
    },
  });
  const signInLink = page.getByRole('link', { name: 'Sign in with Family ID' });
  // Discovery is tried again a few seconds after a failure: "Try again" until the provider answers.
  await expect(async () => {
    if (!(await signInLink.isVisible())) await page.getByRole('button', { name: 'Try again' }).click();
    await expect(signInLink).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expectNoSeriousAxeViolations(page, 'login with single sign-on');

  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/oidc/callback')) callbacks.push(request.url());
  });
  await signInLink.click();
  await signInAtProvider(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-display-name')).toHaveText('Ada Lovelace');

  // Settings → Security: the provider is the account's linked sign-in (its only way in: no password).
  await page.goto('/settings/security');
  const linked = page.getByRole('list', { name: 'Your linked sign-ins' });
  await expect(linked).toContainText('Family ID (ada.lovelace@example.com)');
  await expectNoSeriousAxeViolations(page, 'settings, linked sign-in');
  await page.getByRole('button', { name: 'Unlink Family ID' }).click();
  await page.getByRole('alertdialog', { name: 'Unlink Family ID?' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('This is the only way into your account.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Logout ends our session, then the provider's: its page asks, then sends the browser back to our login page.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign in with Family ID' })).toBeVisible();

  // The provider's answer from before, opened again, signs nobody in and says why.
  await page.goto(callbacks[0]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in was already completed and cannot be used again. Please sign in again.',
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // The login page with single sign-on fits a phone, in dark mode too.
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await switchTheme(page, 'dark');
  const box = await page.getByRole('link', { name: 'Sign in with Family ID' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await expectNoSeriousAxeViolations(page, 'login with single sign-on, phone, dark');
});

import { CLIENT_HEADER, REGISTRATION_MESSAGES } from '@memories/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeScan } from '../support/accessibility';

// Accounts and sessions through the real embedded server (spec sections 2 to 8). Registration and login are rate
// limited on the server, so each test uses its own e-mail and the suite registers only a handful of accounts.

const PASSWORD = 'correct-horse-1';

interface Account {
  firstName: string;
  lastName: string;
  email: string;
}

function newAccount(firstName = 'Ada', lastName = 'Lovelace'): Account {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { firstName, lastName, email: `e2e-${suffix}@example.com` };
}

async function registerThroughApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/auth/register', {
    headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value },
    data: {
      name: `${account.firstName} ${account.lastName}`,
      email: account.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the login form, as a user does. */
async function logInWithForm(page: Page, account: Account, { rememberMe = false } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const field = (page: Page, label: RegExp) => page.getByLabel(label);

test.describe('register', () => {
  test('shows every registration error under its field, clears it on edit, then signs up and says so on /login', async ({
    page,
  }) => {
    const account = newAccount();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(field(page, /^First name/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.firstNameRequired);
    await expect(field(page, /^Last name/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.lastNameRequired);
    await expect(field(page, /^Email/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailRequired);
    await expect(field(page, /^Password/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordRequired);
    await expect(field(page, /^First name/)).toBeFocused();

    await field(page, /^First name/).fill(account.firstName);
    await expect(field(page, /^First name/)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(REGISTRATION_MESSAGES.firstNameRequired)).toHaveCount(0);
    await expect(page.getByText(REGISTRATION_MESSAGES.lastNameRequired)).toBeVisible();

    await field(page, /^Last name/).fill(account.lastName);
    await field(page, /^Email/).fill('ada@example');
    await field(page, /^Phone number/).fill('12345');
    await field(page, /^Password/).fill('abc12');
    await field(page, /^Confirm password/).fill('abc123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(field(page, /^Email/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailInvalid);
    await expect(field(page, /^Phone number/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.phoneNumberInvalid);
    await expect(field(page, /^Password/)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordTooShort);
    await expect(field(page, /^Confirm password/)).toHaveAccessibleDescription(
      REGISTRATION_MESSAGES.passwordsDoNotMatch,
    );

    await field(page, /^Email/).fill(account.email);
    await field(page, /^Phone number/).fill('+4915112345678');
    await field(page, /^Password/).fill(PASSWORD);
    await field(page, /^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Registration successful! Please log in with your new account.')).toBeVisible();
    // Shown once: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByText('Registration successful! Please log in with your new account.')).toHaveCount(0);

    // The same e-mail again: the server's 409 as the spec's message.
    await page.goto('/register');
    await field(page, /^First name/).fill(account.firstName);
    await field(page, /^Last name/).fill(account.lastName);
    await field(page, /^Email/).fill(account.email.toUpperCase());
    await field(page, /^Password/).fill(PASSWORD);
    await field(page, /^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('User already exists');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the register and login pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/register', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await axeScan(page).analyze();
      expect(violations.map(({ id, nodes }) => `${path}: ${id} (${nodes.length})`)).toEqual([]);
    }
  });
});

test.describe('log in, stay signed in, log out', () => {
  test('a wrong password shows the error and stays on /login; the right one goes to /dashboard', async ({
    page,
    request,
  }) => {
    const account = newAccount('Grace', 'Hopper');
    await registerThroughApi(request, account);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your email and password.');

    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('user-display-name')).toHaveText('Grace Hopper');
    await expect(page.getByRole('main')).toBeFocused();

    // Signed in, the public forms send the user to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a reload keeps the session through the refresh cookie; Logout ends it', async ({ page, request, context }) => {
    const account = newAccount();
    await registerThroughApi(request, account);
    await logInWithForm(page, account, { rememberMe: true });

    const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'memories_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, path: '/api/auth' });
    expect(refreshCookie?.expires).toBeGreaterThan(Date.now() / 1000);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('user-display-name')).toHaveText('Ada Lovelace');
    // The access token lives in memory only.
    expect(
      await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
    ).not.toMatch(/eyJ/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('without remember me the refresh cookie lasts for the browser session only', async ({
    page,
    request,
    context,
  }) => {
    const account = newAccount();
    await registerThroughApi(request, account);
    await logInWithForm(page, account);

    const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'memories_refresh');
    expect(refreshCookie?.expires).toBe(-1);
  });

  test('a visitor is sent to /login from a signed-in page, replacing the history entry', async ({ page }) => {
    await page.goto('/');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('public layout', () => {
  test('Contact opens the under-construction dialog and "Got it" closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click();

    const dialog = page.getByRole('dialog', { name: 'Under Construction' });
    await expect(dialog).toContainText(
      'Contact functionality is currently under development. Site admin is working hard to bring you this feature soon!',
    );
    await expect(dialog).toContainText('Expected completion: Coming Soon');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a section link on another page goes to the landing page and scrolls to the section', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#about')).toBeInViewport();
  });

  test('dark mode survives a reload and applies to the signed-in pages too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);

    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => [localStorage.getItem('darkMode'), localStorage.getItem('theme')])).toEqual([
      'true',
      'dark',
    ]);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('follows the system preference until the user chooses', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

test.describe('small screens (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const noHorizontalScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('the public links fold into a menu', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('button', { name: 'Features' })).toBeHidden();

    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('button', { name: 'Features' })).toBeVisible();
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  test('signed in, a bottom tab bar replaces the top links', async ({ page, request }) => {
    const account = newAccount('Katherine', 'Johnson');
    await registerThroughApi(request, account);
    await logInWithForm(page, account);

    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByTestId('user-avatar')).toHaveText('KJ');
    expect(await noHorizontalScroll(page)).toBe(true);

    await tabs.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/memory\/create$/);
    await expect(tabs.getByRole('link', { name: 'Create' })).toHaveAttribute('aria-current', 'page');

    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

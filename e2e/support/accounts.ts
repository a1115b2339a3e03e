import { CLIENT_HEADER } from '@memories/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Users for the browser suites, created through the real API (the test's own request context, so the browser starts
// signed out). A test then signs its browser in through the API (signInWithCookie); only tests about the login form
// itself type into it (logIn). See support/README.md.

export const PASSWORD = 'correct-horse-1';
export const clientHeaders = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };

export interface TestUser {
  id: string;
  email: string;
  /** An access token for API calls made by the test itself. */
  token: string;
}

/** A fresh e-mail per call: registration and login are rate limited and e-mails are unique. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(request: APIRequestContext, label: string, name = 'Erin Example'): Promise<TestUser> {
  const email = uniqueEmail(label);
  const registered = await request.post('/api/auth/register', {
    headers: clientHeaders,
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', {
    headers: clientHeaders,
    data: { email, password: PASSWORD, rememberMe: false },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken, user } = (await login.json()).data as { accessToken: string; user: { id: string } };
  return { id: user.id, email, token: accessToken };
}

/** Signs in through the login form and waits for the dashboard. */
export async function logIn(page: Page, user: Pick<TestUser, 'email'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const authorised = (user: TestUser) => ({ ...clientHeaders, Authorization: `Bearer ${user.token}` });

/**
 * Signs the browser in through the API with the page's own request context, which shares the browser's cookies:
 * the app then starts signed in from the refresh cookie at the next `page.goto`, as after a reload. One request,
 * where the login form costs a page load and the dashboard's: every test that is not about the form uses this.
 */
export async function signInWithCookie(page: Page, user: Pick<TestUser, 'email'>): Promise<void> {
  const login = await page.request.post('/api/auth/login', {
    headers: clientHeaders,
    data: { email: user.email, password: PASSWORD, rememberMe: false },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

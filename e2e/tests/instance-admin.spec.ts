import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { startOwnInstance, type OwnInstance } from '../support/own-instance';
import { switchTheme, useTheme } from '../support/theme';

// Who gets in, through the screens: an instance started with sign-up closed, its first account (the admin) inviting
// someone, that person joining from the invite link, and a disabled account being signed out. The journey changes
// the whole instance's sign-up mode, so it runs on a Memories of its own, not the suite's shared server.

const PHONE = { width: 360, height: 780 };
// Kept with the other screens' screenshots (screens.spec.ts), for a person to look at.
const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');

const keepScreenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });

let instance: OwnInstance;

test.beforeAll(async () => {
  // A second server of its own: starting it (a new embedded PostgreSQL) takes longer than a test.
  test.setTimeout(180_000);
  instance = await startOwnInstance({ SIGNUP_MODE: 'closed' });
});

test.afterAll(async () => {
  await instance?.stop();
});

async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: instance.url });
  const page = await context.newPage();
  await useTheme(page, 'light');
  return page;
}

async function signUpWithForm(page: Page, email: string | null, name: [string, string]): Promise<void> {
  await page.getByLabel(/^First name/).fill(name[0]);
  await page.getByLabel(/^Last name/).fill(name[1]);
  if (email) await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes before the login page is drawn (react-router pushes the URL, then React draws the next page
  // in a transition, with the sign-up form still on screen meanwhile): an e-mail typed then went into the sign-up form.
  await expect(page.getByRole('region', { name: 'Log In' }).getByRole('status')).toHaveText(
    'Registration successful! Please log in with your new account.',
  );
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('an admin invites someone while sign-up is closed, they join, and a disabled account is signed out', async ({
  browser,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('owner');
  const guestEmail = uniqueEmail('guest');

  // The first account of the instance can sign up although sign-up is closed, and becomes its admin.
  const admin = await openPage(browser);
  await admin.goto('/register');
  await signUpWithForm(admin, adminEmail, ['Olivia', 'Owner']);
  await logIn(admin, adminEmail);
  await expect(admin).toHaveURL(/\/dashboard$/);

  // A visitor is told sign-up needs an invite, on the landing page and on the sign-up page: no form that cannot work.
  const visitor = await openPage(browser);
  await visitor.goto('/');
  await expect(visitor.getByTestId('sign-up-by-invite')).toHaveText(
    'Sign-up on this instance is closed. Its administrator can still invite you.',
  );
  const landing = visitor.getByTestId('remote-landing');
  await expect(landing.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await expect(landing.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await visitor.goto('/register');
  await expect(visitor.getByRole('note')).toContainText('Sign-up on this instance is closed.');
  await expect(visitor.getByRole('button', { name: 'Create Account' })).toHaveCount(0);

  // The admin finds the administration in the account menu and invites the guest by address.
  await admin.getByRole('button', { name: /^Account menu for/ }).click();
  await admin.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(admin).toHaveURL(/\/settings\/users$/);
  await expect(admin.getByTestId('admin-user')).toHaveCount(1);
  await expectNoSeriousAxeViolations(admin, 'Users (desktop, light)');
  await admin.getByRole('link', { name: 'Sign-up' }).click();
  await expect(admin.getByRole('radio', { name: /^Closed/ })).toBeChecked();
  await admin.getByLabel('E-mail address (optional)').fill(guestEmail);
  await admin.getByRole('button', { name: 'Create invite' }).click();
  const link = await admin.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(link).toMatch(/\/register#invite=[\w-]{43}$/);
  await expect(admin.getByTestId('pending-invites')).toContainText(guestEmail);
  await expectNoSeriousAxeViolations(admin, 'Sign-up (desktop, light)');
  await keepScreenshot(admin, 'admin-sign-up-desktop-light');

  // The guest opens the link: the form, with their address filled in; they join and sign in.
  await visitor.goto(link);
  await expect(visitor.getByRole('note')).toContainText('You were invited');
  await expect(visitor.getByLabel(/^Email/)).toHaveValue(guestEmail);
  await signUpWithForm(visitor, null, ['Grace', 'Guest']);
  await logIn(visitor, guestEmail);
  await expect(visitor).toHaveURL(/\/dashboard$/);
  // A member has no way to the administration.
  await visitor.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(visitor.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(visitor.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await visitor.keyboard.press('Escape');

  // The admin disables the guest, on a phone, in the dark: the invite made their address a confirmed one.
  await admin.setViewportSize(PHONE);
  await switchTheme(admin, 'dark');
  await admin.getByRole('link', { name: 'Users' }).click();
  const guestCard = admin.getByTestId('admin-user').filter({ hasText: guestEmail });
  await expect(guestCard).toContainText('Grace Guest');
  await expect(guestCard).not.toContainText('Address not confirmed');
  await expectNoSeriousAxeViolations(admin, 'Users (phone, dark)');
  await keepScreenshot(admin, 'admin-users-phone-dark');
  await guestCard.getByRole('button', { name: 'Disable Grace Guest' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Disable Grace Guest?' });
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(guestCard.getByText('Disabled')).toBeVisible();

  // The guest's next step finds the session gone: signed out to the login page, and signing in is refused.
  await visitor.getByRole('link', { name: 'Timeline' }).first().click();
  await expect(visitor).toHaveURL(/\/login/);
  await logIn(visitor, guestEmail);
  await expect(visitor.getByRole('alert')).toHaveText(
    'This account has been disabled. Ask the administrator of this instance.',
  );

  // Enabled again, the guest can sign in.
  await guestCard.getByRole('button', { name: 'Enable Grace Guest' }).click();
  await admin.getByRole('alertdialog', { name: 'Enable Grace Guest?' }).getByRole('button', { name: 'Enable' }).click();
  await expect(guestCard.getByText('Disabled')).toHaveCount(0);
  await logIn(visitor, guestEmail);
  await expect(visitor).toHaveURL(/\/dashboard$/);

  // The sign-up settings on a phone, in the dark, with the invite now used.
  await admin.getByRole('link', { name: 'Sign-up' }).click();
  await expect(admin.getByText('No invite is waiting to be used.')).toBeVisible();
  await expectNoSeriousAxeViolations(admin, 'Sign-up (phone, dark)');
  await keepScreenshot(admin, 'admin-sign-up-phone-dark');
});

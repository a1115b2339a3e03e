import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, logIn, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { linkFromMailOutbox } from '../support/mail-outbox';

// Account security as a person uses it, through the shell and the settings remote on the embedded server: change
// password, a reset through the link the server logs (no SMTP, as in `npm start`), two-factor sign-in, passkeys with
// Chromium's virtual authenticator, and signing out another device.

/** The app's public origin (PUBLIC_URL of the embedded server): a host name, which passkeys need. */
const PUBLIC_ORIGIN = `http://localhost:${process.env.E2E_PORT}`;

async function logInWith(page: Page, email: string, password: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The TOTP code of the time step `steps` away from now. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test.describe('account security', () => {
  let user: TestUser;

  test.beforeEach(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
    user = await signUp(request, 'security', 'Sam Secure');
    await request.dispose();
  });

  test('change password: a wrong current password is refused, then only the new password signs in', async ({
    page,
  }) => {
    await signInWithCookie(page, user);
    await page.goto('/settings/security');
    const card = page.getByRole('region', { name: 'Security' });

    await card.getByLabel(/^Current password/).fill('not-my-password');
    await card.getByLabel(/^New password/).fill('a-new-password-2');
    await card.getByLabel(/^Confirm new password/).fill('a-new-password-2');
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect(card.getByRole('alert')).toContainText('Current password is incorrect');

    await card.getByLabel(/^Current password/).fill(PASSWORD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect(
      card
        .getByRole('status')
        .filter({ hasText: 'Password changed successfully. Other devices have been signed out.' }),
    ).toBeVisible();

    await logOut(page);
    await logInWith(page, user.email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await logInWith(page, user.email, 'a-new-password-2');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('reset: Forgot password? sends a link to the mail outbox; it sets a new password once', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes before the new page is shown (the router renders it in a transition, which keeps the login
    // form, with its own Email field, on screen until the page is ready): fill the form once its heading is there.
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If an account exists for this email, a password reset link has been sent.',
    );

    const link = await linkFromMailOutbox(user.email, 'reset-password');
    // The token travels in the fragment: the browser never sends it, so no access log holds it.
    expect(link.startsWith(`${PUBLIC_ORIGIN}/reset-password#token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('reset-password-3');
    await page.getByLabel(/^Confirm new password/).fill('reset-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(`${PUBLIC_ORIGIN}/login`);
    await expect(page.getByRole('status')).toHaveText('Your password has been reset. Please log in.');
    await logInWith(page, user.email, 'reset-password-3', PUBLIC_ORIGIN);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('reset-password-4');
    await page.getByLabel(/^Confirm new password/).fill('reset-password-4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired');
  });

  test('two-factor: set up with the app key, then the login asks for a code or a recovery code', async ({ page }) => {
    await signInWithCookie(page, user);
    await page.goto('/settings/security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Set up two-factor sign-in' });
    await confirm.getByLabel(/^Password/).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add Memories to your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel(/^Code from the app/).fill(await totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    const listed = dialog.getByTestId('recovery-codes').locator('li');
    await expect(listed).toHaveCount(10);
    const codes = (await listed.allTextContents()).map((code) => code.trim());
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText(/^On\. .* 10 of 10 recovery codes left\./)).toBeVisible();
    await logOut(page);

    // The password alone now leads to the second step only.
    await logInWith(page, user.email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await logInWith(page, user.email, PASSWORD);
    await page.getByLabel(/^Authentication code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code did not work.');
    // The set-up used this time step's code: the next one signs in.
    await page.getByLabel(/^Authentication code/).fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);

    await logInWith(page, user.email, PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel(/^Recovery code/).fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings/security');
    await expect(page.getByText(/9 of 10 recovery codes left/)).toBeVisible();
  });

  test('passkeys: add one with a virtual authenticator, sign in with it, remove the last one with the password', async ({
    page,
    context,
  }) => {
    await addVirtualAuthenticator(context, page);
    await logInWith(page, user.email, PASSWORD, PUBLIC_ORIGIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${PUBLIC_ORIGIN}/settings/security`);
    await page.getByLabel(/^Name of the new passkey/).fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Add a passkey' });
    await confirm.getByLabel(/^Password/).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Passkey added. You can now sign in with it.' }),
    ).toBeVisible();
    await expect(page.getByTestId('passkey-list')).toContainText('Test laptop');
    await logOut(page);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(`${PUBLIC_ORIGIN}/dashboard`);
    await page.goto(`${PUBLIC_ORIGIN}/settings/security`);
    await expect(page.getByTestId('passkey-list')).toContainText('Last used');

    await page.getByRole('button', { name: 'Remove Test laptop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the passkey "Test laptop"?' });
    await dialog.getByLabel(/^Password/).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toContainText('Current password is incorrect');
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test('a page opened at another origin than PUBLIC_URL says where passkeys work instead of failing', async ({
    page,
    context,
  }) => {
    await addVirtualAuthenticator(context, page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Passkeys work only at ${PUBLIC_ORIGIN}. Open Memories there to use them.`,
    );
  });

  test('sessions: lists the devices, marks this one, signs another browser out, then every other device', async ({
    page,
    browser,
  }) => {
    const other = await browser.newContext({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    const otherPage = await other.newPage();
    await logIn(otherPage, user);
    await logIn(page, user);

    // This browser, the other one, and the test's own sign-in through the API when it made the account.
    await page.goto('/settings/sessions');
    const sessions = page.getByTestId('session');
    await expect(sessions).toHaveCount(3);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    // Named from the browser's User-Agent (the desktop device Playwright emulates).
    await expect(sessions.filter({ hasText: 'This device' })).toContainText(/^Chrome on \w+/);
    await expect(sessions.filter({ hasText: 'Firefox on Linux' })).toHaveCount(1);
    await sessions
      .filter({ hasText: 'Firefox on Linux' })
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'That device has been signed out.' })).toBeVisible();
    await expect(sessions).toHaveCount(2);

    // The other browser cannot renew its session: a reload ends on the login page.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();

    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Every other device has been signed out.' })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await page.reload();
    await expect(sessions).toHaveCount(1);
  });
});

/** Chromium's virtual authenticator (CDP): a platform authenticator with a screen lock, that always says yes. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, clientHeaders, signInWithCookie, signUp } from '../support/accounts';
import { ONE_PIXEL_PNG, createMemory, uploadPng } from '../support/memories';

// Account settings as a person uses them: Edit Profile from the profile page, a picture cropped square and shown
// everywhere the avatar is, and deleting the account.

const settings = (page: Page) => page.getByTestId('remote-settings');

async function choosePicture(page: Page): Promise<string> {
  await settings(page)
    .getByTestId('profile-picture-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const crop = page.getByRole('dialog', { name: 'Crop your picture' });
  await crop.getByRole('button', { name: 'Use this picture' }).click();
  await expect(settings(page).getByText('Your new picture has been saved.')).toBeVisible();
  const avatar = page.getByRole('button', { name: /^Account menu for/ }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/api\/files\/users\/[0-9a-f-]+\/[0-9a-f-]{36}\.(webp|png)$/);
  await expect
    .poll(() => avatar.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(384);
  return (await avatar.getAttribute('src')) ?? '';
}

test('Edit Profile changes name and phone with the register rules, and a cropped picture shows everywhere the avatar is', async ({
  page,
  request,
}) => {
  const user = await signUp(request, 'profile-edit', 'Pat Profile');
  await signInWithCookie(page, user);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);

  await settings(page)
    .getByLabel(/^First name/)
    .fill('Patricia');
  await settings(page)
    .getByLabel(/^Phone number/)
    .fill('12ab');
  await settings(page).getByRole('button', { name: 'Save' }).click();
  await expect(settings(page)).toContainText('Invalid phone number');
  await settings(page)
    .getByLabel(/^Last name/)
    .fill('');
  await settings(page).getByRole('button', { name: 'Save' }).click();
  await expect(settings(page)).toContainText('Last name is required');
  await settings(page)
    .getByLabel(/^Last name/)
    .fill('Profile');
  await settings(page)
    .getByLabel(/^Phone number/)
    .fill('+441234567890');
  await settings(page).getByRole('button', { name: 'Save' }).click();
  await expect(settings(page).getByRole('status')).toHaveText('Your profile has been saved.');
  await expect(page.getByTestId('user-display-name')).toHaveText('Patricia Profile');

  const first = await choosePicture(page);
  await page.goto('/profile');
  await expect(page.getByTestId('remote-memories').locator(`img[src="${first}"]`)).toBeVisible();
  await page.goto('/settings/account');
  await expect(settings(page).getByRole('button', { name: 'Change picture' })).toBeVisible();
  const second = await choosePicture(page);

  expect(second).not.toBe(first);
  // The picture it replaced is deleted; the new one is the user's to read.
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
  await page.reload();
  await expect(settings(page).getByLabel(/^Phone number/)).toHaveValue('+441234567890');
});

test('deleting the account names what goes, asks for the password, and signs out for good', async ({
  page,
  request,
}) => {
  const user = await signUp(request, 'delete-me', 'Dora Deleted');
  const image = await uploadPng(request, user, 'gone.png');
  await createMemory(request, user, { title: 'First', date: '2026-01-01' });
  await createMemory(request, user, {
    title: 'Second',
    date: '2026-01-02',
    contentJson: { type: 'doc', content: [{ type: 'image', attrs: { src: image } }] },
  });
  await signInWithCookie(page, user);
  await page.goto('/settings/account');

  await settings(page).getByRole('button', { name: 'Delete account...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByTestId('delete-account-memories')).toHaveText(
    'Your 2 memories, with their pictures, drafts included',
  );
  await expect(dialog.getByRole('link', { name: 'Download your data first' })).toHaveAttribute(
    'href',
    '/settings/data',
  );
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toContainText('Enter your password to confirm.');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toContainText('The password is incorrect.');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  const done = page.getByRole('dialog', { name: 'Account deleted' });
  await expect(done).toContainText('Your account and everything in it have been deleted.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = await request.post('/api/auth/login', {
    headers: clientHeaders,
    data: { email: user.email, password: PASSWORD, rememberMe: false },
  });
  expect(login.status()).toBe(401);
  expect((await page.request.get(image)).status()).toBe(404);
});

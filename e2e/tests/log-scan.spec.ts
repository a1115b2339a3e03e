import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { clientHeaders, uniqueEmail } from '../support/accounts';
import { linkFromMailOutbox } from '../support/mail-outbox';
import { saveDraftInEditor } from '../support/memories';

// What a person does in the browser, with a word nobody else uses and secrets of their own, then every line the
// `npm start` server wrote during the run (the suite keeps its output): none of them may appear. The API journeys of
// the split services are scanned the same way, at the most detailed log level, by the gateway's observability suite.

/** Tokens the browser received from the API (access tokens in answers), collected as they arrive. */
function collectIssuedTokens(page: Page, into: string[]): void {
  page.on('response', async (response) => {
    if (!/\/api\/auth\/(login|refresh)/.test(response.url()) || !response.ok()) return;
    const body = (await response.json().catch(() => undefined)) as { data?: { accessToken?: string } } | undefined;
    if (body?.data?.accessToken) into.push(body.data.accessToken);
  });
}

async function logInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a journey through the app leaves no password, token, memory text or image in the server log', async ({
  page,
}) => {
  test.slow();
  const word = `quillwort${randomBytes(6).toString('hex')}`;
  const email = uniqueEmail('log-scan');
  const password = `pw-${randomUUID()}`;
  const resetPassword = `reset-${randomUUID()}`;
  const secrets: string[] = [word, password, resetPassword];
  collectIssuedTokens(page, secrets);

  await page.goto('/register');
  await page.getByLabel(/^First name/).fill('Quinn');
  await page.getByLabel(/^Last name/).fill('Scanner');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInWith(page, email, password);

  // A memory written in the editor, with the word in its title and text, then an image of its owner's.
  await page.goto('/memory/create');
  await page.getByLabel('Memory Title *').fill(`Notes on ${word}`);
  await page.getByLabel('Date *').fill('2026-05-01');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type(`The ${word} grew by the pond.`);
  const memoryId = await saveDraftInEditor(page);
  const token = secrets.findLast((secret) => secret.startsWith('eyJ')) ?? '';
  expect(token, 'the access token the login answered').not.toBe('');
  const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);
  const payload = image.subarray(8);
  secrets.push(
    payload.subarray(0, 48).toString('base64'),
    payload.subarray(0, 32).toString('hex'),
    [...payload.subarray(0, 16)].join(','),
  );
  const authorised = { ...clientHeaders, Authorization: `Bearer ${token}` };
  const granted = await page.request.post('/api/upload/presigned-url', {
    headers: authorised,
    data: { fileName: 'pond.png', fileType: 'image/png' },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  const { uploadUrl } = (await granted.json()).data as { uploadUrl: string };
  expect((await page.request.put(uploadUrl, { headers: { 'Content-Type': 'image/png' }, data: image })).ok()).toBe(
    true,
  );

  // Found again by the dashboard's search, and read in the viewer.
  await page.goto('/dashboard');
  await page.getByLabel('Search memories').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`Notes on ${word}`)).toBeVisible();
  await page.goto(`/memory/${memoryId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Notes on ${word}` })).toBeVisible();
  secrets.push(...(await page.context().cookies()).filter((cookie) => cookie.httpOnly).map((cookie) => cookie.value));

  // Locked out: the reset link from the mail outbox sets a new password.
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a password reset link has been sent');
  const link = await linkFromMailOutbox(email, 'reset-password');
  const resetToken = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  expect(resetToken, 'the reset token in the fragment of the link').not.toBe('');
  secrets.push(resetToken);
  await page.goto(link);
  await page.getByLabel(/^New password/).fill(resetPassword);
  await page.getByLabel(/^Confirm new password/).fill(resetPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInWith(page, email, resetPassword);

  const log = await readFile(process.env.E2E_SERVER_LOG ?? '', 'utf8');
  // The log read is this server's, with this journey in it: the e-mail it wrote to the outbox is named there.
  expect(log).toContain(`E-mail to ${email}: Reset your Memories password`);
  expect(secrets.filter((secret) => secret.length >= 6).length).toBeGreaterThanOrEqual(9);
  expect(secrets.filter((secret) => secret.length >= 6 && log.includes(secret))).toEqual([]);
});

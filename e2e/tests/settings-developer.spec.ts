import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { authorised, signInWithCookie, signUp } from '../support/accounts';

// Settings → Developer in the browser: a personal access token shown once, copied and then working against the API,
// and a webhook whose signing secret is shown once and whose test message reaches a receiver on 127.0.0.1 (allowed by
// the suite's WEBHOOK_ALLOWED_HOSTS, as the integration suites allow theirs).

/** A webhook receiver on 127.0.0.1 that answers 204 and keeps the headers of what it got. */
async function startReceiver(): Promise<{ url: string; received: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.headers);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/memories`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('creates a token shown once that works with the API, and a webhook whose test message arrives', async ({
  browser,
  request,
}) => {
  const developer = await signUp(request, 'developer');
  // Seeded through the API: the page lists what exists before it adds anything.
  const seeded = await request.post('/api/tokens', {
    headers: authorised(developer),
    data: { name: 'Nightly backup', scope: 'read', expiresInDays: 30 },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const receiver = await startReceiver();
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  try {
    await signInWithCookie(page, developer);
    await page.goto('/settings/developer');
    const settings = page.getByTestId('remote-settings');
    await expect(settings.getByTestId('token').filter({ hasText: 'Nightly backup' })).toBeVisible();

    const newToken = settings.getByRole('form', { name: 'New token' });
    await newToken.getByLabel('Token name').fill('Voice notes');
    await newToken.getByRole('button', { name: 'Create token' }).click();
    const shown = settings.getByTestId('shown-once-secret');
    await expect(shown.getByText('Your new token “Voice notes”')).toBeVisible();
    const token = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^mem_pat_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const withToken = await request.get('/api/memories', { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status(), await withToken.text()).toBe(200);
    await expectNoSeriousAxeViolations(page, 'settings-developer (a new token shown once)');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(settings.getByTestId('token').filter({ hasText: 'Voice notes' })).toBeVisible();

    const newWebhook = settings.getByRole('form', { name: 'New webhook' });
    await newWebhook.getByLabel('Address (URL)').fill(receiver.url);
    await newWebhook.getByRole('button', { name: 'Add webhook' }).click();
    await expect(shown.getByText('The webhook’s signing secret')).toBeVisible();
    await expect(shown.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
    await expectNoSeriousAxeViolations(page, 'settings-developer (a webhook secret shown once)');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(settings.getByText(receiver.url)).toBeVisible();

    await settings.getByRole('button', { name: 'Send a test' }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]['webhook-signature']).toMatch(/^v1,/);
  } finally {
    await context.close();
    await receiver.close();
  }
});

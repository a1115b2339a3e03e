import type { ReminderPushMessage } from '@memories/contracts';
import { startPushReceiver, type PushReceiver } from '@memories/server-testing/push';
import { expect, test } from '@playwright/test';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { startOwnInstance, type OwnInstance } from '../support/own-instance';
import { openControlled } from '../support/service-worker';

// A Web Push reminder end to end: the notify service encrypts it for the device's subscription (RFC 8291) and posts
// it to the push service; here that service is a local endpoint that decrypts it with the subscription's keys, as
// the browser's push service and browser would. The decrypted message is then handed to the app's service worker as
// Chromium's push service would (DevTools' ServiceWorker.deliverPushMessage), which shows the notification. A tap on
// a notification cannot be simulated; its URL is followed instead, into the editor with the day's prompt.

let receiver: PushReceiver;
let instance: OwnInstance;

test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  // Waiting budget, not a speed check: an instance of its own (the push endpoint is on 127.0.0.1, which notify
  // refuses unless PUSH_ALLOWED_HOSTS names it).
  test.setTimeout(180_000);
  receiver = await startPushReceiver();
  instance = await startOwnInstance({ PUSH_ALLOWED_HOSTS: new URL(receiver.subscription.endpoint).host });
});

test.afterAll(async () => {
  await instance?.stop();
  await receiver?.close();
});

test('a reminder due now arrives by Web Push, decrypted, shows a notification, and its link opens the editor under the prompt', async ({
  browser,
  playwright,
}) => {
  // The reminder is due at the next whole minute the schedule can still reach: up to about 75 s of waiting.
  test.slow();
  const request = await playwright.request.newContext({ baseURL: instance.url });
  const user = await signUp(request, 'reminder-push', 'Pat Push');
  const device = await request.post('/api/settings/reminders/devices', {
    headers: authorised(user),
    data: receiver.subscription,
  });
  expect(device.ok(), await device.text()).toBe(true);
  const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  const saved = await request.put('/api/settings/reminders', {
    headers: authorised(user),
    data: {
      enabled: true,
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
      days: [1, 2, 3, 4, 5, 6, 7],
      channels: ['push'],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect((await saved.json()).data).toMatchObject({
    channelStatus: expect.arrayContaining([{ channel: 'push', ready: true, problem: null }]),
    nextReminderAt: due.toISOString(),
  });

  await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(1);
  const [push] = receiver.received;
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const message = JSON.parse(push.payload) as ReminderPushMessage;
  const today = await request.get(`/api/prompts/today?date=${message.date}`, { headers: authorised(user) });
  const prompt = ((await today.json()).data as { text: string }).text;
  expect(message).toEqual({
    type: 'reminder',
    title: 'Time to write',
    body: expect.stringContaining(prompt),
    url: `/memory/create?${new URLSearchParams({ prompt })}`,
    date: due.toISOString().slice(0, 10),
  });
  await request.dispose();

  const context = await browser.newContext({ baseURL: instance.url });
  await context.grantPermissions(['notifications'], { origin: instance.url });
  const page = await context.newPage();
  await signInWithCookie(page, user);
  await openControlled(page, '/dashboard');
  const devtools = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(({ scopeURL, isDeleted }) => scopeURL === `${instance.url}/` && !isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin: instance.url,
    registrationId: await registration,
    data: push.payload,
  });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({
        title,
        body,
        data: data as unknown,
      })),
    );
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, data: { url: message.url } }]);

  await page.goto(message.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'Content' }).getByRole('heading', { level: 2, name: prompt }),
  ).toBeVisible();
  await context.close();
});

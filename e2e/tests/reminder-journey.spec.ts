import type { ReminderPushMessage } from '@memories/contracts';
import { startPushReceiver, type PushReceiver } from '@memories/server-testing/push';
import { startSmtpReceiver, type SmtpReceiver } from '@memories/server-testing/smtp';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { startOwnInstance, type OwnInstance } from '../support/own-instance';
import { openControlled } from '../support/service-worker';

// The daily habit end to end (issue 38): a person sets a reminder in Settings → Reminders, it arrives by Web Push and
// by e-mail, its link opens the editor under the day's prompt, the memory is published with a mood, and the mood
// colours that day in the calendar. Last, the e-mail's unsubscribe link turns reminder e-mails off with no sign-in.
//
// Both channels are real. The notify service encrypts the push message for the device's subscription (RFC 8291) and
// posts it to a local endpoint that decrypts it with the subscription's keys, as the browser's push service would;
// the decrypted message is then handed to the app's service worker as Chromium's push service would (DevTools'
// ServiceWorker.deliverPushMessage), which shows the notification. The e-mail goes through a real SMTP server started
// here. A tap on a notification cannot be simulated; the e-mail's "Write now" link is followed instead, and the
// notification's URL is the same address.

let pushReceiver: PushReceiver;
let smtpReceiver: SmtpReceiver;
let instance: OwnInstance;

test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  // Waiting budget, not a speed check: an instance of its own (the push endpoint is on 127.0.0.1, which notify
  // refuses unless PUSH_ALLOWED_HOSTS names it, and only an instance started with SMTP_URL sends e-mail).
  test.setTimeout(180_000);
  pushReceiver = await startPushReceiver();
  smtpReceiver = await startSmtpReceiver();
  instance = await startOwnInstance({
    PUSH_ALLOWED_HOSTS: new URL(pushReceiver.subscription.endpoint).host,
    SMTP_URL: smtpReceiver.url,
  });
});

test.afterAll(async () => {
  await instance?.stop();
  await pushReceiver?.close();
  await smtpReceiver?.close();
});

test('a reminder set in Settings arrives by push and e-mail, opens the editor under its prompt, the memory saved with a mood colours the calendar, and the e-mail unsubscribes with no sign-in', async ({
  browser,
  playwright,
}) => {
  // The reminder is due at the next whole minute the schedule can still reach: up to about 75 s of waiting.
  test.slow();
  const request = await playwright.request.newContext({ baseURL: instance.url });
  const user = await signUp(request, 'reminder-journey', 'Pat Habit');
  // What a browser's push service gives the app when it subscribes; Chromium here reaches no real push service.
  const device = await request.post('/api/settings/reminders/devices', {
    headers: authorised(user),
    data: pushReceiver.subscription,
  });
  expect(device.ok(), await device.text()).toBe(true);

  const context = await browser.newContext({ baseURL: instance.url, timezoneId: 'UTC' });
  await context.grantPermissions(['notifications'], { origin: instance.url });
  const page = await context.newPage();
  await signInWithCookie(page, user);

  await page.goto('/settings/reminders');
  const form = page.getByTestId('remote-settings').getByRole('form', { name: 'Reminder settings' });
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await form.getByLabel('Remind me to write').check();
  await form.getByLabel(/^Time(?! zone)/).fill(due.toISOString().slice(11, 16));
  await expect(form.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('UTC');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await form.getByRole('checkbox', { name: day }).check();
  await form.getByRole('checkbox', { name: 'Notifications on my devices' }).check();
  await form.getByRole('checkbox', { name: 'E-mail' }).check();
  // Both channels can deliver on this instance: the page names no problem.
  await expect(form.getByTestId('reminder-problem-email')).toHaveCount(0);
  await expect(form.getByTestId('reminder-problem-push')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save reminders' }).click();
  await expect(form.getByText('Reminder settings saved.')).toBeVisible();
  await expect(form.getByText(/^Next reminder: /)).toBeVisible();

  await expect.poll(() => pushReceiver.received.length, { timeout: 120_000 }).toBe(1);
  // The instance's other mail (the sign-up's address confirmation) goes through the same server.
  const reminderMails = () => smtpReceiver.messages.filter(({ subject }) => subject?.startsWith('Time to write'));
  await expect.poll(() => reminderMails().length, { timeout: 30_000 }).toBe(1);

  const [push] = pushReceiver.received;
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const message = JSON.parse(push.payload) as ReminderPushMessage;
  const today = await request.get(`/api/prompts/today?date=${message.date}`, { headers: authorised(user) });
  const prompt = ((await today.json()).data as { text: string }).text;
  const writeUrl = `/memory/create?${new URLSearchParams({ prompt })}`;
  expect(message).toEqual({
    type: 'reminder',
    title: 'Time to write',
    body: expect.stringContaining(prompt),
    url: writeUrl,
    date: due.toISOString().slice(0, 10),
  });

  const [mail] = reminderMails();
  expect(mail.to && 'value' in mail.to ? mail.to.value.map(({ address }) => address) : []).toEqual([user.email]);
  expect(mail.subject).toBe(`Time to write: ${prompt}`);
  const writeNow = mail.text?.match(/^Write now: (\S+)$/m)?.[1];
  // At the instance's PUBLIC_URL (localhost), where this browser signed in as 127.0.0.1: the same server.
  const { pathname, search } = new URL(writeNow ?? '', instance.url);
  expect(`${pathname}${search}`).toBe(writeUrl);

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

  await page.goto(writeUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
  // A new memory is dated when the editor opens (the browser's zone is UTC here).
  const month = new Date().toISOString().slice(0, 7);
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(content.getByRole('heading', { level: 2, name: prompt })).toBeVisible();
  await page.getByLabel('Memory Title *').fill('Answered the reminder');
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A slow morning, and a good one.');
  await page.getByRole('radiogroup', { name: 'Mood' }).getByRole('radio', { name: 'Good' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Memory published successfully!');

  await page.goto(`/timeline?month=${month}`);
  const calendar = page.getByTestId('month-calendar');
  await calendar.getByRole('switch', { name: 'Colour by mood' }).check();
  const day = calendar.getByRole('button', { name: /: 1 memory, Mood: Good$/ });
  await expect(day).toHaveAttribute('data-mood', '4');
  await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Answered the reminder' })).toContainText(
    'Mood: Good',
  );
  await context.close();

  // The mail's unsubscribe page, opened where nobody is signed in: it asks, then turns e-mail off and keeps push.
  const unsubscribeLink = mail.text?.match(/^Stop reminder e-mails: (\S+)$/m)?.[1];
  expect(unsubscribeLink, mail.text).toContain('/reminders/unsubscribe?token=');
  const unsubscribe = new URL(unsubscribeLink ?? '', instance.url);
  const anonymous = await browser.newContext({ baseURL: instance.url });
  const unsubscribePage = await anonymous.newPage();
  await unsubscribePage.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(unsubscribePage.getByRole('heading', { level: 1, name: 'Reminder e-mails' })).toBeVisible();
  await unsubscribePage.getByRole('button', { name: 'Stop reminder e-mails' }).click();
  await expect(unsubscribePage.getByRole('status')).toHaveText(
    'You will no longer receive reminder e-mails. You can turn them on again in Settings → Reminders.',
  );
  await expectNoSeriousAxeViolations(unsubscribePage, 'reminder e-mails unsubscribed');
  await anonymous.close();
  const after = await request.get('/api/settings/reminders', { headers: authorised(user) });
  expect((await after.json()).data).toMatchObject({ enabled: true, channels: ['push'] });
  await request.dispose();
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { linkFromMailOutbox } from '../support/mail-outbox';
import { expectTheme, switchTheme, useTheme } from '../support/theme';

// Settings → Reminders as a person uses it, and the page a reminder e-mail's unsubscribe link opens. The e-mail is
// the one the product writes: `npm start` has no SMTP, so reminder e-mails land in DATA_DIR/mail-outbox.

test('a person sets the time, days, time zone and e-mail of their reminders, and finds them kept after a reload', async ({
  page,
  request,
}) => {
  const user = await signUp(request, 'reminders', 'Rita Reminder');
  await useTheme(page, 'light');
  await signInWithCookie(page, user);
  await page.goto('/settings/reminders');
  const form = page.getByTestId('remote-settings').getByRole('form', { name: 'Reminder settings' });

  await form.getByLabel('Remind me to write').check();
  await form.getByLabel(/^Time(?! zone)/).fill('07:30');
  await form.getByRole('combobox', { name: /^Time zone/ }).fill('Pacific/Auck');
  await page.getByRole('option', { name: 'Pacific/Auckland' }).click();
  await form.getByRole('checkbox', { name: 'Saturday' }).uncheck();
  await form.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await form.getByRole('checkbox', { name: 'Notifications on my devices' }).uncheck();
  await form.getByRole('checkbox', { name: 'E-mail' }).check();
  // Kept even though this server cannot send e-mail yet, and the page says what would fix it.
  await expect(form.getByTestId('reminder-problem-email')).toContainText('SMTP_URL');
  await form.getByRole('button', { name: 'Save reminders' }).click();
  await expect(form.getByText('Reminder settings saved.')).toBeVisible();
  await expect(form.getByText(/^Next reminder: /)).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Remind me to write')).toBeChecked();
  await expect(form.getByLabel(/^Time(?! zone)/)).toHaveValue('07:30');
  await expect(form.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Pacific/Auckland');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await expect(form.getByRole('checkbox', { name: day })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Notifications on my devices' })).not.toBeChecked();
  await expect(form.getByTestId('reminder-problem-email')).toBeVisible();

  // The saved state (the channel's warning, the next reminder) is one screens.spec.ts does not reach.
  await expectNoSeriousAxeViolations(page, 'reminders, saved (light)');
  await switchTheme(page, 'dark');
  await expectTheme(page, 'dark');
  await expectNoSeriousAxeViolations(page, 'reminders, saved (dark)');
});

test("a reminder e-mail's unsubscribe link turns reminder e-mails off with no sign-in, and the page says so", async ({
  page,
  request,
}) => {
  // The reminder is due at the next whole minute the schedule can still reach: up to about 75 s of waiting.
  test.slow();
  const user = await signUp(request, 'reminders-mail', 'Una Unsubscribe');
  const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  const saved = await request.put('/api/settings/reminders', {
    headers: authorised(user),
    data: {
      enabled: true,
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
      days: [1, 2, 3, 4, 5, 6, 7],
      channels: ['email'],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect((await saved.json()).data.nextReminderAt).toBe(due.toISOString());

  const link = await linkFromMailOutbox(user.email, 'reminders/unsubscribe');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reminder e-mails' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop reminder e-mails' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'You will no longer receive reminder e-mails. You can turn them on again in Settings → Reminders.',
  );
  await expectNoSeriousAxeViolations(page, 'reminder e-mails unsubscribed');

  const after = await request.get('/api/settings/reminders', { headers: authorised(user) });
  expect((await after.json()).data).toMatchObject({ enabled: true, channels: [] });
});

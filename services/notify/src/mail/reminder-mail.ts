import type { ComposedReminder } from '../reminders/reminder-composer';

/** A reminder e-mail: plain text and the same in simple HTML, with its unsubscribe links. */
export interface ReminderMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The reminder as an e-mail. `unsubscribePage` is the page a person opens from the mail (it asks before turning
 * e-mails off, so a link checker that opens every link turns nothing off); mail clients use the one-click header.
 */
export function reminderMail(reminder: ComposedReminder, unsubscribePage: string): ReminderMail {
  const lines = [reminder.prompt, ...(reminder.onThisDay ? [`You have ${reminder.onThisDay}.`] : [])];
  const subject = `${reminder.title}: ${reminder.prompt}`;
  const footer = 'You receive this because reminders are on in Memories.';
  return {
    subject: subject.length > 150 ? `${subject.slice(0, 149)}…` : subject,
    text: [
      ...lines,
      '',
      `Write now: ${reminder.writeUrl}`,
      '',
      '--',
      footer,
      `Stop reminder e-mails: ${unsubscribePage}`,
    ].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(reminder.writeUrl)}">Write now</a></p>`,
      `<hr><p style="color:#64748b;font-size:12px">${escapeHtml(footer)} ` +
        `<a href="${escapeHtml(unsubscribePage)}">Stop reminder e-mails</a></p>`,
    ].join('\n'),
  };
}

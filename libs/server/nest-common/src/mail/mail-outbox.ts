import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Further header lines, shown after the subject (a reminder's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/**
 * Without SMTP (`npm start`, `npm run dev`), every service's e-mail is written as a text file into the one mail
 * outbox folder (MAIL_OUTBOX_DIR), so whoever runs the server can still follow its links. Not into the log: a link
 * may be a credential, and logs are collected, shipped and kept where credentials must not be. The folder and its
 * files are readable by the server's user only. Returns the file written.
 */
export async function writeToMailOutbox(folder: string, mail: OutboxMail, sentAt: Date): Promise<string> {
  // Sortable by time, and never the same name twice.
  const file = path.join(folder, `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const text = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Date: ${sentAt.toUTCString()}`,
    `Subject: ${mail.subject}`,
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    mail.text,
    '',
  ].join('\n');
  await writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { type MailMessage, MailPort } from './mail.port';

/**
 * Without SMTP (`npm start`, `npm run dev`), each e-mail is written as a text file into the mail outbox folder, so
 * whoever runs the server can still follow a reset or verification link. Not into the log: a link is a credential, and
 * logs are collected, shipped and kept where credentials must not be. The log says that a message was written, and
 * where. The folder and its files are readable by the server's user only.
 */
export class MailOutboxSender extends MailPort {
  private readonly logger = new Logger('mail');

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const sentAt = this.now();
    // Sortable by time, and never the same name twice.
    const file = path.join(
      this.folder,
      `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`,
    );
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const text = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      `Date: ${sentAt.toUTCString()}`,
      `Subject: ${message.subject}`,
      '',
      message.text,
      '',
    ].join('\n');
    await writeFile(file, text, { mode: 0o600, flag: 'wx' });
    this.logger.log(`E-mail to ${message.to}: ${message.subject} (no SMTP_URL: written to ${file})`);
  }
}

import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { MailOutboxSender } from './mail-outbox.sender';

describe('MailOutboxSender', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mail-outbox-spec-'));
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  it('writes each e-mail as a file only its owner may read, and logs where without the link', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const folder = path.join(root, 'mail-outbox');
    const sender = new MailOutboxSender(
      folder,
      'Memories <no-reply@memories.local>',
      () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    );
    const link = 'http://localhost:3000/reset-password?token=secret-token-123';

    await sender.send({ to: 'ada@example.com', subject: 'Reset your Memories password', text: `Open:\n${link}` });
    await sender.send({ to: 'ada@example.com', subject: 'Confirm your e-mail address', text: 'Second' });

    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2026-01-02T03-04-05-000Z-[0-9a-f]{8}\.txt$/);
    const first = await readFile(path.join(folder, files[0]), 'utf8');
    const second = await readFile(path.join(folder, files[1]), 'utf8');
    const [reset] = [first, second].filter((text) => text.includes('Subject: Reset your Memories password'));
    expect(reset).toContain('To: ada@example.com\n');
    expect(reset).toContain(`\n${link}\n`);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, files[0]))).mode & 0o777).toBe(0o600);

    const lines = logged.mock.calls.map(([message]) => String(message));
    expect(lines[0]).toMatch(
      /^E-mail to ada@example\.com: Reset your Memories password \(no SMTP_URL: written to .+\.txt\)$/,
    );
    expect(lines.join('\n')).not.toContain('secret-token-123');
  });

  it('names the recipient and keeps the one-click unsubscribe headers of a reminder', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const folder = path.join(root, 'mail-outbox');
    const sender = new MailOutboxSender(folder, 'Memories <reminders@journal.example.com>');
    const url = 'http://localhost:3000/api/reminders/unsubscribe?token=t1';

    await sender.send({
      to: { name: 'Ada Lovelace', address: 'ada@example.com' },
      subject: 'Time to write',
      text: 'Write a few lines.',
      html: '<p>Write a few lines.</p>',
      unsubscribe: { url, comment: 'Stop reminder e-mails' },
    });

    const [file] = await readdir(folder);
    const text = await readFile(path.join(folder, file), 'utf8');
    expect(text).toContain('From: Memories <reminders@journal.example.com>\nTo: Ada Lovelace <ada@example.com>\n');
    expect(text).toContain(
      `Subject: Time to write\nList-Unsubscribe: <${url}>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n`,
    );
    expect(text).toContain('\nWrite a few lines.\n');
    expect(String(logged.mock.calls[0][0])).toMatch(/^E-mail to ada@example\.com: Time to write \(no SMTP_URL/);
  });
});

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
});

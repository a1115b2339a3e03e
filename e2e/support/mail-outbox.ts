import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The pages an e-mail of auth links to with a token, in the fragment. */
const TOKEN_LINKS = {
  'reset-password': 'reset-password#token=',
  'verify-email': 'verify-email#token=',
} as const;

/**
 * The last link of this kind the server "sent" to this address: with no SMTP configured (as in `npm start`), each
 * e-mail is a file in DATA_DIR/mail-outbox, which is how the instance owner finds them too. Auth addresses its
 * e-mails to the bare address, notify to `Name <address>`.
 */
export async function linkFromMailOutbox(email: string, page: keyof typeof TOKEN_LINKS): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail-outbox');
  const link = new RegExp(`(https?://\\S+/${TOKEN_LINKS[page]}[\\w%-]+)$`, 'm');
  let found = '';
  await expect(async () => {
    // File names start with the time they were written: the last one sent is the last one here.
    const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.txt')).sort();
    found = '';
    for (const file of files) {
      const message = await readFile(path.join(folder, file), 'utf8');
      const to = message.split('\n').find((line) => line.startsWith('To: '));
      const match = to === `To: ${email}` || to?.endsWith(` <${email}>`) ? link.exec(message) : null;
      if (match) found = match[1];
    }
    expect(found, `no ${page} link for ${email} in ${folder}`).not.toBe('');
  }).toPass();
  return found;
}
